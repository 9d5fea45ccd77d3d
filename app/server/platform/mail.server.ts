import { outbox } from "~db/schema";
import type { Database } from "../db/db.server";

export type Mail = {
  to: string;
  subject: string;
  text: string;
  html?: string;
  kind: string;
  headers?: Record<string, string>;
};

/** Where outgoing mail goes. Production wires a provider here; the default keeps it in D1. */
export interface Mailer {
  send(mail: Mail): Promise<void>;
}

// CR, LF, NUL and the Unicode line separators would end a header line and start a forged one.
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
const HEADER_BREAKS = /[\u0000-\u001f\u007f\u2028\u2029]+/g;

/** A value fit for one header line: breaks become spaces, length stays within what mail servers take. */
export const headerValue = (value: string, max = 250) => value.replace(HEADER_BREAKS, " ").trim().slice(0, max);

/**
 * Every mailer sends through this: header fields (subject, recipient) are single lines whatever
 * a form let through, so a provider adapter cannot be handed a header injection.
 */
export function mailer(transport: (mail: Mail) => Promise<void>): Mailer {
  return {
    send: (mail) =>
      transport({
        ...mail,
        subject: headerValue(mail.subject),
        to: headerValue(mail.to, 254),
        headers:
          mail.headers && Object.fromEntries(Object.entries(mail.headers).map(([k, v]) => [k, headerValue(v, 900)])),
      }),
  };
}

/** Local default: every message lands in the outbox table, readable at /dev/mailbox. */
export function outboxMailer(db: Database): Mailer {
  return mailer(async (mail) => {
    await db.insert(outbox).values({ ...mail, html: mail.html ?? null, headers: mail.headers ?? null });
  });
}
