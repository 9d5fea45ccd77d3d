import { data, Link } from "react-router";
import { z } from "zod";
import { SUBSCRIBED_COOKIE } from "~/components/marketing/newsletter-slide-in";
import { NEWSLETTER_SUCCESS } from "~/components/newsletter-form";
import { appContext } from "~/context";
import { safeRedirect } from "~/lib/safe-redirect";
import { pageMeta } from "~/lib/site";
import { outboxMailer } from "~/server/mail.server";
import { requestSubscription } from "~/server/newsletter.server";
import { allow, clientKey } from "~/server/rate-limit.server";
import type { Route } from "./+types/newsletter";

const schema = z.object({
  email_address: z
    .string()
    .trim()
    .min(1, "Please enter a valid email address")
    .max(254, "Please enter a valid email address")
    .pipe(z.email("Please enter a valid email address")),
  source: z.string().trim().max(40).catch("site"),
});

export const meta = () => pageMeta("Newsletter");

export async function action({ request, context }: Route.ActionArgs) {
  const app = context.get(appContext);
  const form = await request.formData();
  const email = String(form.get("email_address") ?? "").slice(0, 300);
  const back = safeRedirect(form.get("redirectTo"), "/");
  const parsed = schema.safeParse({ email_address: email, source: form.get("source") ?? "site" });
  if (!parsed.success) {
    const fieldError = parsed.error.issues[0]?.message ?? "Please enter a valid email address";
    return data({ ok: false, message: fieldError, fieldError, email, back }, { status: 400 });
  }
  if (!(await allow(app.env, "forms", `newsletter:${clientKey(request)}`))) {
    return data(
      { ok: false, message: "Too many attempts. Please try again shortly.", email, back, fieldError: undefined },
      { status: 429 },
    );
  }
  await requestSubscription(app.db, outboxMailer(app.db), {
    email: parsed.data.email_address,
    source: parsed.data.source,
    origin: new URL(request.url).origin,
  });
  // Readable by the page so the slide-in never asks a subscriber again (the answer is the same for known addresses).
  const subscribed = `${SUBSCRIBED_COOKIE}=1; Path=/; Max-Age=${60 * 60 * 24 * 365}; SameSite=Lax`;
  return data(
    { ok: true, message: NEWSLETTER_SUCCESS, email: "", back, fieldError: undefined },
    { headers: { "Set-Cookie": subscribed } },
  );
}

/** Shown when the form was posted without JavaScript; with it, the form shows the answer in place. */
export default function Newsletter({ actionData }: Route.ComponentProps) {
  return (
    <section className="mx-auto max-w-xl px-4 py-16 sm:px-6">
      <h1 className="font-bold text-3xl tracking-tight">Newsletter</h1>
      {actionData ? (
        <p
          role={actionData.ok ? "status" : "alert"}
          className={`mt-6 rounded-md p-4 ${actionData.ok ? "bg-emerald-50 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-100" : "bg-red-50 text-red-900 dark:bg-red-950 dark:text-red-100"}`}
        >
          {actionData.message}
        </p>
      ) : (
        <p className="mt-6 text-slate-600 dark:text-slate-300">Subscribe from the form at the bottom of any page.</p>
      )}
      <Link
        to={actionData?.back ?? "/"}
        className="mt-8 inline-block font-semibold text-brand-700 underline dark:text-brand-200"
      >
        Back to where you were
      </Link>
    </section>
  );
}
