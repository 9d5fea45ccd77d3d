import { data, Form, redirect } from "react-router";
import { z } from "zod";
import { appContext } from "~/context";
import { formatMoney } from "~/lib/money";
import { staticPage } from "~/lib/platform/page-handle";
import { pageMeta } from "~/lib/site";
import { type DonorLink, readDonorToken, revokeDonorLinks } from "~/server/fundraising/donor-link.server";
import {
  CHANGE_MESSAGE,
  changeRecurringGift,
  DONE_MESSAGE,
  donorPortal,
  donorRecurringGifts,
  mailDonorLink,
} from "~/server/fundraising/recurring.server";
import { PaymentsError } from "~/server/payments/types";
import type { Route } from "./+types/manage";

export const meta = () => [...pageMeta("Your monthly gifts"), { name: "robots", content: "noindex" }];
// Plain forms: a donor on an old phone from a mail app manages their gift without our JavaScript.
export const handle = staticPage;

/** Each way a manage link can fail, in its own words (a link that does not open is never the generic 404). */
const LINK_PROBLEM = {
  malformed: {
    status: 404,
    title: "This manage link is not complete",
    text: "Part of it is missing or mistyped, perhaps cut off by your mail app. Open the link from your most recent receipt, or copy all of it into the address bar.",
  },
  expired: {
    status: 410,
    title: "This manage link has expired",
    text: "For your safety a manage link works for one hour. We can send a new one to the address you gave with.",
  },
  revoked: {
    status: 410,
    title: "This manage link was switched off",
    text: "You switched off the links sent to you. We can send a new one to the address you gave with.",
  },
} as const;

type Problem = Exclude<DonorLink, { ok: true }>;
const problemPage = (link: Problem, sent = false) =>
  data(
    { problem: { ...LINK_PROBLEM[link.reason], reason: link.reason, sent }, email: "", charity: "", gifts: [] },
    { status: LINK_PROBLEM[link.reason].status },
  );

export async function loader({ params, context }: Route.LoaderArgs) {
  const app = context.get(appContext);
  const donor = await readDonorToken(app.env, params.token);
  if (!donor.ok) return problemPage(donor);
  const { gifts, charity } = await donorRecurringGifts(app.db, donor.ownerId, donor.email);
  return { problem: null, email: donor.email, charity, gifts };
}

const schema = z.object({
  intent: z.enum(["pause", "resume", "cancel", "portal"]),
  gift: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER),
});

export async function action({ params, request, context }: Route.ActionArgs) {
  const app = context.get(appContext);
  const donor = await readDonorToken(app.env, params.token);
  const formData = await request.formData().catch(() => null);
  const asked = formData?.get("intent");
  // An expired or switched-off link still names its donor: a new one goes to that address, never to the page.
  if (asked === "new-link" && (donor.ok || donor.reason !== "malformed")) {
    const sent = await mailDonorLink(app, donor.ownerId, donor.email, new URL(request.url).origin);
    if (sent === "too-many")
      return data({ ok: false, message: "Too many requests. Please try again in a minute." }, 429);
    if (!donor.ok) return problemPage(donor, true);
    return { ok: true, message: NEW_LINK_SENT };
  }
  if (!donor.ok) return problemPage(donor);
  if (asked === "revoke") {
    await revokeDonorLinks(app.env, donor.ownerId, donor.email);
    return problemPage({ ok: false, reason: "revoked", ownerId: donor.ownerId, email: donor.email });
  }
  const parsed = schema.safeParse(formData ? Object.fromEntries(formData) : {});
  if (!parsed.success) return data({ ok: false, message: "Choose a monthly gift and what to do with it." }, 400);
  const { intent, gift } = parsed.data;
  if (intent === "portal") {
    const portal = await donorPortal(app, donor.ownerId, gift, donor, request.url).catch((error) => {
      if (error instanceof PaymentsError) return null;
      throw error;
    });
    if (!portal) return data({ ok: false, message: CHANGE_MESSAGE.unavailable.text }, 409);
    return redirect(portal.url);
  }
  const result = await changeRecurringGift(app, donor.ownerId, gift, intent, donor);
  if (result === "missing") return data({ ok: false, message: CHANGE_MESSAGE.missing.text }, 404);
  if (result !== "done") return data({ ok: false, message: CHANGE_MESSAGE[result].text }, 409);
  return { ok: true, message: DONE_MESSAGE[intent] };
}

