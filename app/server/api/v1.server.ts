import { type Context, Hono } from "hono";
import { z } from "zod";
import type { AppContext } from "~/context";
import { MANUAL_KINDS, MAX_INTERACTION_TEXT } from "~/lib/follow/timeline";
import { emailAddress, linkedinField, nameField, optionalText } from "~/lib/forms/fields";
import { webLink } from "~/lib/forms/web-link";
import { personJson, WEBHOOK_EVENTS } from "~/lib/integrations/rules";
import { PRIORITIES, STATUSES } from "~/lib/people/connection-rules";
import { EMAIL_LABELS, type PersonDraft, PHONE_LABELS, WEBSITE_LABELS } from "~/lib/people/draft";
import { decodeJson, encodeJson } from "~/lib/text/base64url";
import { escapeHtml } from "~/lib/text/escape";
import { DAY_MS } from "~/lib/time/days";
import { hasFeature } from "../billing/plans.server";
import { getEvent, pageEvents } from "../events/events.server";
import { authenticateToken, type TokenScope } from "../integrations/api-tokens.server";
import { getPerson, listPeople } from "../integrations/people-source.server";
import {
  addEndpoint,
  getEndpoint,
  listDeliveries,
  listEndpoints,
  removeEndpoint,
} from "../integrations/webhooks.server";
import { addPerson } from "../people/add.server";
import { editableFields, updatePerson } from "../people/edit.server";
import { getPerson as getStoredPerson } from "../people/read.server";
import { logInteraction, timelineOf } from "../people/timeline.server";
import { allow } from "../platform/rate-limit.server";

/** The personal REST API: bearer tokens, zod-validated input, RFC 9457 problem answers, OpenAPI 3.1. */

type V1Env = {
  Bindings: Env;
  Variables: { app: AppContext; token: { id: number; userId: string; scope: TokenScope } };
};

// Schemas: the same objects validate requests and describe them in the OpenAPI document.
const registry = z.registry<{ id: string; description?: string }>();
const Problem = z
  .object({
    type: z.string(),
    title: z.string(),
    status: z.number().int(),
    detail: z.string().optional(),
    errors: z.array(z.object({ pointer: z.string(), detail: z.string() })).optional(),
  })
  .register(registry, { id: "Problem", description: "RFC 9457 problem details" });

const Point = z.object({ value: z.string(), label: z.string(), preferred: z.boolean().optional() });
const Person = z
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
const PersonList = z
  .object({ data: z.array(Person), next: z.string().nullable() })
  .register(registry, { id: "PersonList" });

// Writes use the field rules every person form uses (app/lib/forms/fields.ts).
const tagsField = z.array(z.string().trim().min(1).max(40)).max(50);
const PersonCreate = z
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
const PersonUpdate = z
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

const Event = z
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
const EventList = z
  .object({ data: z.array(Event), next: z.string().nullable() })
  .register(registry, { id: "EventList" });

const Webhook = z
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
const WebhookList = z.object({ data: z.array(Webhook) }).register(registry, { id: "WebhookList" });
const WebhookCreate = z
  .object({
    url: z.string().trim().min(1).max(2000),
    description: z.string().trim().max(120).optional(),
    events: z.array(z.enum(WEBHOOK_EVENTS)).min(1),
  })
  .strict()
  .register(registry, { id: "WebhookCreate" });
const WebhookCreated = Webhook.extend({
  secret: z.string().describe("The whsec_ signing secret, shown only in this answer"),
}).register(registry, { id: "WebhookCreated" });
const Delivery = z
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
const DeliveryList = z
  .object({ data: z.array(Delivery), next: z.string().nullable() })
  .register(registry, { id: "DeliveryList" });

const Interaction = z
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
const InteractionList = z
  .object({ data: z.array(Interaction), next: z.string().nullable() })
  .register(registry, { id: "InteractionList" });
