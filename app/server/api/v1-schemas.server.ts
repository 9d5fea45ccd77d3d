import { z } from "zod";
import { MANUAL_KINDS } from "~/lib/follow/kinds";
import { MAX_INTERACTION_TEXT } from "~/lib/follow/timeline";
import { emailAddress, linkedinField, nameField, optionalText } from "~/lib/forms/fields";
import { webLink } from "~/lib/forms/web-link";
import { WEBHOOK_EVENTS } from "~/lib/integrations/rules";
import { PRIORITIES, STATUSES } from "~/lib/people/connection-rules";
import { EMAIL_LABELS, PHONE_LABELS, WEBSITE_LABELS } from "~/lib/people/draft";

/** The personal API's schemas: the same objects validate requests and describe them in the OpenAPI document. */

export const registry = z.registry<{ id: string; description?: string }>();
export const Problem = z
  .object({
    type: z.string(),
    title: z.string(),
    status: z.number().int(),
    detail: z.string().optional(),
    errors: z.array(z.object({ pointer: z.string(), detail: z.string() })).optional(),
  })
  .register(registry, { id: "Problem", description: "RFC 9457 problem details" });

const Point = z.object({ value: z.string(), label: z.string(), preferred: z.boolean().optional() });
export const Person = z
  .object({
    id: z.number().int(),
    uid: z.string(),
    displayName: z.string(),
    emails: z.array(Point).optional(),
    phones: z.array(Point).optional(),
    websites: z.array(Point).optional(),
    socials: z.array(z.object({ service: z.string(), value: z.string() })).optional(),
    title: z.string().optional(),
    role: z.string().optional(),
    organization: z.string().optional(),
    note: z.string().optional(),
    tags: z.array(z.string()),
    status: z.string().optional(),
    priority: z.string().optional(),
    createdAt: z.iso.datetime(),
    updatedAt: z.iso.datetime(),
  })
  .register(registry, { id: "Person" });
export const PersonList = z
  .object({ data: z.array(Person), next: z.string().nullable() })
  .register(registry, { id: "PersonList" });

// Writes use the field rules every person form uses (app/lib/forms/fields.ts).
const tagsField = z.array(z.string().trim().min(1).max(40)).max(50);
export const PersonCreate = z
  .object({
    displayName: nameField,
    emails: z
      .array(
        z
          .object({
            value: z.string().trim().max(254).pipe(emailAddress),
            label: z.enum(EMAIL_LABELS).default("other"),
            preferred: z.boolean().optional(),
          })
          .strict(),
      )
      .max(10)
      .optional(),
    phones: z
      .array(
        z
          .object({
            value: z.string().trim().min(1).max(40),
            label: z.enum(PHONE_LABELS).default("mobile"),
            preferred: z.boolean().optional(),
          })
          .strict(),
      )
      .max(10)
      .optional(),
    websites: z
      .array(z.object({ value: webLink(300).pipe(z.string()), label: z.enum(WEBSITE_LABELS).default("work") }).strict())
      .max(10)
      .optional(),
    linkedin: linkedinField.optional(),
    title: optionalText(120).optional(),
    role: optionalText(120).optional(),
    organization: optionalText(120).optional(),
    note: optionalText(5000).optional(),
    tags: tagsField.optional(),
    priority: z.enum(PRIORITIES).optional(),
    status: z.enum(STATUSES).optional(),
    eventName: z.string().trim().max(120).nullable().optional().describe("Met at; omitted: your active event"),
  })
  .strict()
  .register(registry, {
    id: "PersonCreate",
    description:
      "Someone already in your network by one of these emails, phones or LinkedIn gets the new details added (200); anyone else is created (201)",
  });
const clearable = (max: number) => z.union([z.null(), optionalText(max)]).optional();
export const PersonUpdate = z
  .object({
    displayName: nameField.optional(),
    title: clearable(120),
    role: clearable(120),
    organization: clearable(120),
    note: clearable(5000),
    tags: tagsField.optional(),
    priority: z.enum(PRIORITIES).optional(),
    status: z.enum(STATUSES).optional(),
    eventName: clearable(120),
  })
  .strict()
  .refine((v) => Object.keys(v).length > 0, "Send at least one field to change")
  .register(registry, {
    id: "PersonUpdate",
    description: "The fields to change; null or an empty string clears one. Contact points are added with POST /people",
  });

