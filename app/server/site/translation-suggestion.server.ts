import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import { z } from "zod";
import type { AppContext } from "~/context";
import { inLanguage } from "~/lib/account/auth-language";
import { emailField } from "~/lib/forms/fields";
import { LOCALE_NAME, type Locale } from "~/lib/i18n/locales";
import { translator } from "~/lib/i18n/translate";
import { outboxMailer } from "../platform/mail.server";
import { allow, clientKey } from "../platform/rate-limit.server";
import { submitHelpRequest } from "./help.server";

const SUGGESTION_MAX = 2000;
const en = translator("en");

/** A path on this site, as the footer's link sends it; anything else names the home page. */
export const suggestedPage = (value: unknown): string =>
  typeof value === "string" && /^\/(?!\/)[^\s<>"'\\]{0,300}$/.test(value) ? value : "/";

const suggestionSchema = z.object({
  page: z.unknown().transform(suggestedPage),
  text: z
    .string({ error: en("site.suggest.missing") })
    .trim()
    .min(1, en("site.suggest.missing"))
    .max(SUGGESTION_MAX, en("site.suggest.long", { max: SUGGESTION_MAX })),
  email: emailField,
});

/**
 * A visitor's correction to a page in their language (decision 0259): kept with the team's other visitor
 * messages (help_request) and mailed to support, so the team reads it where it reads the rest.
 */
export async function handleSuggestion(app: AppContext, request: Request, locale: Locale) {
  const t = translator(locale);
  const submission = parseWithZod(await request.formData(), { schema: suggestionSchema });
  if (submission.status !== "success") {
    const keys = ["site.suggest.missing", "site.suggest.long", "auth.error.email"] as const;
    return data(
      { result: inLanguage(submission.reply(), t, keys, { max: SUGGESTION_MAX }), sent: false },
      { status: 400 },
    );
  }
  if (!(await allow(app.env, "forms", `translation:${clientKey(request)}`))) {
    return data(
      { result: submission.reply({ formErrors: [t("site.suggest.tooMany")] }), sent: false },
      { status: 429 },
    );
  }
  const { page, text, email } = submission.value;
  await submitHelpRequest(app.db, outboxMailer(app.db), {
    name: "",
    email: email ?? "",
    subject: `Translation, ${LOCALE_NAME[locale]} (${locale}): ${page}`,
    message: text,
    source: `translation-${locale}`,
  });
  return { result: submission.reply({ resetForm: true }), sent: true };
}