const InteractionCreate = z
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
const InteractionQuery = z
  .object({
    limit: z.coerce.number().int().min(1).max(200).default(50),
    before: z.iso.datetime().optional().describe("Only entries before this moment"),
    cursor: z.string().max(200).optional().describe("The next value of the previous page"),
  })
  .strict();
// The shape every list shares: a limit and the opaque cursor the previous page answered as next.
const PageQuery = z
  .object({
    limit: z.coerce.number().int().min(1).max(200).default(50),
    cursor: z.string().max(200).optional().describe("The next value of the previous page"),
  })
  .strict();

const IdParam = z.object({ id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) });
const PeopleQuery = z
  .object({
    limit: z.coerce.number().int().min(1).max(200).default(50),
    cursor: z.string().max(100).optional(),
    changedSince: z.iso.datetime().optional(),
  })
  .strict();

type Operation = {
  method: "get" | "post" | "patch" | "delete";
  path: string;
  summary: string;
  scope: TokenScope;
  query?: z.ZodObject;
  pathId?: boolean;
  body?: z.ZodType;
  status: number;
  response?: z.ZodType;
};

const OPERATIONS: Operation[] = [
  {
    method: "get",
    path: "/people",
    summary: "List people, oldest change first",
    scope: "read",
    query: PeopleQuery,
    status: 200,
    response: PersonList,
  },
  {
    method: "post",
    path: "/people",
    summary: "Add a person, or add details to the one you have",
    scope: "write",
    body: PersonCreate,
    status: 201,
    response: Person,
  },
  {
    method: "get",
    path: "/people/{id}",
    summary: "Read one person",
    scope: "read",
    pathId: true,
    status: 200,
    response: Person,
  },
  {
    method: "get",
    path: "/people/{id}/interactions",
    summary: "A person's timeline, newest first",
    scope: "read",
    pathId: true,
    query: InteractionQuery,
    status: 200,
    response: InteractionList,
  },
  {
    method: "post",
    path: "/people/{id}/interactions",
    summary: "Log an interaction (moves last contacted and the keep-in-touch rhythm)",
    scope: "write",
    pathId: true,
    body: InteractionCreate,
    status: 201,
    response: Interaction,
  },
  {
    method: "patch",
    path: "/people/{id}",
    summary: "Change a person",
    scope: "write",
    pathId: true,
    body: PersonUpdate,
    status: 200,
    response: Person,
  },
  {
    method: "get",
    path: "/events",
    summary: "List events, latest date first",
    scope: "read",
    query: PageQuery,
    status: 200,
    response: EventList,
  },
  {
    method: "get",
    path: "/events/{id}",
    summary: "Read one event",
    scope: "read",
    pathId: true,
    status: 200,
    response: Event,
  },
  { method: "get", path: "/webhooks", summary: "List webhooks", scope: "read", status: 200, response: WebhookList },
  {
    method: "post",
    path: "/webhooks",
    summary: "Add a webhook",
    scope: "write",
    body: WebhookCreate,
    status: 201,
    response: WebhookCreated,
  },
  {
    method: "get",
    path: "/webhooks/{id}",
    summary: "Read one webhook",
    scope: "read",
    pathId: true,
    status: 200,
    response: Webhook,
  },
  { method: "delete", path: "/webhooks/{id}", summary: "Remove a webhook", scope: "write", pathId: true, status: 204 },
  {
    method: "get",
    path: "/webhooks/{id}/deliveries",
    summary: "The webhook's deliveries, newest first",
    scope: "read",
    pathId: true,
    query: PageQuery,
    status: 200,
    response: DeliveryList,
  },
];

const json = (schema: z.ZodType) => z.toJSONSchema(schema, { target: "draft-2020-12", unrepresentable: "any" });

