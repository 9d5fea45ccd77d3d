import { Webhook } from "standardwebhooks";

/**
 * The headers Resend sends with a webhook (the Svix names of Standard Webhooks), signed with `secret`. The timestamp
 * header and the signature read the same instant: read apart, a second could pass between them, as on a busy
 * machine, and the signature would not match its own header.
 */
export function resendHeaders(secret: string, id: string, payload: string) {
  const at = new Date();
  return {
    "content-type": "application/json",
    "svix-id": id,
    "svix-timestamp": String(Math.floor(at.getTime() / 1000)),
    "svix-signature": new Webhook(secret).sign(id, at, payload),
  };
}
