import { data, Form, href, Link } from "react-router";
import { SentNote } from "~/components/ui/field";
import { appContext } from "~/context";
import { pageMeta } from "~/lib/site";
import { ROLE_NAMES } from "~/lib/teams/rules";
import { createAuth, sessionToken } from "~/server/account/auth.server";
import { getUser } from "~/server/account/user.server";
import { syncSeatsAfter } from "~/server/billing/seats.server";
import { unknownIntent } from "~/server/platform/http.server";
import { allow } from "~/server/platform/rate-limit.server";
import { redirectWithToast } from "~/server/platform/toast.server";
import { type AcceptResult, acceptInvitation, invitationByToken, switchWorkspace } from "~/server/teams/teams.server";
import type { Route } from "./+types/join";

export const meta = () => [...pageMeta("Join a team"), { name: "robots", content: "noindex" }];

type Refusal = Exclude<AcceptResult, { ok: true }>["reason"];

/** Each refusal's status and words: the link's owner learns what to do; nobody learns more than the link says. */
const REFUSALS: Record<Refusal, [number, string]> = {
  "not-found": [404, "This invitation link is not valid. Ask the team's admin to send a new one."],
  used: [410, "This invitation was already used. Ask the team's admin for a new one if you still need to join."],
  expired: [410, "This invitation has expired. Ask the team's admin to send a new one."],
  "other-address": [403, "This invitation was sent to another email address than the one you are signed in with."],
  unconfirmed: [
    403,
    "Confirm your email address first: open the confirmation link we emailed you (it comes back here), or have a new one sent. This invitation waits for you.",
  ],
};

const tokenOf = (request: Request) => new URL(request.url).searchParams.get("token") ?? "";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { db } = context.get(appContext);
  const user = getUser(context);
  const found = await invitationByToken(db, tokenOf(request));
  const now = Date.now();
  const refusal: Refusal | null = !found
    ? "not-found"
    : found.acceptedAt
      ? "used"
      : found.expiresAt.getTime() <= now
        ? "expired"
        : found.email !== user.email.toLowerCase()
          ? "other-address"
          : user.emailVerified
            ? null
            : "unconfirmed";
  // Only its own address sees which team invited it.
  const invitation =
    found && (refusal === null || refusal === "unconfirmed")
      ? { team: found.team ?? "", role: ROLE_NAMES[found.role], inviter: found.inviter }
      : null;
  return data(
    { refusal, message: refusal ? REFUSALS[refusal][1] : null, invitation, email: user.email },
    { status: refusal && refusal !== "unconfirmed" ? REFUSALS[refusal][0] : 200 },
  );
}

export async function action({ request, context }: Route.ActionArgs) {
  const app = context.get(appContext);
  const user = getUser(context);
  const formData = await request.formData();
  const intent = formData.get("intent");
  const token = tokenOf(request);
  if (intent === "confirm-email") {
    if (!(await allow(app.env, "strict", `account:${user.id}`)))
      return data({ error: "Too many attempts. Please wait a minute and try again.", sent: false }, { status: 429 });
    await createAuth(app, request).api.sendVerificationEmail({
      body: { email: user.email, callbackURL: `${href("/teams/join")}?token=${encodeURIComponent(token)}` },
      headers: request.headers,
    });
    return data({ error: null, sent: true });
  }
  if (intent !== "accept") unknownIntent();
  const accepted = await acceptInvitation(app.db, user, token, new Date());
  if (!accepted.ok) {
    const [status, message] = REFUSALS[accepted.reason];
    return data({ error: message, sent: false }, { status });
  }
  await syncSeatsAfter(app, accepted.workspaceId);
  // Straight into the team, in this session.
  const session = await sessionToken(app, request);
  if (session) await switchWorkspace(app.db, user.id, session, accepted.workspaceId);
  return redirectWithToast(href("/teams/:id", { id: accepted.workspaceId }), {
    type: "success",
    title: "Welcome to the team",
    description: "You are working in it now. Switch back to your own workspace from the menu at any time.",
  });
}

const button = "rounded-md bg-brand-600 px-4 py-2.5 font-semibold text-white hover:bg-brand-700";

export default function Join({ loaderData, actionData }: Route.ComponentProps) {
  const { refusal, message, invitation, email } = loaderData;
  const error = actionData?.error ?? null;
  return (
    <section className="mx-auto max-w-xl px-4 py-10 sm:px-6">
      <h1 className="font-bold text-3xl tracking-tight">
        {invitation ? <span className="[overflow-wrap:anywhere]">{`Join ${invitation.team}`}</span> : "Join a team"}
      </h1>
      {invitation ? (
        <p className="mt-2 text-slate-700 dark:text-slate-300">
          {invitation.inviter ? `${invitation.inviter} invited you` : "You are invited"} as{" "}
          {invitation.role.toLowerCase()}. Your own workspace stays yours alone: the team sees only what you do in the
          team.
        </p>
      ) : null}
      {error || message ? (
        <p
          role="alert"
          className="mt-4 rounded-md bg-amber-50 p-3 text-amber-900 text-sm dark:bg-amber-950 dark:text-amber-100"
        >
          {error ?? message}
          {refusal === "other-address" ? (
            <>
              {" "}
              You are signed in as <strong className="[overflow-wrap:anywhere]">{email}</strong>: sign out, open the
              link again and sign in with the address the invitation was sent to.
            </>
          ) : null}
        </p>
      ) : null}
      {actionData?.sent ? (
        <SentNote className="mt-4">Check {email} for a link to confirm it. It brings you back here.</SentNote>
      ) : null}
      {refusal === null ? (
        <Form method="post" className="mt-6">
          <button type="submit" name="intent" value="accept" className={button}>
            Join the team
          </button>
        </Form>
      ) : refusal === "unconfirmed" ? (
        <Form method="post" className="mt-6">
          <button type="submit" name="intent" value="confirm-email" className={button}>
            Send a new confirmation link
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
