import { data, Form, href, Link, redirect } from "react-router";
import { inputClass } from "~/components/ui/field";
import { appContext } from "~/context";
import { negotiateLocale } from "~/lib/i18n/locales";
import { type Translate, translator, withCatalog } from "~/lib/i18n/translate";
import { localFieldMessages } from "~/lib/organiser-events/event-words";
import {
  checkRegistration,
  type RegQuestion,
  regChoices,
  regField,
} from "~/lib/organiser-events/registration-questions";
import { VISIBILITY } from "~/lib/organiser-events/rules";
import type { PageHandle } from "~/lib/platform/page-handle";
import { pageMeta } from "~/lib/site";
import { confirmFirst } from "~/server/account/confirm-first.server";
import { provedMailbox } from "~/server/account/proved-mailbox.server";
import { getUser } from "~/server/account/user.server";
import { getOwnedCard, listCards, presentsAs } from "~/server/cards/cards.server";
import { mailPlace, sendPass } from "~/server/organiser-events/admission.server";
import { joinEvent, myAttendee } from "~/server/organiser-events/attendees.server";
import { publicOrgEvent } from "~/server/organiser-events/events.server";
import { joinRefusal } from "~/server/organiser-events/pages.server";
import { registrationQuestions } from "~/server/organiser-events/registration.server";
import { notFound } from "~/server/platform/http.server";
import { allow, clientKey } from "~/server/platform/rate-limit.server";
import { redirectWithToast } from "~/server/platform/toast.server";
import type { Route } from "./+types/join";

export const meta: Route.MetaFunction = ({ loaderData }) => [
  ...pageMeta(loaderData ? translator(loaderData.locale)("att.join.title", { title: loaderData.event.title }) : "Join"),
  { name: "robots", content: "noindex" },
];

/** In the visitor's language, chosen as the public event page chooses it (decision 0258). */
export const handle = { localized: true } satisfies PageHandle;

const JOIN_ERROR = { closed: "event.error.closed", past: "event.error.past", full: "event.error.full" } as const;

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const app = context.get(appContext);
  const user = getUser(context);
  const event = await publicOrgEvent(app.db, params.slug);
  if (!event) notFound();
  const mine = await myAttendee(app.db, user.id, event.id);
  if (mine) throw redirect(href("/e/:slug/directory", { slug: event.slug }));
  // In a team, the cards a member may present as themselves: theirs and the team's own, never a colleague's.
  const cards = (await listCards(app.db, user.workspace.id)).filter((c) => presentsAs(user.id, c));
  const { locale } = negotiateLocale(request);
  return {
    locale,
    event: { slug: event.slug, title: event.title, status: event.status, organiserName: event.organiserName },
    refusal: joinRefusal(event, translator(locale)),
    confirmed: provedMailbox(user),
    email: user.email,
    cards: cards.map((c) => ({ id: c.id, label: c.label, name: c.name })),
    questions: await registrationQuestions(app.db, event.id),
  };
}

/** A client navigation here renders in the page's language: its catalog is loaded first (decision 0270). */
export const clientLoader = (args: Route.ClientLoaderArgs) => withCatalog(args);

/** A refused join: the message, each answer's own, and what was sent. */
type Refused = { error?: string; errors?: Record<string, string>; values?: Record<string, string> };

