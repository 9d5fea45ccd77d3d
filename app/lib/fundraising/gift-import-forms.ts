import { z } from "zod";
import { FILE_TOO_LARGE, GIFT_FIELDS, type GiftField, MAX_GIFT_FILE_BYTES } from "./gift-import";

/** The gift import's three forms (upload, column mapping, confirm), one schema each with its intent. */

const CHOOSE_FILE = "Choose a CSV file to import";

export const uploadSchema = z.object({
  intent: z.literal("upload"),
  file: z
    .instanceof(File, { error: CHOOSE_FILE })
    .refine((f) => f.size > 0, CHOOSE_FILE)
    .refine((f) => f.size <= MAX_GIFT_FILE_BYTES, FILE_TOO_LARGE)
    .refine((f) => /\.(csv|txt)$/i.test(f.name), "Choose a .csv file (Givebutter, Donorbox and Stripe all export one)"),
});

/** Said when the kept file behind a preview is gone (expired, or another owner's id). */
export const PREVIEW_EXPIRED = "This preview has expired; choose the file again.";

const previewId = z.string({ error: PREVIEW_EXPIRED }).regex(/^[0-9a-f]{32}$/, { error: PREVIEW_EXPIRED });

const column = z.preprocess(
  (v) => (v === "" || v === undefined ? undefined : v),
  z.coerce.number().int().min(0).max(999).optional(),
);

export const mappingSchema = z
  .object({
    intent: z.literal("map"),
    preview: previewId,
    ...(Object.fromEntries(GIFT_FIELDS.map((f) => [f, column])) as Record<GiftField, typeof column>),
  })
  .superRefine((v, ctx) => {
    if (v.amount === undefined)
      ctx.addIssue({ code: "custom", path: ["amount"], message: "Choose the column that holds the amount" });
    if (v.date === undefined)
      ctx.addIssue({ code: "custom", path: ["date"], message: "Choose the column that holds the date" });
    if (v.email === undefined && v.name === undefined && v.firstName === undefined && v.lastName === undefined)
      ctx.addIssue({
        code: "custom",
        path: ["email"],
        message: "Choose the column with the donor's email, or their name",
      });
    const used = GIFT_FIELDS.map((f) => v[f]).filter((n) => n !== undefined);
    if (new Set(used).size !== used.length)
      ctx.addIssue({ code: "custom", path: ["amount"], message: "Each column can hold one field only" });
  });

export const confirmSchema = z.object({
  intent: z.literal("confirm"),
  preview: previewId,
  skipErrors: z.preprocess((v) => v === "on" || v === "true", z.boolean()).default(false),
  // Past gifts thanked before the import (a file of last year's gifts) need no thank-you now.
  alreadyThanked: z.preprocess((v) => v === "on" || v === "true", z.boolean()).default(false),
});
