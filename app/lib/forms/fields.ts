import { z } from "zod";
import { isWebLink, WEB_LINK_MESSAGE, withHttps } from "./web-link";

/** Field rules defined once and reused by every form (connection, capture, merge...). */
export const MESSAGES = {
  email: "Please enter a valid email address",
  https: "Links must start with https://",
  linkedin: "Use a linkedin.com profile link",
  name: "Name is required",
} as const;

const max = (n: number) => `Must be at most ${n} characters`;

/** Optional text, trimmed; empty becomes null. */
export const optionalText = (n: number) =>
  z
    .string()
    .trim()
    .max(n, max(n))
    .optional()
    .transform((v) => v || null);

export const nameField = z.string({ error: MESSAGES.name }).trim().min(1, MESSAGES.name).max(120, max(120));

export const emailField = optionalText(254).refine((v) => v === null || z.email().safeParse(v).success, MESSAGES.email);

/** Kept as typed here; the people core stores it in E.164 for the owner's country. */
export const phoneField = optionalText(40);

/** A website: a bare domain gets https:// (the one rule in ./web-link.ts). */
export const httpsUrlField = optionalText(300)
  .transform((v) => (v ? withHttps(v) : null))
  .refine((v) => v === null || isWebLink(v), WEB_LINK_MESSAGE);

export const linkedinField = optionalText(300)
  .transform((v) => (v ? withHttps(v) : null))
  .refine((v) => v === null || /^https:\/\/([a-z]+\.)?linkedin\.com\//i.test(v), MESSAGES.linkedin);