/** The OpenAPI 3.1 document, generated from the schemas the handlers validate with. */
export function openApiDocument(origin: string) {
  // zod 4 writes every registered schema as JSON Schema 2020-12 (OpenAPI 3.1's dialect), linked by $ref.
  const { schemas } = z.toJSONSchema(registry, {
    target: "draft-2020-12",
    // Request bodies are described as clients send them (before trimming and defaults); the response
    // schemas have no transforms, so they read the same either way.
    io: "input",
    unrepresentable: "any",
    uri: (id) => `#/components/schemas/${id}`,
  });
  for (const schema of Object.values(schemas)) {
    delete schema.$schema;
    delete schema.$id;
  }
  const ref = (schema: z.ZodType) => {
    const id = registry.get(schema)?.id;
    return id ? { $ref: `#/components/schemas/${id}` } : json(schema);
  };
  const problem = (description: string) => ({
    description,
    content: { "application/problem+json": { schema: { $ref: "#/components/schemas/Problem" } } },
  });
  const paths: Record<string, Record<string, unknown>> = {};
  for (const op of OPERATIONS) {
    const parameters: unknown[] = [];
    if (op.pathId) parameters.push({ name: "id", in: "path", required: true, schema: { type: "integer", minimum: 1 } });
    if (op.query) {
      const shape = (json(op.query) as { properties: Record<string, unknown>; required?: string[] }).properties;
      for (const [name, schema] of Object.entries(shape))
        parameters.push({ name, in: "query", required: false, schema });
    }
    const responses: Record<string, unknown> = {
      [op.status]: op.response
        ? { description: "OK", content: { "application/json": { schema: ref(op.response) } } }
        : { description: "Done" },
      "400": problem("The request is not valid"),
      "401": problem("Missing, unknown or revoked token"),
      ...(op.scope === "write" ? { "403": problem("The token is read-only") } : {}),
      ...(op.pathId ? { "404": problem("Not found in your account") } : {}),
      ...(op.body ? { "415": problem("The body is not application/json") } : {}),
      "429": problem("Too many requests for this token; see Retry-After"),
    };
    paths[op.path] ??= {};
    (paths[op.path] as Record<string, unknown>)[op.method] = {
      summary: op.summary,
      operationId: `${op.method}${op.path.replace(/\{id\}/g, "ById").replace(/\/(\w)/g, (_, c: string) => c.toUpperCase())}`,
      security: [{ bearer: [] }],
      "x-scope": op.scope,
      ...(parameters.length ? { parameters } : {}),
      ...(op.body
        ? { requestBody: { required: true, content: { "application/json": { schema: ref(op.body) } } } }
        : {}),
      responses,
    };
  }
  return {
    openapi: "3.1.0",
    info: {
      title: "KnowWho personal API",
      version: "1.0.0",
      description:
        "Read your people and events, add and change people, read and log interactions on a person's timeline, and manage your webhooks. Create a token in Settings → Integrations and send it as an Authorization: Bearer <token> header. Read tokens may call GET; write tokens may call everything. Each token may make 60 requests a minute. Adding a person who is already in your network (same email, phone or LinkedIn) adds the new details to them and never overwrites what you have. Send an Idempotency-Key header with POST /people to make a retry safe.",
    },
    servers: [{ url: `${origin}/api/v1` }],
    components: { securitySchemes: { bearer: { type: "http", scheme: "bearer" } }, schemas },
    paths,
  };
}

function problem(
  c: Context,
  status: 400 | 401 | 403 | 404 | 405 | 409 | 415 | 429,
  title: string,
  detail?: string,
  errors?: { pointer: string; detail: string }[],
  headers: Record<string, string> = {},
) {
  const body: z.infer<typeof Problem> = {
    type: "about:blank",
    title,
    status,
    ...(detail ? { detail } : {}),
    ...(errors ? { errors } : {}),
  };
  return c.body(JSON.stringify(body), status, {
    "content-type": "application/problem+json",
    "cache-control": "no-store",
    ...headers,
  });
}

const issues = (error: z.ZodError, root: string) =>
  error.issues.map((i) => ({
    pointer: `${root}/${i.path.map(String).join("/")}`.replace(/\/$/, ""),
    detail: i.message,
  }));

