import { z } from "zod";
import { normalizePriority, normalizeStatus, normalizeTags } from "./connection-rules";
import { isWebLink, WEB_LINK_MESSAGE, withHttps } from "./forms/web-link";

const text = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `Must be at most ${max} characters`)
    .optional()
    .transform((v) => v || null);

/** Editing a connection; the specification's fallbacks apply (invalid priority becomes medium). */
export const connectionFormSchema = z.object({
  name: z
    .string({ error: "Name is required" })
    .trim()
    .min(1, "Name is required")
    .max(120, "Must be at most 120 characters"),
  title: text(120),
  company: text(120),
  email: text(254).refine((v) => v === null || z.email().safeParse(v).success, "Please enter a valid email address"),
  phone: text(40),
  website: text(300)
    .transform((v) => (v ? withHttps(v) : null))
    .refine((v) => v === null || isWebLink(v), WEB_LINK_MESSAGE),
  linkedin: text(300).refine(
    (v) => v === null || /^https:\/\/([a-z]+\.)?linkedin\.com\//i.test(v),
    "Use a linkedin.com profile link",
  ),
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
