import { data, Form, href, Link, redirect } from "react-router";
import { appContext } from "~/context";
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
import { joinEvent, myAttendee } from "~/server/organiser-events/attendees.server";
import { publicOrgEvent } from "~/server/organiser-events/events.server";
import { joinRefusal } from "~/server/organiser-events/pages.server";
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
  };
}

/** One tap: the chosen card is what the other attendees see. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const app = context.get(appContext);
  const user = getUser(context);
  const event = await publicOrgEvent(app.db, params.slug);
  if (!event) notFound();
  const form = await request.formData().catch(() => null);
  const cardId = Number(form?.get("card"));
  const card = Number.isSafeInteger(cardId) ? await getOwnedCard(app.db, user.workspace.id, cardId) : undefined;
  if (!card) return data({ error: "Choose one of your cards" }, { status: 400 });
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
  });
  if (!joined.ok) return data({ error: JOIN_MESSAGES[joined.reason] }, { status: 409 });
  if (joined.created) await sendPass(app, request, event.title, joined.attendee);
  return redirectWithToast(href("/e/:slug/directory", { slug: event.slug }), {
    type: "success",
    title: `You joined ${event.title}`,
  });
}

export default function JoinPage({ loaderData, actionData }: Route.ComponentProps) {
  const { event, cards, refusal, confirmed, email } = loaderData;
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
            <input type="checkbox" name="listed" defaultChecked className="mt-1 size-4" />
            <span>{DIRECTORY_CONSENT_TEXT}</span>
          </label>
          <label className="flex items-start gap-3">
            <input type="checkbox" name="updates" className="mt-1 size-4" />
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
                  defaultChecked={v === "everyone"}
                  className="mt-1 size-4"
                />
                <span>{VISIBILITY_LABEL[v]}</span>
              </label>
            ))}
          </fieldset>
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