// A JSON pair, since the stored moment may carry fractions of a millisecond (and so a dot).
const encodeCursor = (next: { updatedAt: number; id: number } | null) =>
  next ? btoa(JSON.stringify([next.updatedAt, next.id])).replace(/=+$/, "") : null;
function decodeCursor(cursor: string): { updatedAt: number; id: number } | null {
  try {
    const text = atob(cursor);
    // Cursors handed out before the pair was JSON read "<ms>.<id>".
    const [at, id] = text.startsWith("[") ? (JSON.parse(text) as unknown[]) : text.split(".").map(Number);
    return typeof at === "number" && Number.isFinite(at) && Number.isSafeInteger(id)
      ? { updatedAt: at, id: id as number }
      : null;
  } catch {
    return null;
  }
}

/**
 * The cursor of a keyset page: the sort key and id of the page's last row, as base64url JSON (a query
 * string reads "+" as a space). Decoding checks each part's type, so a forged cursor is a 400, not a 500.
 */
const encodeKey = (key: readonly [number | string, number | string] | null) => (key ? encodeJson(key) : null);
function decodeKey<A extends "number" | "string", B extends "number" | "string">(
  cursor: string,
  first: A,
  second: B,
): [A extends "number" ? number : string, B extends "number" ? number : string] | null {
  try {
    const parsed = decodeJson(cursor);
    if (!Array.isArray(parsed) || parsed.length !== 2) return null;
    const ok = (v: unknown, type: "number" | "string") =>
      type === "number" ? typeof v === "number" && Number.isFinite(v) : typeof v === "string" && v.length <= 100;
    return ok(parsed[0], first) && ok(parsed[1], second) ? (parsed as never) : null;
  } catch {
    return null;
  }
}
const badCursor = (c: Context<V1Env>) =>
  problem(c, 400, "Bad Request", "The cursor is not valid", [
    { pointer: "#/query/cursor", detail: "Use the next value of the previous page" },
  ]);

const webhookJson = (w: Awaited<ReturnType<typeof listEndpoints>>[number]) => ({
  id: w.id,
  url: w.url,
  description: w.description,
  events: w.events,
  status: w.status,
  pausedReason: w.pausedReason,
  createdAt: w.createdAt.toISOString(),
});

export const v1 = new Hono<V1Env>();

v1.get("/openapi.json", (c) =>
  c.json(openApiDocument(new URL(c.req.url).origin), 200, { "cache-control": "public, max-age=300" }),
);

v1.get("/reference", (c) => c.html(referencePage(openApiDocument(new URL(c.req.url).origin))));

// Every other route needs a live token, within its rate limit.
v1.use("*", async (c, next) => {
  const app = c.get("app");
  const header = c.req.header("authorization") ?? "";
  const token = header.match(/^Bearer\s+(\S+)$/i)?.[1];
  if (!token)
    return problem(c, 401, "Unauthorized", "Send your API token as Authorization: Bearer <token>", undefined, {
      "www-authenticate": "Bearer",
    });
  const found = await authenticateToken(app.db, token);
  if (!found)
    return problem(c, 401, "Unauthorized", "This token is unknown or was revoked", undefined, {
      "www-authenticate": 'Bearer error="invalid_token"',
    });
  // The personal API is Card Pro, checked on every call: a token made on Pro stops answering on Basic.
  if (!(await hasFeature(app.db, found.userId, "crmSync")))
    return problem(
      c,
      403,
      "Forbidden",
      "The personal API is part of Card Pro. Start a trial or subscribe in Settings → Plan and billing; your tokens are kept.",
    );
  if (!(await allow(app.env, "api", String(found.id))))
    return problem(c, 429, "Too Many Requests", "This token may make 60 requests a minute", undefined, {
      "retry-after": "60",
    });
  c.set("token", found);
  await next();
  c.header("cache-control", "private, no-store");
});

const needsWrite = (c: Context<V1Env>) =>
  c.get("token").scope !== "write"
    ? problem(c, 403, "Forbidden", "This token is read-only; create a write token to change data")
    : null;