/** One tap: the chosen card is what the other attendees see. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const app = context.get(appContext);
  const user = getUser(context);
  const event = await publicOrgEvent(app.db, params.slug);
  if (!event) notFound();
  const form = await request.formData().catch(() => null);
  const { locale } = negotiateLocale(request);
  const t = translator(locale);
  const values = Object.fromEntries(
    [...(form?.entries() ?? [])].filter((e): e is [string, string] => typeof e[1] === "string"),
  );
  const registration = checkRegistration(await registrationQuestions(app.db, event.id), values);
  // Every answer's message at once, beside its question, with what was typed kept.
  if (Object.keys(registration.errors).length)
    return data(
      { error: "Please check the answers below", errors: localFieldMessages(t, registration.errors), values },
      { status: 400 },
    );
  const cardId = Number(form?.get("card"));
  const card = Number.isSafeInteger(cardId) ? await getOwnedCard(app.db, user.workspace.id, cardId) : undefined;
  if (!card || !presentsAs(user.id, card)) return data({ error: t("att.join.chooseCard"), values }, { status: 400 });
  if (!(await allow(app.env, "card", `join-ip:${clientKey(request)}:${event.id}`)))
    return data({ error: t("event.error.tooMany") }, { status: 429 });
  // The pass is found by the account's address: joining as an address nobody proved would take a visitor's.
  const refusal = await confirmFirst(app, request, user, "attendeeJoin");
  if (refusal) return data({ error: refusal }, { status: 403 });
  const visibility = VISIBILITY.find((v) => v === form?.get("visibility")) ?? "everyone";
  const joined = await joinEvent(app.db, event, {
    name: card.name,
    email: user.email,
    company: card.company,
    title: card.title,
    phone: card.phone,
    interests: "",
    listed: form?.get("listed") === "on",
    visibility,
    updates: form?.get("updates") === "on",
    userId: user.id,
    cardId: card.id,
    // The attendee keeps the language they joined in: their pass and event mail come in it.
    locale,
    answers: registration.answers,
  });
  if (!joined.ok) return data({ error: t(JOIN_ERROR[joined.reason]) }, { status: 409 });
  const place = joined.attendee.state;
  if (place === "pending" || place === "waitlist") {
    if (joined.created) await mailPlace(app.db, new URL(request.url).origin, event.title, joined.attendee, place);
    // The app's own page that says their place: the public confirmation is outside the app, so its script showed a 404.
    return redirect(href("/e/:slug/directory", { slug: event.slug }));
  }
  if (joined.created) await sendPass(app, request, event.title, joined.attendee);
  return redirectWithToast(href("/e/:slug/directory", { slug: event.slug }), {
    type: "success",
    title: t("event.joined.heading", { title: event.title }),
  });
}

export default function JoinPage({ loaderData, actionData }: Route.ComponentProps) {
  const { event, cards, refusal, confirmed, email, locale, questions } = loaderData;
  const refused: Refused | undefined = actionData;
  const values = refused?.values ?? {};
  const errors = refused?.errors ?? {};
  // A refused form comes back as it was sent (an unticked box is absent from it).
  const typed = Object.keys(values).length > 0;
  const t = translator(locale);
  return (
    <section className="mx-auto max-w-2xl px-4 py-10 sm:px-6">
      {/* The public event page is the Worker's own, not a page of the app: a document load, not a client navigation. */}
      <a href={`/e/${event.slug}`} className="text-sm underline">
        ← {event.title}
      </a>
      <h1 className="mt-3 font-bold text-3xl tracking-tight">{t("att.join.title", { title: event.title })}</h1>
      {refusal ? (
        <p className="mt-4 rounded-lg bg-amber-100 p-4 text-amber-900" role="status">
          {refusal}
        </p>
      ) : cards.length === 0 ? (
        <p className="mt-4">
          {/* The link's place in the sentence is each language's own. */}
          {t("att.join.needCard", { link: "\u0000" })
            .split("\u0000")
            .map((part, i) =>
              i === 0 ? (
                part
              ) : (
                <span key={part}>
                  <Link to={href("/card")} className="underline">
                    {t("att.join.cards")}
                  </Link>
                  {part}
                </span>
              ),
            )}
        </p>
      ) : (
        <Form method="post" className="mt-6 grid gap-4">
          {confirmed || actionData?.error ? null : (
            <p className="rounded-lg bg-amber-100 p-3 text-amber-900 [overflow-wrap:anywhere]" role="status">
              {t("att.join.unconfirmed", { email })}
            </p>
          )}
          {actionData?.error ? (
            <p className="rounded-lg bg-red-100 p-3 text-red-900" role="alert">
              {actionData.error}
            </p>
          ) : null}
          <label className="flex items-start gap-3">
            <input
              type="checkbox"
              name="listed"
              defaultChecked={typed ? values.listed === "on" : true}
              className="mt-1 size-4"
            />
            <span>{t("event.join.directoryConsent")}</span>
          </label>
          <label className="flex items-start gap-3">
            <input type="checkbox" name="updates" defaultChecked={values.updates === "on"} className="mt-1 size-4" />
            <span>{t("event.join.mailConsent", { organiser: event.organiserName })}</span>
          </label>
          {/* Radios, not a select: each choice's words wrap on a phone instead of being cut off. */}
          <fieldset className="grid gap-2">
            <legend className="mb-1 font-medium text-sm">{t("event.join.visibility")}</legend>
            {VISIBILITY.map((v) => (
              <label key={v} className="flex items-start gap-3">
                <input
                  type="radio"
                  name="visibility"
                  value={v}
                  defaultChecked={v === (values.visibility ?? "everyone")}
                  className="mt-1 size-4"
                />
                <span>{t(`event.visibility.${v}`)}</span>
              </label>
            ))}
          </fieldset>
          {questions.map((q) => (
            <Question key={q.id} q={q} value={values[regField(q.id)]} error={errors[regField(q.id)]} t={t} />
          ))}
          <p className="font-medium">{t("att.join.whichCard")}</p>
          <div className="flex flex-wrap gap-3">
            {cards.map((c) => (
              <button
                key={c.id}
                type="submit"
                name="card"
                value={c.id}
                className="rounded-md bg-brand-600 px-4 py-2.5 font-semibold text-white hover:bg-brand-700"
              >
                {t("att.join.as", { name: c.name, label: c.label })}
              </button>
            ))}
          </div>
        </Form>
      )}
    </section>
  );
}

/** One of the organiser's registration questions, its message beside it and the typed answer kept. */
function Question({ q, value, error, t }: { q: RegQuestion; value?: string; error?: string; t: Translate }) {
  const name = regField(q.id);
  const id = `join-${name}`;
  const label = q.required ? q.label : `${q.label} ${t("event.join.optional")}`;
  const message = error ? (
    <span id={`${id}-err`} className="text-red-700 text-sm dark:text-red-400">
      {error}
    </span>
  ) : null;
  const invalid = error ? { "aria-invalid": true, "aria-describedby": `${id}-err` } : {};
  if (q.kind === "text")
    return (
      <label className="grid gap-1 text-sm" htmlFor={id}>
        <span className="font-medium">{label}</span>
        <input
          id={id}
          name={name}
          defaultValue={value ?? ""}
          required={q.required}
          className={inputClass}
          {...invalid}
        />
        {message}
      </label>
    );
  const choices = regChoices(q, { yes: t("event.join.yes"), no: t("event.join.no") });
  return (
    <fieldset className="grid gap-1 text-sm" {...invalid}>
      <legend className="mb-1 font-medium">{label}</legend>
      {choices.map(([v, words]) => (
        <label key={v} className="flex items-center gap-2">
          <input type="radio" name={name} value={v} defaultChecked={value === v} required={q.required} />
          {words}
        </label>
      ))}
      {message}
    </fieldset>
  );
}
