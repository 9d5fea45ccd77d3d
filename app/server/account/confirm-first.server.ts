import { href } from "react-router";
import type { AppContext } from "~/context";
import { createAuth, type SessionUser } from "./auth.server";
import { confirmFirstMessage, type MailboxBinding, provedMailbox } from "./proved-mailbox.server";

// Apart from the list of bindings (proved-mailbox.server.ts), which billing reads: sending needs auth, and auth starts a plan.

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