function idOf(c: Context<V1Env>) {
  const parsed = IdParam.safeParse({ id: c.req.param("id") });
  return parsed.success ? parsed.data.id : null;
}

v1.get("/people", async (c) => {
  const parsed = PeopleQuery.safeParse(c.req.query());
  if (!parsed.success) return problem(c, 400, "Bad Request", "The query is not valid", issues(parsed.error, "#/query"));
  const after = parsed.data.cursor ? decodeCursor(parsed.data.cursor) : null;
  if (parsed.data.cursor && !after)
    return problem(c, 400, "Bad Request", "The cursor is not valid", [
      { pointer: "#/query/cursor", detail: "Use the next value of the previous page" },
    ]);
  const page = await listPeople(c.get("app").db, c.get("token").userId, {
    limit: parsed.data.limit,
    after,
    changedAfter: parsed.data.changedSince ? new Date(parsed.data.changedSince) : null,
  });
  return c.json({ data: page.people.map(personJson), next: encodeCursor(page.next) });
});

v1.get("/people/:id", async (c) => {
  const id = idOf(c);
  if (id === null) return problem(c, 404, "Not Found", "No person with this id in your account");
  const person = await getPerson(c.get("app").db, c.get("token").userId, id);
  return person ? c.json(personJson(person)) : problem(c, 404, "Not Found", "No person with this id in your account");
});

const interactionJson = (
  personId: number,
  e: { id: number; kind: string; source: string; occurredAt: Date; text: string },
) => ({
  id: e.id,
  personId,
  kind: e.kind,
  source: e.source,
  occurredAt: e.occurredAt.toISOString(),
  text: e.text,
});

v1.get("/people/:id/interactions", async (c) => {
  const id = idOf(c);
  const app = c.get("app");
  const userId = c.get("token").userId;
  const person = id === null ? undefined : await getPerson(app.db, userId, id);
  if (!person || id === null) return problem(c, 404, "Not Found", "No person with this id in your account");
  const parsed = InteractionQuery.safeParse(c.req.query());
  if (!parsed.success) return problem(c, 400, "Bad Request", "The query is not valid", issues(parsed.error, "#/query"));
  const after = parsed.data.cursor ? decodeKey(parsed.data.cursor, "number", "number") : null;
  if (parsed.data.cursor && !after) return badCursor(c);
  const rows = await timelineOf(
    app.db,
    userId,
    id,
    parsed.data.limit + 1,
    parsed.data.before ? new Date(parsed.data.before) : undefined,
    after ? { at: after[0], id: after[1] } : null,
  );
  const page = rows.slice(0, parsed.data.limit);
  const last = page.at(-1);
  return c.json({
    data: page.map((e) => interactionJson(id, e)),
    next: rows.length > parsed.data.limit && last ? encodeKey([last.at, last.id]) : null,
  });
});

v1.post("/people/:id/interactions", async (c) => {
  const refused = needsWrite(c);
  if (refused) return refused;
  const id = idOf(c);
  const app = c.get("app");
  const userId = c.get("token").userId;
  const person = id === null ? undefined : await getPerson(app.db, userId, id);
  if (!person || id === null) return problem(c, 404, "Not Found", "No person with this id in your account");
  const type = (c.req.header("content-type") ?? "").split(";")[0]?.trim().toLowerCase();
  if (type !== "application/json")
    return problem(c, 415, "Unsupported Media Type", "Send the body as application/json");
  const body = await c.req.json().catch(() => undefined);
  if (body === undefined) return problem(c, 400, "Bad Request", "The body is not valid JSON");
  const parsed = InteractionCreate.safeParse(body);
  if (!parsed.success) return problem(c, 400, "Bad Request", "The body is not valid", issues(parsed.error, "#"));
  const occurredAt = parsed.data.occurredAt ? new Date(parsed.data.occurredAt) : new Date();
  if (occurredAt.getTime() > Date.now() + DAY_MS)
    return problem(c, 400, "Bad Request", "The body is not valid", [
      { pointer: "#/occurredAt", detail: "Not more than a day ahead" },
    ]);
  const logged = await logInteraction(
    app,
    userId,
    id,
    {
      kind: parsed.data.kind,
      source: "api",
      occurredAt,
      text: parsed.data.text ?? "",
      clientId: parsed.data.idempotencyKey ? `api-${parsed.data.idempotencyKey}` : null,
    },
    { waitUntil: (p) => app.ctx.waitUntil(p) },
  );
  if (!logged) return problem(c, 404, "Not Found", "No person with this id in your account");
  return c.json(interactionJson(id, logged), 201);
});

