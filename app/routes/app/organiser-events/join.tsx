import { data, Form, href, Link, redirect } from "react-router";
import { appContext } from "~/context";
import { negotiateLocale } from "~/lib/i18n/locales";
import { translator } from "~/lib/i18n/translate";
import { VISIBILITY } from "~/lib/organiser-events/rules";
import type { PageHandle } from "~/lib/platform/page-handle";
import { pageMeta } from "~/lib/site";
import { confirmFirst } from "~/server/account/confirm-first.server";
import { provedMailbox } from "~/server/account/proved-mailbox.server";
import { getUser } from "~/server/account/user.server";
import { getOwnedCard, listCards } from "~/server/cards/cards.server";
import { joinEvent, myAttendee } from "~/server/organiser-events/attendees.server";
import { publicOrgEvent } from "~/server/organiser-events/events.server";
import { joinRefusal } from "~/server/organiser-events/pages.server";
import { sendPass } from "~/server/organiser-events/routes.server";
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
  const cards = await listCards(app.db, user.workspace.id);
  const { locale } = negotiateLocale(request);
  return {
    locale,
    event: { slug: event.slug, title: event.title, status: event.status, organiserName: event.organiserName },
    refusal: joinRefusal(event, translator(locale)),
    confirmed: provedMailbox(user),
    email: user.email,
    cards: cards.map((c) => ({ id: c.id, label: c.label, name: c.name })),
  };
}

/** One tap: the chosen card is what the other attendees see. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const app = context.get(appContext);
  const user = getUser(context);
  const event = await publicOrgEvent(app.db, params.slug);
  if (!event) notFound();
  const form = await request.formData().catch(() => null);
  const { locale } = negotiateLocale(request);
  const t = translator(locale);
  const cardId = Number(form?.get("card"));
  const card = Number.isSafeInteger(cardId) ? await getOwnedCard(app.db, user.workspace.id, cardId) : undefined;
  if (!card) return data({ error: t("att.join.chooseCard") }, { status: 400 });
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
  });
  if (!joined.ok) return data({ error: t(JOIN_ERROR[joined.reason]) }, { status: 409 });
  if (joined.created) await sendPass(app, request, event.title, joined.attendee);
  return redirectWithToast(href("/e/:slug/directory", { slug: event.slug }), {
    type: "success",
    title: t("event.joined.heading", { title: event.title }),
  });
}

export default function JoinPage({ loaderData, actionData }: Route.ComponentProps) {
  const { event, cards, refusal, confirmed, email, locale } = loaderData;
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
            <input type="checkbox" name="listed" defaultChecked className="mt-1 size-4" />
            <span>{t("event.join.directoryConsent")}</span>
          </label>
          <label className="flex items-start gap-3">
            <input type="checkbox" name="updates" className="mt-1 size-4" />
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
                  defaultChecked={v === "everyone"}
                  className="mt-1 size-4"
                />
                <span>{t(`event.visibility.${v}`)}</span>
              </label>
            ))}
          </fieldset>
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
