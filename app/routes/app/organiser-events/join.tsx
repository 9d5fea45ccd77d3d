import { data, Form, href, Link, redirect } from "react-router";
import { inputClass } from "~/components/ui/field";
import { appContext } from "~/context";
import { checkRegistration, type RegQuestion, regField } from "~/lib/organiser-events/registration-questions";
import {
  DIRECTORY_CONSENT_TEXT,
  JOIN_MESSAGES,
  organiserMailConsentText,
  VISIBILITY,
  VISIBILITY_LABEL,
} from "~/lib/organiser-events/rules";
import { pageMeta } from "~/lib/site";
import { confirmFirst } from "~/server/account/confirm-first.server";
import { provedMailbox } from "~/server/account/proved-mailbox.server";
import { getUser } from "~/server/account/user.server";
import { getOwnedCard, listCards } from "~/server/cards/cards.server";
import { mailPlace } from "~/server/organiser-events/admission.server";
import { joinEvent, myAttendee } from "~/server/organiser-events/attendees.server";
import { publicOrgEvent } from "~/server/organiser-events/events.server";
import { joinRefusal } from "~/server/organiser-events/pages.server";
import { registrationQuestions } from "~/server/organiser-events/registration.server";
import { sendPass } from "~/server/organiser-events/routes.server";
import { notFound } from "~/server/platform/http.server";
import { allow, clientKey } from "~/server/platform/rate-limit.server";
import { redirectWithToast } from "~/server/platform/toast.server";
import type { Route } from "./+types/join";

export const meta: Route.MetaFunction = ({ loaderData }) => [
  ...pageMeta(loaderData ? `Join ${loaderData.event.title}` : "Join"),
  { name: "robots", content: "noindex" },
];

export async function loader({ params, context }: Route.LoaderArgs) {
  const app = context.get(appContext);
  const user = getUser(context);
  const event = await publicOrgEvent(app.db, params.slug);
  if (!event) notFound();
  const mine = await myAttendee(app.db, user.id, event.id);
  if (mine) throw redirect(href("/e/:slug/directory", { slug: event.slug }));
  const cards = await listCards(app.db, user.workspace.id);
  return {
    event: { slug: event.slug, title: event.title, status: event.status, organiserName: event.organiserName },
    refusal: joinRefusal(event),
    confirmed: provedMailbox(user),
    email: user.email,
    cards: cards.map((c) => ({ id: c.id, label: c.label, name: c.name })),
    questions: await registrationQuestions(app.db, event.id),
  };
}

/** A refused join: the message, each answer's own, and what was sent. */
type Refused = { error?: string; errors?: Record<string, string>; values?: Record<string, string> };