/** A JSON body checked by a schema, or the problem to answer. */
async function jsonBody<T extends z.ZodType>(c: Context<V1Env>, schema: T) {
  const type = (c.req.header("content-type") ?? "").split(";")[0]?.trim().toLowerCase();
  if (type !== "application/json")
    return { error: problem(c, 415, "Unsupported Media Type", "Send the body as application/json") };
  const body = await c.req.json().catch(() => undefined);
  if (body === undefined) return { error: problem(c, 400, "Bad Request", "The body is not valid JSON") };
  const parsed = schema.safeParse(body);
  if (!parsed.success)
    return { error: problem(c, 400, "Bad Request", "The body is not valid", issues(parsed.error, "#")) };
  return { value: parsed.data as z.output<T> };
}

// Writes go through the people core, like every other way a person enters or changes.
v1.post("/people", async (c) => {
  const refused = needsWrite(c);
  if (refused) return refused;
  const body = await jsonBody(c, PersonCreate);
  if ("error" in body) return body.error;
  const input = body.value;
  const app = c.get("app");
  const token = c.get("token");
  const key = c.req.header("idempotency-key");
  if (key !== undefined && !/^[A-Za-z0-9_-]{8,64}$/.test(key))
    return problem(c, 400, "Bad Request", "Idempotency-Key is 8 to 64 letters, digits, - or _", [
      { pointer: "#/headers/idempotency-key", detail: "Use a UUID" },
    ]);
  const draft: PersonDraft = {
    displayName: input.displayName,
    emails: input.emails,
    phones: input.phones,
    websites: input.websites,
    socials: input.linkedin ? [{ service: "linkedin", value: input.linkedin, preferred: true }] : [],
    title: input.title ?? undefined,
    role: input.role ?? undefined,
    organization: input.organization ?? undefined,
    note: input.note ?? undefined,
    tags: input.tags,
  };
  const added = await addPerson(app.db, token.userId, draft, {
    source: "manual",
    detail: "Added through the API",
    eventName: input.eventName,
    priority: input.priority,
    status: input.status,
    // One submission per key and token: a retry after a lost answer finds the same person.
    clientId: key ? `api-${token.id}-${key}` : undefined,
    events: app,
  });
  const person = await getPerson(app.db, token.userId, added.id);
  if (!person) return problem(c, 404, "Not Found");
  return c.json(personJson(person), added.outcome === "created" ? 201 : 200);
});

v1.patch("/people/:id", async (c) => {
  const refused = needsWrite(c);
  if (refused) return refused;
  const id = idOf(c);
  const app = c.get("app");
  const userId = c.get("token").userId;
  const current = id === null ? undefined : await getStoredPerson(app.db, userId, id);
  if (!current || id === null) return problem(c, 404, "Not Found", "No person with this id in your account");
  const body = await jsonBody(c, PersonUpdate);
  if ("error" in body) return body.error;
  const v = body.value;
  const edit = editableFields(current);
  const saved = await updatePerson(
    app.db,
    userId,
    id,
    {
      ...edit,
      name: v.displayName ?? edit.name,
      title: v.title !== undefined ? v.title : edit.title,
      role: v.role !== undefined ? v.role : edit.role,
      company: v.organization !== undefined ? v.organization : edit.company,
      notes: v.note !== undefined ? v.note : edit.notes,
      tags: v.tags ?? edit.tags,
      priority: v.priority ?? edit.priority,
      status: v.status ?? edit.status,
      eventName: v.eventName !== undefined ? v.eventName : edit.eventName,
    },
    app,
  );
  if (!saved) return problem(c, 404, "Not Found", "No person with this id in your account");
  if (!saved.ok) return problem(c, 409, "Conflict", saved.message);
  const person = await getPerson(app.db, userId, id);
  return person ? c.json(personJson(person)) : problem(c, 404, "Not Found");
});

