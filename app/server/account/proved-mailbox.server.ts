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
export function provedMailbox(user: { emailVerified: boolean }): boolean {
  return user.emailVerified;
}

/** What an unconfirmed account is told where an address would bind something to it. */
export function confirmFirstMessage(email: string): string {
  return `Confirm your address first: we sent a link to ${email}. Open it, then try again.`;
}
