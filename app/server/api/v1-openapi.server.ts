import { z } from "zod";
import { escapeHtml } from "~/lib/text/escape";
import type { TokenScope } from "../integrations/api-tokens.server";
import {
  DeliveryList,
  Event,
  EventList,
  Interaction,
  InteractionCreate,
  InteractionList,
  InteractionQuery,
  PageQuery,
  PeopleQuery,
  Person,
  PersonCreate,
  PersonList,
  PersonUpdate,
  registry,
  Webhook,
  WebhookCreate,
  WebhookCreated,
  WebhookList,
} from "./v1-schemas.server";

/** The personal API's OpenAPI 3.1 document and its readable page, both drawn from the operations listed here. */

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

const esc = escapeHtml;

/** A readable page for people; the JSON document stays the source of truth. */
export function referencePage(doc: ReturnType<typeof openApiDocument>): string {
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