const eventJson = (e: {
  id: number;
  title: string;
  description: string;
  date: string;
  endDate: string | null;
  time: string | null;
  location: string | null;
  type: "in-person" | "virtual" | "hybrid";
  url: string | null;
  active: boolean;
}) => ({
  id: e.id,
  title: e.title,
  description: e.description,
  date: e.date,
  endDate: e.endDate,
  time: e.time,
  location: e.location,
  type: e.type,
  url: e.url,
  active: e.active,
});

v1.get("/events", async (c) => {
  const parsed = PageQuery.safeParse(c.req.query());
  if (!parsed.success) return problem(c, 400, "Bad Request", "The query is not valid", issues(parsed.error, "#/query"));
  const after = parsed.data.cursor ? decodeKey(parsed.data.cursor, "string", "number") : null;
  if (parsed.data.cursor && !after) return badCursor(c);
  const { limit } = parsed.data;
  const rows = await pageEvents(c.get("app").db, c.get("token").userId, {
    limit: limit + 1,
    after: after ? { date: after[0], id: after[1] } : null,
  });
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return c.json({
    data: page.map(eventJson),
    next: rows.length > limit && last ? encodeKey([last.date, last.id]) : null,
  });
});

v1.get("/events/:id", async (c) => {
  const id = idOf(c);
  const row = id === null ? undefined : await getEvent(c.get("app").db, c.get("token").userId, id);
  return row ? c.json(eventJson(row)) : problem(c, 404, "Not Found", "No event with this id in your account");
});

v1.get("/webhooks", async (c) => {
  const rows = await listEndpoints(c.get("app").db, c.get("token").userId);
  return c.json({ data: rows.map(webhookJson) });
});

v1.post("/webhooks", async (c) => {
  const refused = needsWrite(c);
  if (refused) return refused;
  const type = (c.req.header("content-type") ?? "").split(";")[0]?.trim().toLowerCase();
  if (type !== "application/json")
    return problem(c, 415, "Unsupported Media Type", "Send the body as application/json");
  const body = await c.req.json().catch(() => undefined);
  if (body === undefined) return problem(c, 400, "Bad Request", "The body is not valid JSON");
  const parsed = WebhookCreate.safeParse(body);
  if (!parsed.success) return problem(c, 400, "Bad Request", "The body is not valid", issues(parsed.error, "#"));
  const app = c.get("app");
  const userId = c.get("token").userId;
  const added = await addEndpoint(app, userId, parsed.data);
  if ("error" in added) return problem(c, 400, "Bad Request", added.error, [{ pointer: "#/url", detail: added.error }]);
  const row = (await listEndpoints(app.db, userId)).find((w) => w.id === added.id);
  if (!row) return problem(c, 404, "Not Found");
  return c.json({ ...webhookJson(row), secret: added.secret }, 201);
});

v1.get("/webhooks/:id", async (c) => {
  const id = idOf(c);
  const row = id === null ? undefined : await getEndpoint(c.get("app").db, c.get("token").userId, id);
  if (row?.kind !== "webhook") return problem(c, 404, "Not Found", "No webhook with this id in your account");
  return c.json(webhookJson(row));
});

v1.delete("/webhooks/:id", async (c) => {
  const refused = needsWrite(c);
  if (refused) return refused;
  const id = idOf(c);
  const app = c.get("app");
  const row = id === null ? undefined : await getEndpoint(app.db, c.get("token").userId, id);
  if (row?.kind !== "webhook" || id === null)
    return problem(c, 404, "Not Found", "No webhook with this id in your account");
  await removeEndpoint(app.db, c.get("token").userId, id);
  return c.body(null, 204);
});

