import { z } from "zod";
import { emailField, httpsUrlField, linkedinField, optionalText, phoneField } from "../forms/fields";

/**
 * A contact captured at an event, from a scan, a photo or quick add; checked the same way on both sides
 * (the page, the offline queue's replay to /api/capture) with the field rules every person form uses.
 */
export const captureSchema = z
  .object({
    clientId: z
      .string()
      .regex(/^[A-Za-z0-9-]{8,64}$/)
      .optional(),
    source: z.enum(["qr", "photo", "quick"]).default("quick"),
    name: optionalText(120),
    email: emailField,
    phone: phoneField,
    title: optionalText(120),
    company: optionalText(120),
    website: httpsUrlField,
    linkedin: linkedinField,
    notes: optionalText(2000),
    // The event active when the capture was made (null: none), so a capture synced later keeps it.
    eventName: z.string().trim().max(120).nullable().optional(),
  })
  .refine((v) => v.name || v.email, { message: "Please provide a name or an email address.", path: ["name"] });

export type CaptureInput = z.input<typeof captureSchema>;
export type Capture = z.output<typeof captureSchema>;