const NEW_LINK_SENT = "A new link is on its way to the address you gave with. It works for one hour.";

const STATUS: Record<string, string> = {
  active: "Active",
  past_due: "Last payment failed",
  paused: "Paused",
  canceled: "Cancelled",
};
const button =
  "rounded-md border border-slate-300 px-3 py-2 font-semibold text-sm hover:bg-slate-50 dark:border-slate-700 dark:hover:bg-slate-800";

function LinkProblem({ problem }: { problem: { title: string; text: string; reason: string; sent: boolean } }) {
  return (
    <section className="mx-auto max-w-xl px-4 py-12 sm:px-6">
      <h1 className="font-bold text-3xl tracking-tight">{problem.title}</h1>
      <p className="mt-2 text-slate-700 dark:text-slate-300">{problem.text}</p>
      {problem.sent ? (
        <p
          role="status"
          className="mt-4 rounded-md bg-emerald-50 p-3 text-emerald-900 text-sm dark:bg-emerald-950 dark:text-emerald-100"
        >
          {NEW_LINK_SENT}
        </p>
      ) : problem.reason === "malformed" ? null : (
        <Form method="post" className="mt-4">
          <button type="submit" name="intent" value="new-link" className={button}>
            Email me a new link
          </button>
        </Form>
      )}
    </section>
  );
}

export default function ManageGifts({ loaderData, actionData }: Route.ComponentProps) {
  const shownProblem = actionData && "problem" in actionData ? actionData.problem : loaderData.problem;
  if (shownProblem) return <LinkProblem problem={shownProblem} />;
  const { gifts, charity, email } = loaderData;
  const notice = actionData && "message" in actionData ? actionData : null;
  return (
    <section className="mx-auto max-w-xl px-4 py-12 sm:px-6">
      <h1 className="font-bold text-3xl tracking-tight">Your monthly gifts</h1>
      <p className="mt-2 break-words text-slate-700 dark:text-slate-300">
        {charity ? `To ${charity}, ` : ""}given as {email}.
      </p>
      {notice ? (
        <p
          role={notice.ok ? "status" : "alert"}
          className={`mt-4 rounded-md p-3 text-sm ${notice.ok ? "bg-emerald-50 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-100" : "bg-red-50 text-red-900 dark:bg-red-950 dark:text-red-100"}`}
        >
          {notice.message}
        </p>
      ) : null}
      {gifts.length ? (
        <ul className="mt-6 space-y-4">
          {gifts.map((g) => (
            <li
              key={g.id}
              className="rounded-lg border border-slate-200 p-4 dark:border-slate-700"
              data-testid="donor-gift"
            >
              <p className="font-semibold">
                {formatMoney(g.amount, g.currency)} a {g.interval}
                {g.campaign ? ` to ${g.campaign}` : ""}
              </p>
              <p className="mt-1 text-sm" data-testid="donor-gift-status">
                {STATUS[g.status] ?? g.status}
              </p>
              {g.status === "canceled" ? null : (
                <Form method="post" className="mt-3 flex flex-wrap gap-2">
                  <input type="hidden" name="gift" value={g.id} />
                  {g.status === "paused" ? (
                    <button type="submit" name="intent" value="resume" className={button}>
                      Resume monthly gift
                    </button>
                  ) : (
                    <button type="submit" name="intent" value="pause" className={button}>
                      Pause monthly gift
                    </button>
                  )}
                  <button type="submit" name="intent" value="cancel" className={button}>
                    Cancel monthly gift
                  </button>
                  <button type="submit" name="intent" value="portal" className={button}>
                    Update card or see payments
                  </button>
                </Form>
              )}
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-6">There are no monthly gifts for this email address.</p>
      )}
      <Form method="post" className="mt-8 border-slate-200 border-t pt-4 text-sm dark:border-slate-700">
        <p className="text-slate-700 dark:text-slate-300">
          Done here, or opened this on a shared device? Switch off this link and any others sent to you.
        </p>
        <button type="submit" name="intent" value="revoke" className={`${button} mt-2`}>
          Switch off my links
        </button>
      </Form>
    </section>
  );
}
