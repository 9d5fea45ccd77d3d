import { z } from "zod";
import { escapeHtml } from "../text/escape";
import { isOwnKey } from "../text/own";

/** A mailing's status in words, on the list and on its results. */
export const MAILING_STATUS_LABEL = {
  draft: "Draft",
  scheduled: "Scheduled",
  sending: "Sending",
  sent: "Sent",
  cancelled: "Cancelled",
} as const;

/** Limits stated in the README's Limits table; the server enforces each. */
export const MAILING_LIMITS = {
  /** People one mailing may go to: a whole audience, sent at the provider's rate (docs/decisions/0186). */
  perMailing: 50000,
  /**
   * The warm-up (0186): a sender's messages in the last 24 hours stay within this plus what it sent cleanly in
   * the last 30 days, so the allowance grows with a good record and never splits one appeal.
   */
  perDayBase: 50000,
  /** A record is clean while under these rates (Resend's bounce ceiling; Gmail's spam-rate ceiling). */
  bounceRate: 0.04,
  complaintRate: 0.003,
  /** Sent messages in the window before the rates are judged (fewer say too little about a list). */
  judgedAfter: 500,
  /** The day's allowance while a record is not clean: enough to mail a cleaned list, not a whole audience. */
  perDayFlagged: 1000,
  /** Test sends to the owner's own address a minute (the strict rate limit), so tests are no way around the caps. */
  testsPerMinute: 5,
  subject: 150,
  /** The body as typed, in characters (about 50 KB). */
  body: 50000,
} as const;

/** The merge fields a body or subject may use, each with what it becomes. */
export const MERGE_FIELDS = {
  first_name: "the person's first name (or “there”)",
  event: "the event you met them at",
  campaign_link: "the link to the chosen campaign, counted as this mailing's",
  last_gift: "their last gift, e.g. “$50.00 on March 1, 2026”",
  card_link: "your published card",
} as const;
export type MergeField = keyof typeof MERGE_FIELDS;
export type MergeValues = Record<MergeField, string>;

const FIELD = /\{\{\s*([^{}]*?)\s*\}\}/g;

/** Every `{{name}}` in the text that is not a merge field, in order, once each. */
export function unknownMergeFields(text: string): string[] {
  const out: string[] = [];
  for (const m of text.matchAll(FIELD)) {
    const name = m[1] ?? "";
    if (!isOwnKey(MERGE_FIELDS, name) && !out.includes(name)) out.push(name);
  }
  return out;
}

export const usesField = (text: string, field: MergeField) => [...text.matchAll(FIELD)].some((m) => m[1] === field);

/** The text with each merge field replaced; unknown ones are refused before this runs. */
export function merge(text: string, values: MergeValues): string {
  return text.replace(FIELD, (whole, name: string) => (isOwnKey(MERGE_FIELDS, name) ? values[name] : whole));
}

export const unknownFieldMessage = (names: string[]) =>
  `Unknown merge field ${names.map((n) => `{{${n}}}`).join(", ")}. Use ${Object.keys(MERGE_FIELDS)
    .map((f) => `{{${f}}}`)
    .join(", ")}`;

