import { data, Form, href, Link } from "react-router";
import { appContext } from "~/context";
import { negotiateLocale } from "~/lib/i18n/locales";
import { sitePageWords } from "~/lib/i18n/sitepage-words";
import { sitePageSay } from "~/lib/i18n/sitepages";
import { pageMeta } from "~/lib/site";
import { confirmSubscription } from "~/server/site/newsletter.server";
import type { Route } from "./+types/newsletter-confirm";

// In the visitor's language (the mail's link opens it); a form post, so the page hydrates.
export const handle = { localized: true };

export const meta: Route.MetaFunction = ({ loaderData }) => [
  ...pageMeta(loaderData ? sitePageSay(loaderData.words)("newsletter.confirm.title") : "Confirm your subscription"),
  { name: "robots", content: "noindex" },
];

export function loader({ request }: Route.LoaderArgs) {
  return {
    token: (new URL(request.url).searchParams.get("token") ?? "").slice(0, 200),
    words: sitePageWords(negotiateLocale(request).locale, "newsletter"),
  };
}

// Confirming is a POST so that mail scanners following the link do not subscribe anyone.
export async function action({ request, context }: Route.ActionArgs) {
  const token = String((await request.formData()).get("token") ?? "").slice(0, 200);
  const confirmed = token.length > 0 && (await confirmSubscription(context.get(appContext).db, token));
  return data({ confirmed }, { status: confirmed ? 200 : 400 });
}

export default function NewsletterConfirm({ loaderData, actionData }: Route.ComponentProps) {
  const t = sitePageSay(loaderData.words);
  return (
    <section className="mx-auto max-w-xl px-4 py-16 sm:px-6">
      <h1 className="font-bold text-3xl tracking-tight">{t("newsletter.confirm.title")}</h1>
      {actionData ? (
        <p role={actionData.confirmed ? "status" : "alert"} className="mt-6 text-lg">
          {actionData.confirmed ? t("newsletter.confirm.done") : t("newsletter.confirm.invalid")}
        </p>
      ) : (
        <Form method="post" className="mt-6">
          <input type="hidden" name="token" value={loaderData.token} />
          <p className="text-slate-600 dark:text-slate-300">{t("newsletter.confirm.text")}</p>
          <button
            type="submit"
            className="mt-6 rounded-md bg-brand-600 px-5 py-3 font-semibold text-white hover:bg-brand-700"
          >
            {t("newsletter.confirm.button")}
          </button>
        </Form>
      )}
      <Link to={href("/")} className="mt-8 inline-block font-semibold text-brand-700 underline dark:text-brand-200">
        {t("newsletter.confirm.home")}
      </Link>
    </section>
  );
}