/** One tap: the chosen card is what the other attendees see. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const app = context.get(appContext);
  const user = getUser(context);
  const event = await publicOrgEvent(app.db, params.slug);
  if (!event) notFound();
  const form = await request.formData().catch(() => null);
  const values = Object.fromEntries(
    [...(form?.entries() ?? [])].filter((e): e is [string, string] => typeof e[1] === "string"),
  );
  const registration = checkRegistration(await registrationQuestions(app.db, event.id), values);
  // Every answer's message at once, beside its question, with what was typed kept.
  if (Object.keys(registration.errors).length)
    return data({ error: "Please check the answers below", errors: registration.errors, values }, { status: 400 });
  const cardId = Number(form?.get("card"));
  const card = Number.isSafeInteger(cardId) ? await getOwnedCard(app.db, user.workspace.id, cardId) : undefined;
  if (!card) return data({ error: "Choose one of your cards", values }, { status: 400 });
  if (!(await allow(app.env, "card", `join-ip:${clientKey(request)}:${event.id}`)))
    return data({ error: JOIN_MESSAGES.tooMany }, { status: 429 });
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
    answers: registration.answers,
  });
  if (!joined.ok) return data({ error: JOIN_MESSAGES[joined.reason] }, { status: 409 });
  const place = joined.attendee.state;
  if (place === "pending" || place === "waitlist") {
    if (joined.created) await mailPlace(app.db, new URL(request.url).origin, event.title, joined.attendee, place);
    return redirect(`/e/${event.slug}/joined?place=${place}`);
  }
  if (joined.created) await sendPass(app, request, event.title, joined.attendee);
  return redirectWithToast(href("/e/:slug/directory", { slug: event.slug }), {
    type: "success",
    title: `You joined ${event.title}`,
  });
}

export default function JoinPage({ loaderData, actionData }: Route.ComponentProps) {
  const { event, cards, refusal, confirmed, email, questions } = loaderData;
  const refused: Refused | undefined = actionData;
  const values = refused?.values ?? {};
  const errors = refused?.errors ?? {};
  // A refused form comes back as it was sent (an unticked box is absent from it).
  const typed = Object.keys(values).length > 0;
  return (
    <section className="mx-auto max-w-2xl px-4 py-10 sm:px-6">
      {/* The public event page is the Worker's own, not a page of the app: a document load, not a client navigation. */}
      <a href={`/e/${event.slug}`} className="text-sm underline">
        ← {event.title}
      </a>
      <h1 className="mt-3 font-bold text-3xl tracking-tight">Join {event.title}</h1>
      {refusal ? (
        <p className="mt-4 rounded-lg bg-amber-100 p-4 text-amber-900" role="status">
          {refusal}
        </p>
      ) : cards.length === 0 ? (
        <p className="mt-4">
          Make a card first:{" "}
          <Link to={href("/card")} className="underline">
            your cards
          </Link>
          .
        </p>
      ) : (
        <Form method="post" className="mt-6 grid gap-4">
          {confirmed || actionData?.error ? null : (
            <p className="rounded-lg bg-amber-100 p-3 text-amber-900" role="status">
              Your pass is kept under <strong className="[overflow-wrap:anywhere]">{email}</strong>, which is not
              confirmed yet. Joining sends you a link to confirm it first.
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
            <span>{DIRECTORY_CONSENT_TEXT}</span>
          </label>
          <label className="flex items-start gap-3">
            <input type="checkbox" name="updates" defaultChecked={values.updates === "on"} className="mt-1 size-4" />
            <span>{organiserMailConsentText(event.organiserName)}</span>
          </label>
          {/* Radios, not a select: each choice's words wrap on a phone instead of being cut off. */}
          <fieldset className="grid gap-2">
            <legend className="mb-1 font-medium text-sm">Who can see me in the directory</legend>
            {VISIBILITY.map((v) => (
              <label key={v} className="flex items-start gap-3">
                <input
                  type="radio"
                  name="visibility"
                  value={v}
                  defaultChecked={v === (values.visibility ?? "everyone")}
                  className="mt-1 size-4"
                />
                <span>{VISIBILITY_LABEL[v]}</span>
              </label>
            ))}
          </fieldset>
          {questions.map((q) => (
            <Question key={q.id} q={q} value={values[regField(q.id)]} error={errors[regField(q.id)]} />
          ))}
          <p className="font-medium">Present which card?</p>
          <div className="flex flex-wrap gap-3">
            {cards.map((c) => (
              <button
                key={c.id}
                type="submit"
                name="card"
                value={c.id}
                className="rounded-md bg-brand-600 px-4 py-2.5 font-semibold text-white hover:bg-brand-700"
              >
                Join as {c.name} ({c.label})
              </button>
            ))}
          </div>
        </Form>
      )}
    </section>
  );
}

/** One of the organiser's registration questions, its message beside it and the typed answer kept. */
function Question({ q, value, error }: { q: RegQuestion; value?: string; error?: string }) {
  const name = regField(q.id);
  const id = `join-${name}`;
  const label = q.required ? q.label : `${q.label} (optional)`;
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
  const choices: [string, string][] =
    q.kind === "yesno"
      ? [
          ["yes", "Yes"],
          ["no", "No"],
        ]
      : q.options.map((o) => [o, o]);
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