export const Event = z
  .object({
    id: z.number().int(),
    title: z.string(),
    description: z.string(),
    date: z.string(),
    endDate: z.string().nullable(),
    time: z.string().nullable(),
    location: z.string().nullable(),
    type: z.enum(["in-person", "virtual", "hybrid"]),
    url: z.string().nullable(),
    active: z.boolean(),
  })
  .register(registry, { id: "Event" });
export const EventList = z
  .object({ data: z.array(Event), next: z.string().nullable() })
  .register(registry, { id: "EventList" });

export const Webhook = z
  .object({
    id: z.number().int(),
    url: z.string(),
    description: z.string(),
    events: z.array(z.string()),
    status: z.enum(["active", "paused"]),
    pausedReason: z.string().nullable(),
    createdAt: z.iso.datetime(),
  })
  .register(registry, { id: "Webhook" });
export const WebhookList = z.object({ data: z.array(Webhook) }).register(registry, { id: "WebhookList" });
export const WebhookCreate = z
  .object({
    url: z.string().trim().min(1).max(2000),
    description: z.string().trim().max(120).optional(),
    events: z.array(z.enum(WEBHOOK_EVENTS)).min(1),
  })
  .strict()
  .register(registry, { id: "WebhookCreate" });
export const WebhookCreated = Webhook.extend({
  secret: z.string().describe("The whsec_ signing secret, shown only in this answer"),
}).register(registry, { id: "WebhookCreated" });
export const Delivery = z
  .object({
    id: z.string(),
    eventType: z.string(),
    status: z.enum(["pending", "succeeded", "failed", "held"]),
    attempts: z.number().int(),
    responseStatus: z.number().int().nullable(),
    error: z.string().nullable(),
    createdAt: z.iso.datetime(),
  })
  .register(registry, { id: "Delivery" });
export const DeliveryList = z
  .object({ data: z.array(Delivery), next: z.string().nullable() })
  .register(registry, { id: "DeliveryList" });

export const Interaction = z
  .object({
    id: z.number().int(),
    personId: z.number().int(),
    kind: z
      .string()
      .describe(
        "call, email, meeting, message, note, or an automatic kind (share-back, capture, saved-card, added, merge, follow-up-sent, gift)",
      ),
    source: z.string().describe("manual, api, or what wrote it automatically"),
    occurredAt: z.iso.datetime(),
    text: z.string(),
  })
  .register(registry, { id: "Interaction" });
export const InteractionList = z
  .object({ data: z.array(Interaction), next: z.string().nullable() })
  .register(registry, { id: "InteractionList" });
export const InteractionCreate = z
  .object({
    kind: z.enum(MANUAL_KINDS),
    occurredAt: z.iso
      .datetime({ offset: true })
      .optional()
      .describe("When it happened (default: now); not more than a day ahead"),
    text: z.string().trim().max(MAX_INTERACTION_TEXT).optional(),
    idempotencyKey: z.string().trim().min(8).max(100).optional().describe("A retry with the same key is stored once"),
  })
  .strict()
  .register(registry, { id: "InteractionCreate" });
export const InteractionQuery = z
  .object({
    limit: z.coerce.number().int().min(1).max(200).default(50),
    before: z.iso.datetime().optional().describe("Only entries before this moment"),
    cursor: z.string().max(200).optional().describe("The next value of the previous page"),
  })
  .strict();
// The shape every list shares: a limit and the opaque cursor the previous page answered as next.
export const PageQuery = z
  .object({
    limit: z.coerce.number().int().min(1).max(200).default(50),
    cursor: z.string().max(200).optional().describe("The next value of the previous page"),
  })
  .strict();

export const IdParam = z.object({ id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) });
export const PeopleQuery = z
  .object({
    limit: z.coerce.number().int().min(1).max(200).default(50),
    cursor: z.string().max(100).optional(),
    changedSince: z.iso.datetime().optional(),
  })
  .strict();
