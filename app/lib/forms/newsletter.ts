import "./zod-config";
import { z } from "zod";
import { requiredEmailField } from "./email";

/** The subscribe form's one field, as the specification names it; checked by /newsletter and, once loaded, the browser. */
export const newsletterSchema = z.object({
  email_address: requiredEmailField,
  source: z.string().trim().max(40).catch("site"),
});

/** The browser's check before posting: the address's message, or none (the server checks again). */
export function newsletterError(form: FormData): string | undefined {
  return newsletterSchema.shape.email_address.safeParse(form.get("email_address") ?? undefined).error?.issues[0]
    ?.message;
}
