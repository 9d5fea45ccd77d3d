import { z } from "zod";
import { emailField, httpsUrlField, linkedinField, nameField, optionalText, phoneField } from "../forms/fields";
import { normalizePriority, normalizeStatus, normalizeTags } from "./connection-rules";

const text = optionalText;

/** Editing a connection; the specification's fallbacks apply (invalid priority becomes medium). */
export const connectionFormSchema = z.object({
  name: nameField,
  title: text(120),
  // The part they play for the owner (board member, donor, speaker): the specification's Connection role.
  role: text(120),
  company: text(120),
  email: emailField,
  phone: phoneField,
  website: httpsUrlField,
  linkedin: linkedinField,
  tags: z
    .string()
    .max(1000)
    .optional()
    .transform((v) => normalizeTags((v ?? "").split(","))),
  priority: z.unknown().optional().transform(normalizePriority),
  status: z
    .unknown()
    .optional()
    .transform((v) => normalizeStatus(v)),
  strength: z
    .string()
    .optional()
    .transform((v) => (v?.trim() ? Number(v) : null))
    .refine(
      (v) => v === null || (Number.isInteger(v) && v >= 1 && v <= 100),
      "Relationship strength is a whole number from 1 to 100",
    ),
  context: text(500),
  eventName: text(120),
  notes: text(5000),
});

export const reminderFormSchema = z.object({
  type: z.enum(["Call", "Email", "Meeting", "General"]).catch("General"),
  preset: z.enum(["24h", "48h", "1w", "1m", "custom"]).catch("custom"),
  due: z.string().max(20).optional(),
  timeZone: z.string().max(64).optional(),
  notes: text(500),
});
