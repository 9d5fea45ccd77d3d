import { accountLocale, DEFAULT_LOCALE, type Locale } from "~/lib/i18n/locales";
import { bareLink, translator } from "~/lib/i18n/translate";
import type { Database } from "../db/db.server";
import { outboxMailer } from "../platform/mail.server";

/** better-auth hands its user with the account's stored language (an additional field, decision 0269). */
type Person = { email: string; name: string; locale?: string | null };

/** True when better-auth's signed link changes the address (its payload names `updateTo`), not only confirms it. */
function changesAddress(token: string): boolean {
  try {
    const payload = JSON.parse(atob((token.split(".")[1] ?? "").replaceAll("-", "+").replaceAll("_", "/")));
    return typeof payload?.updateTo === "string";
  } catch {
    return true;
  }
}

/** Links expire after an hour; the mails say so. */
export const ACCOUNT_LINK_SECONDS = 60 * 60;

/**
 * The account mails better-auth asks for: password reset, and the link that confirms a new email
 * address (sent to the new address). Plain text through the mail adapter, so no user field can
 * become markup; in development they land in /dev/mailbox.
 */
export function accountMail(db: Database, locale: Locale = DEFAULT_LOCALE) {
  const mailer = outboxMailer(db);
  // The reset and sign-up mails are written in the language of the page that asked for them (decision 0259).
  const t = translator(locale);
  return {
    async sendResetPassword({ user, url }: { user: Person; url: string }) {
      await mailer.send({
        to: user.email,
        kind: "password-reset",
        subject: t("auth.mail.reset.subject"),
        text: bareLink(t("auth.mail.reset.body", { name: user.name, url }), url),
      });
    },
    async sendVerificationEmail({ user, url, token }: { user: Person; url: string; token: string }) {
      if (!changesAddress(token)) {
        await mailer.send({
          to: user.email,
          kind: "email-verify",
          subject: t("auth.mail.verify.subject"),
          text: bareLink(t("auth.mail.verify.body", { name: user.name, email: user.email, url }), url),
        });
        return;
      }
      // A change of address is an account's own mail: in the account's language (decision 0269).
      const own = translator(accountLocale(user.locale));
      await mailer.send({
        to: user.email,
        kind: "email-change",
        subject: own("acct.emailChange.subject"),
        text: bareLink(own("acct.emailChange.body", { name: user.name, email: user.email, url }), url),
      });
    },
    /** To the current address, so a change made from a stolen session does not go unnoticed. */
    async noticeEmailChange(user: Person, newEmail: string) {
      const own = translator(accountLocale(user.locale));
      await mailer.send({
        to: user.email,
        kind: "email-change-notice",
        subject: own("acct.emailChangeNotice.subject"),
        text: own("acct.emailChangeNotice.body", { name: user.name, email: newEmail }),
      });
    },
  };
}
