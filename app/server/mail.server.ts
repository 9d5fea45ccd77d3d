import { outbox } from "~db/schema";
import type { Database } from "./db.server";

export type Mail = { to: string; subject: string; text: string; html?: string; kind: string };

/** Where outgoing mail goes. Production wires a provider here; the default keeps it in D1. */
export interface Mailer {
  send(mail: Mail): Promise<void>;
}

/** Local default: every message lands in the outbox table, readable at /dev/mailbox. */
export function outboxMailer(db: Database): Mailer {
  return {
    async send(mail) {
      await db.insert(outbox).values({ ...mail, html: mail.html ?? null });
    },
  };
}
