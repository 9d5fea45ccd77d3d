import { href } from "react-router";
import { appContext } from "~/context";
import { receiptWords } from "~/lib/fundraising/giving-messages";
import { receiptHtml } from "~/lib/fundraising/receipt";
import { DEFAULT_LOCALE, matchLocale } from "~/lib/i18n/locales";
import { getUser } from "~/server/account/user.server";
import { giftReceipt } from "~/server/fundraising/organisation.server";
import { notFound, parseId } from "~/server/platform/http.server";
import type { Route } from "./+types/receipt";

/** One gift's receipt as a printable page, the same lines the thank-you mail carries; the owner's gifts only. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const app = context.get(appContext);
  const user = getUser(context);
  const r = await giftReceipt(app.db, user.workspace.id, parseId(params.gift));
  if (!r) notFound();
  const actions = `<a class="button" href="${href("/campaigns")}">Back to campaigns</a><span>Print, or save as PDF, from your browser's menu.</span>`;
  // The donor's document, in the language they gave in; the owner's buttons stay the owner's.
  const words = receiptWords(matchLocale(r.gift.locale) ?? DEFAULT_LOCALE);
  return new Response(receiptHtml(r.org, r.gift, r.gift.organization, actions, words), {
    headers: { "content-type": "text/html; charset=utf-8", "cache-control": "private, no-store" },
  });
}
