import { z } from "zod";

/** A contact captured at an event, from a scan, a photo or quick add; checked the same way on both sides. */
const optional = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `Must be at most ${max} characters`)
    .optional()
    .transform((v) => v || undefined);

export const captureSchema = z
  .object({
    clientId: z
      .string()
      .regex(/^[A-Za-z0-9-]{8,64}$/)
      .optional(),
    source: z.enum(["qr", "photo", "quick"]).default("quick"),
    name: optional(120),
    email: optional(254).pipe(z.email("Please enter a valid email address").optional()),
    phone: optional(40),
    title: optional(120),
    company: optional(120),
    website: optional(300).refine(
      (v) => v === undefined || /^https:\/\/[^\s]+$/i.test(v),
      "Website must start with https://",
    ),
    linkedin: optional(300),
    notes: optional(2000),
    // The event active when the capture was made (null: none), so a capture synced later keeps it.
    eventName: z.string().trim().max(120).nullable().optional(),
  })
  .refine((v) => v.name || v.email, { message: "Please provide a name or an email address.", path: ["name"] });

export type CaptureInput = z.input<typeof captureSchema>;
export type Capture = z.output<typeof captureSchema>;
