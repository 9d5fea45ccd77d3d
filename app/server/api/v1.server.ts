import { Hono } from "hono";
import { personJson } from "~/lib/integrations/rules";
import type { PersonDraft } from "~/lib/people/draft";
import { DAY_MS } from "~/lib/time/days";
import { hasFeature } from "../billing/plans.server";
import { getEvent, pageEvents } from "../events/events.server";
import { authenticateToken } from "../integrations/api-tokens.server";
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
import {
  badCursor,
  decodeCursor,
  decodeKey,
  encodeCursor,
  encodeKey,
  idOf,
  issues,
  jsonBody,
  needsWrite,
  problem,
  type V1Env,
} from "./v1-http.server";
import { openApiDocument, referencePage } from "./v1-openapi.server";
import {
  InteractionCreate,
  InteractionQuery,
  PageQuery,
  PeopleQuery,
  PersonCreate,
  PersonUpdate,
  WebhookCreate,
} from "./v1-schemas.server";

/**
 * The personal REST API: bearer tokens, zod-validated input, RFC 9457 problem answers, OpenAPI 3.1.
 * Its schemas, shared answers and OpenAPI document live beside it in v1-*.server.ts.
 */

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
  // The plan is the workspace's the token acts for (decision 0237), as its rows are (`userId`, decision 0207).
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

/** A token reads as its maker in its workspace (decision 0234): the people that member sees. */
const tokenViewer = (token: { userId: string; createdBy: string }) => ({
  workspaceId: token.userId,
  userId: token.createdBy,
});

v1.get("/people", async (c) => {
  const parsed = PeopleQuery.safeParse(c.req.query());
  if (!parsed.success) return problem(c, 400, "Bad Request", "The query is not valid", issues(parsed.error, "#/query"));
  const after = parsed.data.cursor ? decodeCursor(parsed.data.cursor) : null;
  if (parsed.data.cursor && !after)
    return problem(c, 400, "Bad Request", "The cursor is not valid", [
      { pointer: "#/query/cursor", detail: "Use the next value of the previous page" },
    ]);
  const page = await listPeople(c.get("app").db, tokenViewer(c.get("token")), {
    limit: parsed.data.limit,
    after,
    changedAfter: parsed.data.changedSince ? new Date(parsed.data.changedSince) : null,
  });
  return c.json({ data: page.people.map(personJson), next: encodeCursor(page.next) });
});

v1.get("/people/:id", async (c) => {
  const id = idOf(c);
  if (id === null) return problem(c, 404, "Not Found", "No person with this id in your account");
  const person = await getPerson(c.get("app").db, tokenViewer(c.get("token")), id);
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
  const person = id === null ? undefined : await getPerson(app.db, tokenViewer(c.get("token")), id);
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
  const person = id === null ? undefined : await getPerson(app.db, tokenViewer(c.get("token")), id);
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
    metBy: token.createdBy,
  });
  const person = await getPerson(app.db, tokenViewer(token), added.id);
  if (!person) return problem(c, 404, "Not Found");
  return c.json(personJson(person), added.outcome === "created" ? 201 : 200);
});

v1.patch("/people/:id", async (c) => {
  const refused = needsWrite(c);
  if (refused) return refused;
  const id = idOf(c);
  const app = c.get("app");
  const userId = c.get("token").userId;
  const current = id === null ? undefined : await getStoredPerson(app.db, tokenViewer(c.get("token")), id);
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
  const person = await getPerson(app.db, tokenViewer(c.get("token")), id);
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
