import { z } from "zod";
import { tooLong } from "../forms/too-long";
import { type CardForm, cardFormSchema } from "./card";

/** Cards on brand (decision 0236): a team's template fields, their rules, and what a member may change. */

export const FIELD_RULES = ["locked", "editable", "required"] as const;
export type FieldRule = (typeof FIELD_RULES)[number];
export const RULE_NAMES: Record<FieldRule, string> = {
  locked: "Locked: the template's value, nobody changes it",
  editable: "Editable: the template's value to start, each member may change it",
  required: "Required: each member fills it in",
};

/** The template's fields, each with the card field it fills. */
export const BRAND_FIELDS = [
  { key: "company", card: "company", label: "Company name" },
  { key: "address", card: "location", label: "Address" },
  { key: "website", card: "website", label: "Website" },
  { key: "headline", card: "headline", label: "Headline" },
  { key: "colour", card: "colour", label: "Colour" },
] as const;
export type BrandKey = (typeof BRAND_FIELDS)[number]["key"];
export type BrandCardField = (typeof BRAND_FIELDS)[number]["card"];
export type BrandValues = Record<BrandKey, string | null>;
export type BrandRules = Partial<Record<BrandKey, FieldRule>>;

/** A field's rule as stored; anything unknown (an older row, a hand-edited one) is editable. */
export const ruleOf = (rules: Record<string, string>, key: BrandKey): FieldRule =>
  FIELD_RULES.includes(rules[key] as FieldRule) ? (rules[key] as FieldRule) : "editable";

export const LOCKED_FIELD_MESSAGE = "Your team's template sets this field: it cannot be changed here";
export const REQUIRED_FIELD_MESSAGE = "Your team's template asks every card for this";
export const TEMPLATE_NAME_MAX = 80;

const rule = z.enum(FIELD_RULES, { error: "Choose locked, editable or required" }).catch("editable");
const shape = cardFormSchema.shape;

export const templateSchema = z.object({
  intent: z.literal("save-template"),
  id: z.string().max(64).optional(),
  name: z
    .string({ error: "Name the template" })
    .trim()
    .min(1, "Name the template")
    .max(TEMPLATE_NAME_MAX, tooLong(TEMPLATE_NAME_MAX)),
  company: shape.company,
  address: shape.location,
  website: shape.website,
  headline: shape.headline,
  colour: z
    .string()
    .regex(/^#[0-9a-f]{6}$/i, "Choose a colour")
    .default("#4f46e5"),
  rule_company: rule,
  rule_address: rule,
  rule_website: rule,
  rule_headline: rule,
  rule_colour: rule,
});
export type TemplateForm = z.infer<typeof templateSchema>;

export const rulesOf = (form: TemplateForm): BrandRules => ({
  company: form.rule_company,
  address: form.rule_address,
  website: form.rule_website,
  headline: form.rule_headline,
  colour: form.rule_colour,
});

export const valuesOf = (form: TemplateForm): BrandValues => ({
  company: form.company ?? null,
  address: form.address ?? null,
  website: form.website ?? null,
  headline: form.headline ?? null,
  colour: form.colour,
});

/** A card's value for a template field as the card form holds it (empty is null). */
const cardValue = (form: CardForm, field: BrandCardField) => (form[field] ?? null) || null;

/**
 * What a saved card breaks of its template: a locked field posted with another value than the template's (by hand,
 * the editor shows it read-only), or a required one left empty. Each message belongs beside its field.
 */
export function templateFieldErrors(
  template: { values: BrandValues; rules: Record<string, string> },
  form: CardForm,
): Partial<Record<BrandCardField, string[]>> {
  const errors: Partial<Record<BrandCardField, string[]>> = {};
  for (const f of BRAND_FIELDS) {
    const r = ruleOf(template.rules, f.key);
    const value = cardValue(form, f.card);
    const same = (a: string | null) => (f.key === "colour" ? (a ?? "").toLowerCase() : (a ?? ""));
    if (r === "locked" && same(value) !== same(template.values[f.key])) errors[f.card] = [LOCKED_FIELD_MESSAGE];
    if (r === "required" && !value?.trim()) errors[f.card] = [REQUIRED_FIELD_MESSAGE];
  }
  return errors;
}
