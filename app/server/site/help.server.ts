import { SITE } from "~/lib/site";
import { helpRequest } from "~db/schema";
import type { Database } from "../db/db.server";
import type { Mailer } from "../platform/mail.server";

export type HelpMessage = { name: string; email: string; subject: string; message: string; source: string };

/** Keeps the message, then hands it to support through the mail adapter (reply-to is the sender). */
export async function submitHelpRequest(db: Database, mailer: Mailer, msg: HelpMessage) {
  const row = await db.insert(helpRequest).values(msg).returning({ id: helpRequest.id }).get();
  await mailer.send({
    to: SITE.supportEmail,
    subject: `[${msg.source} #${row.id}] ${msg.subject}`,
    text: `From: ${msg.name} <${msg.email}>\n\n${msg.message}`,
    kind: "support",
  });
  return row.id;
}
