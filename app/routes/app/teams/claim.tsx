import { data, Form, href, Link } from "react-router";
import { appContext } from "~/context";
import { pageMeta } from "~/lib/site";
import { sessionToken } from "~/server/account/auth.server";
import { getUser } from "~/server/account/user.server";
import { type ClaimRefusal, cardIssueByToken, claimCard, claimRefusal } from "~/server/cards/templates.server";
import { purgeCards } from "~/server/platform/edge-cache.server";
import { unknownIntent } from "~/server/platform/http.server";
import { redirectWithToast } from "~/server/platform/toast.server";
import { switchWorkspace } from "~/server/teams/teams.server";
import type { Route } from "./+types/claim";

export const meta = () => [...pageMeta("Take your team card"), { name: "robots", content: "noindex" }];

/** Each refusal's status and words: the link's owner learns what to do; nobody learns more than the link says. */
const REFUSALS: Record<ClaimRefusal, [number, string]> = {
  "not-found": [404, "This card link is not valid or was already used. Ask your team's admin to send a new one."],
  expired: [410, "This card link has expired. Ask your team's admin to send a new one."],
  "other-address": [403, "This card was issued to another email address than the one you are signed in with."],
  unconfirmed: [403, "Confirm your email address first, then open this link again."],
  "not-member": [403, "You are no longer in the team that issued this card."],
};

const tokenOf = (request: Request) => new URL(request.url).searchParams.get("token") ?? "";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { db } = context.get(appContext);
  const user = getUser(context);
  const found = await cardIssueByToken(db, tokenOf(request));
  const refusal = claimRefusal(found, user, new Date());
  // Only its own address sees which team issued it.
  const issued = found && refusal === null ? { team: found.team ?? "", label: found.label } : null;
  return data(
    { refusal, message: refusal ? REFUSALS[refusal][1] : null, issued, email: user.email },
    { status: refusal ? REFUSALS[refusal][0] : 200 },
  );
}

export async function action({ request, context }: Route.ActionArgs) {
  const app = context.get(appContext);
  const user = getUser(context);
  const formData = await request.formData();
  if (formData.get("intent") !== "claim") unknownIntent();
  const claimed = await claimCard(app.db, user, tokenOf(request), new Date());
  if (!claimed.ok) {
    const [status, message] = REFUSALS[claimed.reason];
    return data({ error: message }, { status });
  }
  // A paused card runs again under its new holder: its page must not keep saying otherwise.
  await purgeCards(app.env, [claimed.slug]);
  const session = await sessionToken(app, request);
  if (session) await switchWorkspace(app.db, user.id, session, claimed.workspaceId);
  return redirectWithToast(href("/card/:id", { id: String(claimed.cardId) }), {
    type: "success",
    title: "The card is yours",
    description: "Fields your team's template locks are shown but cannot be changed.",
  });
}

export default function Claim({ loaderData, actionData }: Route.ComponentProps) {
  const { message, issued, email, refusal } = loaderData;
  const error = actionData?.error ?? message;
  return (
    <section className="mx-auto max-w-xl px-4 py-10 sm:px-6">
      <h1 className="font-bold text-3xl tracking-tight [overflow-wrap:anywhere]">
        {issued ? `Your ${issued.team} card` : "Take your team card"}
      </h1>
      {issued ? (
        <p className="mt-2 text-slate-700 dark:text-slate-300">
          {issued.team} made the card “{issued.label}” for you. Take it to edit and share it; the team's admins see it
          too, and it stops when you leave the team.
        </p>
      ) : null}
      {error ? (
        <p
          role="alert"
          className="mt-4 rounded-md bg-amber-50 p-3 text-amber-900 text-sm dark:bg-amber-950 dark:text-amber-100"
        >
          {error}
          {refusal === "other-address" ? (
            <>
              {" "}
              You are signed in as <strong className="[overflow-wrap:anywhere]">{email}</strong>.
            </>
          ) : null}
        </p>
      ) : null}
      {refusal === null ? (
        <Form method="post" className="mt-6">
          <button
            type="submit"
            name="intent"
            value="claim"
            className="rounded-md bg-brand-600 px-4 py-2.5 font-semibold text-white hover:bg-brand-700"
          >
            Take the card
          </button>
        </Form>
      ) : (
        <p className="mt-6">
          <Link to={href("/dashboard")} className="underline">
            Back to your dashboard
          </Link>
        </p>
      )}
    </section>
  );
}