export const URL_IN_TEXT = /https?:\/\/[^\s<>"']+[^\s<>"'.,;:!?)]/g;

/**
 * The HTML part from the plain text the owner wrote (after merging): every character escaped, paragraphs
 * kept, links made clickable through `link` (our signed click redirect).
 */
export function textToHtml(
  text: string,
  link: (url: string) => string,
  footer: string,
  // The footer's own language, when it is the recipient's rather than the message's (right to left for Arabic).
  footerLang: { lang: string; dir: "ltr" | "rtl" } = { lang: "en", dir: "ltr" },
): string {
  const paragraphs = text
    .split(/\n{2,}/)
    .map((p) => {
      let out = "";
      let last = 0;
      for (const m of p.matchAll(URL_IN_TEXT)) {
        out += escapeHtml(p.slice(last, m.index));
        out += `<a href="${escapeHtml(link(m[0]))}">${escapeHtml(m[0])}</a>`;
        last = (m.index ?? 0) + m[0].length;
      }
      out += escapeHtml(p.slice(last));
      return `<p>${out.replaceAll("\n", "<br>")}</p>`;
    })
    .join("\n");
  return `<!doctype html><html><body style="font-family:sans-serif;line-height:1.5">${paragraphs}\n<hr><p lang="${footerLang.lang}" dir="${footerLang.dir}" style="font-size:12px;color:#555">${footer}</p></body></html>`;
}

/** Who a mailing goes to: every rule given must hold (hand-picked people alone when `people` is set). */
export const audienceSchema = z.object({
  tags: z.array(z.string().trim().min(1).max(40)).max(20).default([]),
  event: z
    .string()
    .trim()
    .max(120)
    .nullish()
    .transform((v) => v || null),
  donor: z.enum(["any", "donor", "non-donor"]).default("any"),
  /** Total given at least this much, in minor units. */
  minGiven: z
    .number()
    .int()
    .nonnegative()
    .max(1e12)
    .nullish()
    .transform((v) => v ?? null),
  keepInTouchDue: z.boolean().default(false),
  importFile: z
    .string()
    .trim()
    .max(200)
    .nullish()
    .transform((v) => v || null),
  people: z.array(z.number().int().positive()).max(MAILING_LIMITS.perMailing).default([]),
});
export type AudienceRules = z.infer<typeof audienceSchema>;
export const EMPTY_AUDIENCE: AudienceRules = audienceSchema.parse({});

/** Why someone matching the audience is left out. */
export const LEFT_OUT_REASONS = {
  "no-consent": "No consent to be contacted on record",
  withdrawn: "Withdrew consent",
  "no-email": "No email address",
  unsubscribed: "Unsubscribed from your mailings",
  bounced: "Their address bounced",
  complained: "Marked a mailing as spam",
  "no-organiser-consent": "Did not agree to hear from you when joining",
  "organiser-withdrawn": "No longer wants to hear from you",
} as const;
export type LeftOutReason = keyof typeof LEFT_OUT_REASONS;

export const MESSAGES = {
  subject: "Enter a subject",
  subjectLong: `A subject is at most ${MAILING_LIMITS.subject} characters`,
  body: "Write the message",
  bodyLong: `The message is at most ${MAILING_LIMITS.body.toLocaleString("en-US")} characters`,
  audienceEmpty: "Nobody in this audience can be mailed: choose people who agreed to be contacted",
  audienceTooBig: `A mailing goes to at most ${MAILING_LIMITS.perMailing.toLocaleString("en-US")} people; narrow the audience`,
  schedulePast: "Choose a time in the future",
  scheduleInvalid: "Enter a date and time",
  campaignNeeded: "Choose a campaign for {{campaign_link}}",
  tooManyTests: "You can send 5 tests a minute; try again in a minute",
  dailyCap: (allowance: number) =>
    `You can send ${allowance.toLocaleString("en-US")} more messages today; try again tomorrow or send to fewer people`,
  flagged: (allowance: number) =>
    `Too many of your recent messages bounced or were marked as spam, so you can send ${allowance.toLocaleString("en-US")} more today; remove the addresses that bounced or narrow the audience to people who asked to hear from you`,
} as const;

const pct = (rate: number) => `${(rate * 100).toLocaleString("en-US")}%`;

/** What the compose page says of the caps that remain: why they exist and how they grow (decision 0186). */
export function allowanceWords(sending: { left: number; clean: boolean }) {
  const left = Math.max(0, sending.left).toLocaleString("en-US");
  const rule = `A mailing goes to up to ${MAILING_LIMITS.perMailing.toLocaleString("en-US")} people, sent at your mail provider's pace, so a large one takes a few minutes. To protect your sending reputation, an account sends ${MAILING_LIMITS.perDayBase.toLocaleString("en-US")} messages a day, plus one for every message it sent in the 30 days before today, while fewer than ${pct(MAILING_LIMITS.bounceRate)} bounce and fewer than ${pct(MAILING_LIMITS.complaintRate)} are marked as spam.`;
  return sending.clean
    ? `${rule} You can send ${left} more today.`
    : `${rule} Too many of your recent messages bounced or were marked as spam, so today you can send ${left} more.`;
}

const checkFields = (value: string, ctx: z.RefinementCtx) => {
  const unknown = unknownMergeFields(value);
  if (unknown.length) ctx.addIssue({ code: "custom", message: unknownFieldMessage(unknown) });
};

/** The compose form: audience rules, the message, and when to send it (the owner's local time). */
export const composeFormSchema = z.object({
  intent: z.enum(["audience", "preview", "test", "send"]),
  key: z.string().regex(/^[\w-]{8,64}$/),
  subject: z
    .string({ error: MESSAGES.subject })
    .trim()
    .min(1, MESSAGES.subject)
    .max(MAILING_LIMITS.subject, MESSAGES.subjectLong)
    .superRefine(checkFields),
  body: z
    .string({ error: MESSAGES.body })
    .trim()
    .min(1, MESSAGES.body)
    .max(MAILING_LIMITS.body, MESSAGES.bodyLong)
    .superRefine(checkFields),
  campaignId: z.string().trim().max(100).optional(),
  schedule: z
    .string()
    .trim()
    .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/, MESSAGES.scheduleInvalid)
    .optional(),
  tags: z.array(z.string().trim().min(1).max(40)).max(20).default([]),
  event: z.string().trim().max(120).optional(),
  donor: z.enum(["any", "donor", "non-donor"]).default("any"),
  minGiven: z
    .string()
    .trim()
    .regex(/^\d{1,9}(\.\d{1,2})?$/, "Enter an amount like 50 or 50.00")
    .optional(),
  keepInTouchDue: z.preprocess((v) => v === "on", z.boolean()).default(false),
  importFile: z.string().trim().max(200).optional(),
  people: z
    .string()
    .trim()
    .regex(/^\d{1,15}(,\d{1,15})*$/, "Hand-picked people are a list of ids")
    .optional(),
  previewPerson: z.coerce.number().int().positive().optional().catch(undefined),
  /** An organiser's event: the audience is its attendees who agreed to hear from the organiser. */
  orgEvent: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER).optional(),
});
export type ComposeForm = z.infer<typeof composeFormSchema>;

/** The audience rules a compose form names. */
export function rulesFromForm(
  f: Pick<ComposeForm, "tags" | "event" | "donor" | "minGiven" | "keepInTouchDue" | "importFile" | "people">,
): AudienceRules {
  return audienceSchema.parse({
    tags: f.tags,
    event: f.event ?? null,
    donor: f.donor,
    minGiven: f.minGiven ? Math.round(Number(f.minGiven) * 100) : null,
    keepInTouchDue: f.keepInTouchDue,
    importFile: f.importFile ?? null,
    people: f.people ? f.people.split(",").map(Number).slice(0, MAILING_LIMITS.perMailing) : [],
  });
}
