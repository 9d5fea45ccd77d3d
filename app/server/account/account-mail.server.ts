import { DEFAULT_LOCALE, type Locale } from "~/lib/i18n/locales";
import { translator } from "~/lib/i18n/translate";
import type { Database } from "../db/db.server";
import { outboxMailer } from "../platform/mail.server";

type Person = { email: string; name: string };

/** True when better-auth's signed link changes the address (its payload names `updateTo`), not only confirms it. */
function changesAddress(token: string): boolean {
  try {
    const payload = JSON.parse(atob((token.split(".")[1] ?? "").replaceAll("-", "+").replaceAll("_", "/")));
    return typeof payload?.updateTo === "string";
  } catch {
    return true;
  }
}

/** A link stands on its own line, bare: isolate marks around it would end up inside it in some mail readers. */
const bareLink = (text: string, url: string) => text.replace(`\u2068${url}\u2069`, url);

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
      await mailer.send({
        to: user.email,
        kind: "email-change",
        subject: "Confirm your new KnowWho email address",
        text: `Hi ${user.name},\n\nOpen this link to make ${user.email} the email address of your KnowWho account:\n\n${url}\n\nThe link works for one hour. Until you open it, your account keeps its current address. If you did not ask for this, ignore this email.`,
      });
    },
    /** To the current address, so a change made from a stolen session does not go unnoticed. */
    async noticeEmailChange(user: Person, newEmail: string) {
      await mailer.send({
        to: user.email,
        kind: "email-change-notice",
        subject: "Your KnowWho email address is being changed",
        text: `Hi ${user.name},\n\nSomeone signed in to your KnowWho account asked to change its email address to ${newEmail}. The change happens only when the link sent to that address is opened.\n\nIf this was not you, change your password in Settings > Account now and sign out of your other devices.`,
      });
    },
  };
}