v1.get("/webhooks/:id/deliveries", async (c) => {
  const id = idOf(c);
  const app = c.get("app");
  const userId = c.get("token").userId;
  const row = id === null ? undefined : await getEndpoint(app.db, userId, id);
  if (row?.kind !== "webhook" || id === null)
    return problem(c, 404, "Not Found", "No webhook with this id in your account");
  const parsed = PageQuery.safeParse(c.req.query());
  if (!parsed.success) return problem(c, 400, "Bad Request", "The query is not valid", issues(parsed.error, "#/query"));
  const after = parsed.data.cursor ? decodeKey(parsed.data.cursor, "number", "string") : null;
  if (parsed.data.cursor && !after) return badCursor(c);
  const { limit } = parsed.data;
  const rows = await listDeliveries(app.db, userId, id, limit + 1, after ? { at: after[0], id: after[1] } : null);
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return c.json({
    data: page.map(({ at: _at, updatedAt: _updated, ...d }) => ({ ...d, createdAt: d.createdAt.toISOString() })),
    next: rows.length > limit && last ? encodeKey([last.at, last.id]) : null,
  });
});

v1.all("*", (c) => problem(c, 404, "Not Found", "No such API route; see /api/v1/openapi.json"));

const esc = escapeHtml;

/** A readable page for people; the JSON document stays the source of truth. */
function referencePage(doc: ReturnType<typeof openApiDocument>): string {
  const ops = Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, op]) => ({ path, method, op: op as Record<string, unknown> })),
  );
  const schemaBlock = (name: string, schema: unknown) =>
    `<section id="schema-${esc(name)}"><h3>${esc(name)}</h3><pre tabindex="0" aria-label="${esc(name)} JSON Schema">${esc(JSON.stringify(schema, null, 2))}</pre></section>`;
  const rows = ops
    .map(({ path, method, op }) => {
      const params = (op.parameters as { name: string; in: string }[] | undefined) ?? [];
      const responses = Object.keys(op.responses as object).join(", ");
      return `<section class="op"><h3><span class="m">${esc(method.toUpperCase())}</span> <code>/api/v1${esc(path)}</code></h3>
<p>${esc(String(op.summary))}. Scope: <strong>${esc(String(op["x-scope"]))}</strong>.</p>
${params.length ? `<p>Parameters: ${params.map((p) => `<code>${esc(p.name)}</code> (${esc(p.in)})`).join(", ")}</p>` : ""}
<p>Answers: ${esc(responses)}</p></section>`;
    })
    .join("\n");
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>API reference · KnowWho</title><meta name="robots" content="noindex">
<style>body{font:16px/1.5 system-ui,sans-serif;max-width:56rem;margin:0 auto;padding:1.5rem;color:#0f172a;background:#fff}
code,pre{font-family:ui-monospace,monospace;font-size:.875rem}pre{background:#f1f5f9;padding:1rem;overflow:auto;border-radius:.5rem}
.op{border-top:1px solid #cbd5e1;padding-top:.5rem}.m{display:inline-block;min-width:4.5rem;color:#1e40af}a{color:#1d4ed8}
@media (prefers-color-scheme:dark){body{background:#0f172a;color:#e2e8f0}pre{background:#1e293b}.m{color:#93c5fd}a{color:#93c5fd}}</style></head>
<body><main><h1>${esc(doc.info.title)}</h1><p>${esc(doc.info.description)}</p>
<p>Machine-readable: <a href="/api/v1/openapi.json">openapi.json</a> (OpenAPI ${esc(doc.openapi)}). Errors are <code>application/problem+json</code> (RFC 9457).</p>
<h2>Operations</h2>${rows}<h2>Schemas</h2>${Object.entries(doc.components.schemas)
    .map(([name, schema]) => schemaBlock(name, schema))
    .join("\n")}</main></body></html>`;
}
