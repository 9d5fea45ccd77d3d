import { parseWithZod } from "@conform-to/zod/v4";
import { data, href, Link, useRouteLoaderData } from "react-router";
import { SUBSCRIBED_COOKIE } from "~/components/marketing/newsletter-slide-in";
import { NewsletterForm } from "~/components/newsletter-form";
import { newsletterWords } from "~/components/site-header";
import { appContext } from "~/context";
import { newsletterSchema } from "~/lib/forms/newsletter";
import { negotiateLocale } from "~/lib/i18n/locales";
import { sitePageWords } from "~/lib/i18n/sitepage-words";
import { type SaySitePage, sitePageSay } from "~/lib/i18n/sitepages";
import { safeRedirect } from "~/lib/platform/safe-redirect";
import { pageMeta } from "~/lib/site";
import type { RootData } from "~/root";
import { outboxMailer } from "~/server/platform/mail.server";
import { allow, clientKey } from "~/server/platform/rate-limit.server";
import { requestSubscription } from "~/server/site/newsletter.server";
import type { Route } from "./+types/newsletter";

// In the visitor's language: the page answers a post from any page's form, whose words are the visitor's too.
export const handle = { localized: true };

export const meta: Route.MetaFunction = ({ loaderData }) =>
  pageMeta(loaderData ? sitePageSay(loaderData.words)("newsletter.title") : "Newsletter");

export const loader = ({ request }: Route.LoaderArgs) => ({
  words: sitePageWords(negotiateLocale(request).locale, "newsletter"),
});

/** The refusal's field messages in the page's language, so a form on any page shows them in its own. */
const localReply = <T extends { error?: Record<string, string[] | null> | null }>(reply: T, t: SaySitePage): T =>
  reply.error
    ? {
        ...reply,
        error: Object.fromEntries(
          Object.entries(reply.error).map(([name, list]) => [name, list?.map(t.field) ?? null]),
        ),
      }
    : reply;

export async function action({ request, context }: Route.ActionArgs) {
  const app = context.get(appContext);
  const form = await request.formData();
  const back = safeRedirect(form.get("redirectTo"), href("/"));
  const t = sitePageSay(sitePageWords(negotiateLocale(request).locale, "newsletter"));
  const submission = parseWithZod(form, { schema: newsletterSchema });
  if (submission.status !== "success") {
    const reply = localReply(submission.reply(), t);
    const message = reply.error?.email_address?.[0] ?? t("newsletter.error.email");
    return data({ ok: false, message, reply, back, source: String(form.get("source") ?? "site") }, { status: 400 });
  }
  if (!(await allow(app.env, "forms", `newsletter:${clientKey(request)}`))) {
    return data(
      {
        ok: false,
        message: t("newsletter.tooMany"),
        reply: submission.reply(),
        back,
        source: submission.value.source,
      },
      { status: 429 },
    );
  }
  await requestSubscription(app.db, outboxMailer(app.db), {
    email: submission.value.email_address,
    source: submission.value.source,
    origin: new URL(request.url).origin,
  });
  // Readable by the page so the slide-in never asks a subscriber again (the answer is the same for known addresses).
  const subscribed = `${SUBSCRIBED_COOKIE}=1; Path=/; Max-Age=${60 * 60 * 24 * 365}; SameSite=Lax`;
  return data(
    { ok: true, message: t("newsletter.success"), reply: undefined, back, source: submission.value.source },
    { headers: { "Set-Cookie": subscribed } },
  );
}

/** Shown when the form was posted without JavaScript; with it, the form shows the answer in place. */
export default function Newsletter({ loaderData, actionData }: Route.ComponentProps) {
  const t = sitePageSay(loaderData.words);
  const site = useRouteLoaderData<RootData>("root")?.site;
  return (
    <section className="mx-auto max-w-xl px-4 py-16 sm:px-6">
      <h1 className="font-bold text-3xl tracking-tight">{t("newsletter.title")}</h1>
      {actionData ? (
        <p
          role={actionData.ok ? "status" : "alert"}
          className={`mt-6 rounded-md p-4 ${actionData.ok ? "bg-emerald-50 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-100" : "bg-red-50 text-red-900 dark:bg-red-950 dark:text-red-100"}`}
        >
          {actionData.message}
        </p>
      ) : (
        <p className="mt-6 text-slate-600 dark:text-slate-300">{t("newsletter.hint")}</p>
      )}
      {actionData && !actionData.ok ? (
        <div className="mt-6">
          {/* What was typed stays, to correct it here. */}
          <NewsletterForm
            source={actionData.source}
            lastResult={actionData.reply}
            redirectTo={actionData.back}
            words={site ? newsletterWords(site.say) : undefined}
          />
        </div>
      ) : null}
      <Link
        to={actionData?.back ?? href("/")}
        className="mt-8 inline-block font-semibold text-brand-700 underline dark:text-brand-200"
      >
        {t("newsletter.back")}
      </Link>
    </section>
  );
}
