import { href } from "react-router";
import type { AppContext } from "~/context";
import { createAuth, type SessionUser } from "./auth.server";

/**
 * Every place that binds a row to an account by its email address. Anyone can sign up with an address
 * they do not hold, so each acts only once the account proved the mailbox (opened the link mailed to
 * it); until then the account keeps its own cards and network and is told to confirm first.
 * The test in tests/worker/proved-mailbox.test.ts walks every entry with an unconfirmed account.
 */
export const MAILBOX_BINDINGS = {
  attendeeJoin: "Joining an organiser's event signed in: the pass is made, or an earlier one found, by the address",
  attendeeClaim: "Opening an attendee pass signed in links it to the account with the pass's address",
  operator: "Operator rights (nonprofit approvals) are named by address in OPERATOR_EMAILS",
  accountData:
    "Rows kept by address (reviews, help requests, newsletter, mail sent, event consents) in the data download and account deletion",
  carddav: "CardDAV signs in with the account's address as its user name and an app password",
} as const;
// Not bound to an account by address, so not listed: a donor's gifts and receipts (reached only through the
// signed link mailed to the receipt's address) and share-backs (routed by the card's owner id, never by address).

export type MailboxBinding = keyof typeof MAILBOX_BINDINGS;

/** Whether the account may act through its address: only once the mailbox was proved. */
export function provedMailbox(user: Pick<SessionUser, "emailVerified">): boolean {
  return user.emailVerified;
}

/** What an unconfirmed account is told where an address would bind something to it. */
export function confirmFirstMessage(email: string): string {
  return `Confirm your address first: we sent a link to ${email}. Open it, then try again.`;
}

/**
 * Mails the account the link that proves its address (back to Settings → Account once opened). A link
 * asked for too often is refused by the auth rate limit: one sent a moment ago still works, so that is no error.
 */
export async function sendConfirmationLink(
  app: Pick<AppContext, "env" | "db">,
  request: Request,
  user: Pick<SessionUser, "email">,
): Promise<"sent" | "limited"> {
  try {
    await createAuth(app, request).api.sendVerificationEmail({
      body: { email: user.email, callbackURL: `${href("/settings/account")}?email=verified` },
      headers: request.headers,
    });
    return "sent";
  } catch (error) {
    if ((error as { statusCode?: number }).statusCode === 429) return "limited";
    throw error;
  }
}

/**
 * Null when the account proved its address; otherwise sends the link and answers what to tell the person.
 * `binding` names the place, so every caller is one of MAILBOX_BINDINGS.
 */
export async function confirmFirst(
  app: Pick<AppContext, "env" | "db">,
  request: Request,
  user: Pick<SessionUser, "email" | "emailVerified">,
  _binding: MailboxBinding,
): Promise<string | null> {
  if (provedMailbox(user)) return null;
  await sendConfirmationLink(app, request, user);
  return confirmFirstMessage(user.email);
}
