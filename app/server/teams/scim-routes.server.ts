import { type Context, Hono } from "hono";
import type { AppContext } from "~/context";
import {
  groupPatchChanges,
  parseEqFilter,
  parsePage,
  readGroup,
  readPatch,
  readUser,
  SCIM,
  SCIM_CONTENT_TYPE,
  SCIM_MAX_PAGE,
  ScimError,
  userPatchChanges,
} from "~/lib/teams/scim";
import { syncSeatsAfter } from "../billing/seats.server";
import {
  authenticateScim,
  createGroup,
  createUser,
  deleteGroup,
  deleteUser,
  findGroup,
  findUser,
  listGroups,
  listUsers,
  type ScimGroupRow,
  type ScimUserRow,
  updateGroup,
  updateUser,
} from "./scim.server";
import type { Actor } from "./teams.server";

/**
 * SCIM 2.0 at /scim/v2/<team id> (decision 0241), the base a directory is given: every route there needs a live
 * token of that team; any other token, or none, is a 401.
 */
type ScimEnv = { Bindings: Env; Variables: { app: AppContext; actor: Actor } };

const BASE = "/scim/v2/:team";

const scimJson = (c: Context<ScimEnv>, body: unknown, status: 200 | 201 = 200) =>
  c.body(JSON.stringify(body), status, { "content-type": SCIM_CONTENT_TYPE });

const when = (d: Date) => d.toISOString();
const here = (c: Context<ScimEnv>, path: string) =>
  `${new URL(c.req.url).origin}/scim/v2/${encodeURIComponent(c.get("actor").workspaceId)}${path}`;

function userResource(c: Context<ScimEnv>, u: ScimUserRow) {
  const name = {
    ...(u.displayName ? { formatted: u.displayName } : {}),
    ...(u.givenName ? { givenName: u.givenName } : {}),
    ...(u.familyName ? { familyName: u.familyName } : {}),
  };
  return {
    schemas: [SCIM.user],
    id: u.id,
    ...(u.externalId ? { externalId: u.externalId } : {}),
    userName: u.userName,
    ...(Object.keys(name).length ? { name } : {}),
    ...(u.displayName ? { displayName: u.displayName } : {}),
    emails: [{ value: u.email, type: "work", primary: true }],
    active: u.active,
    meta: {
      resourceType: "User",
      created: when(u.createdAt),
      lastModified: when(u.updatedAt),
      location: here(c, `/Users/${u.id}`),
    },
  };
}

function groupResource(c: Context<ScimEnv>, g: ScimGroupRow, withMembers = true) {
  return {
    schemas: [SCIM.group],
    id: g.id,
    ...(g.externalId ? { externalId: g.externalId } : {}),
    displayName: g.displayName,
    ...(withMembers
      ? { members: g.members.map((m) => ({ ...m, $ref: here(c, `/Users/${m.value}`), type: "User" })) }
      : {}),
    meta: {
      resourceType: "Group",
      created: when(g.createdAt),
      lastModified: when(g.updatedAt),
      location: here(c, `/Groups/${g.id}`),
    },
  };
}

const listResponse = (total: number, startIndex: number, resources: unknown[]) => ({
  schemas: [SCIM.list],
  totalResults: total,
  startIndex,
  itemsPerPage: resources.length,
  Resources: resources,
});

/** The body as JSON (application/scim+json or application/json), or SCIM's invalidSyntax. */
async function body(c: Context<ScimEnv>): Promise<unknown> {
  const type = (c.req.header("content-type") ?? "").split(";")[0]?.trim().toLowerCase();
  if (type !== SCIM_CONTENT_TYPE && type !== "application/json")
    throw new ScimError(415, "Send the body as application/scim+json.");
  try {
    return JSON.parse(await c.req.text());
  } catch {
    throw new ScimError(400, "The body is not JSON.", "invalidSyntax");
  }
}

export const scimRoutes = new Hono<ScimEnv>();

scimRoutes.onError((error, c) => {
  if (error instanceof ScimError)
    return c.body(JSON.stringify(error.body()), error.status, { "content-type": SCIM_CONTENT_TYPE });
  throw error;
});

scimRoutes.use(`${BASE}/*`, async (c, next) => {
  const actor = await authenticateScim(c.get("app").db, c.req.header("authorization"));
  if (!actor || actor.workspaceId !== c.req.param("team")) {
    const refused = new ScimError(401, "A valid bearer token of this team is required.");
    return c.body(JSON.stringify(refused.body()), 401, {
      "content-type": SCIM_CONTENT_TYPE,
      "www-authenticate": 'Bearer realm="KnowWho SCIM"',
    });
  }
  c.set("actor", actor);
  await next();
  // A directory's change to the team's users moves its seats (decision 0253); reading them never does.
  if (c.req.method !== "GET" && c.req.path.includes("/Users")) await syncSeatsAfter(c.get("app"), actor.workspaceId);
});

const db = (c: Context<ScimEnv>) => c.get("app").db;
const team = (c: Context<ScimEnv>) => c.get("actor").workspaceId;
const origin = (c: Context<ScimEnv>) => new URL(c.req.url).origin;
const page = (c: Context<ScimEnv>) => parsePage(c.req.query("startIndex"), c.req.query("count"));

scimRoutes.get(`${BASE}/Users`, async (c) => {
  const userName = parseEqFilter(c.req.query("filter"), "userName");
  const p = page(c);
  const { total, rows } = await listUsers(db(c), team(c), userName, p);
  return scimJson(
    c,
    listResponse(
      total,
      p.startIndex,
      rows.map((u) => userResource(c, u)),
    ),
  );
});
scimRoutes.get(`${BASE}/Users/:id`, async (c) =>
  scimJson(c, userResource(c, await findUser(db(c), team(c), c.req.param("id")))),
);
scimRoutes.post(`${BASE}/Users`, async (c) =>
  scimJson(c, userResource(c, await createUser(db(c), c.get("actor"), readUser(await body(c)), origin(c))), 201),
);
scimRoutes.put(`${BASE}/Users/:id`, async (c) =>
  scimJson(
    c,
    userResource(
      c,
      await updateUser(db(c), c.get("app").env, c.get("actor"), c.req.param("id"), readUser(await body(c)), origin(c)),
    ),
  ),
);
scimRoutes.patch(`${BASE}/Users/:id`, async (c) => {
  const changes = userPatchChanges(readPatch(await body(c)));
  return scimJson(
    c,
    userResource(c, await updateUser(db(c), c.get("app").env, c.get("actor"), c.req.param("id"), changes, origin(c))),
  );
});
scimRoutes.delete(`${BASE}/Users/:id`, async (c) => {
  await deleteUser(db(c), c.get("app").env, c.get("actor"), c.req.param("id"));
  return c.body(null, 204);
});

/** Entra asks for groups without their members (`excludedAttributes=members`): a smaller answer. */
const withMembers = (c: Context<ScimEnv>) => !/(^|,)\s*members\s*(,|$)/i.test(c.req.query("excludedAttributes") ?? "");

scimRoutes.get(`${BASE}/Groups`, async (c) => {
  const displayName = parseEqFilter(c.req.query("filter"), "displayName");
  const p = page(c);
  const { total, rows } = await listGroups(db(c), team(c), displayName, p);
  return scimJson(
    c,
    listResponse(
      total,
      p.startIndex,
      rows.map((g) => groupResource(c, g, withMembers(c))),
    ),
  );
});
scimRoutes.get(`${BASE}/Groups/:id`, async (c) =>
  scimJson(c, groupResource(c, await findGroup(db(c), team(c), c.req.param("id")), withMembers(c))),
);
scimRoutes.post(`${BASE}/Groups`, async (c) =>
  scimJson(c, groupResource(c, await createGroup(db(c), team(c), readGroup(await body(c)))), 201),
);
scimRoutes.put(`${BASE}/Groups/:id`, async (c) => {
  const g = readGroup(await body(c));
  const write = { displayName: g.displayName, externalId: g.externalId, add: g.members, remove: [], removeAll: true };
  return scimJson(c, groupResource(c, await updateGroup(db(c), team(c), c.req.param("id"), write)));
});
scimRoutes.patch(`${BASE}/Groups/:id`, async (c) => {
  const changes = groupPatchChanges(readPatch(await body(c)));
  const group = await updateGroup(db(c), team(c), c.req.param("id"), changes);
  // Okta reads 204 or the group; Entra either: the group, as RFC 7644 §3.5.2 allows.
  return scimJson(c, groupResource(c, group, withMembers(c)));
});
scimRoutes.delete(`${BASE}/Groups/:id`, async (c) => {
  await deleteGroup(db(c), team(c), c.req.param("id"));
  return c.body(null, 204);
});

scimRoutes.get(`${BASE}/ServiceProviderConfig`, (c) =>
  scimJson(c, {
    schemas: [SCIM.config],
    documentationUrl: `${new URL(c.req.url).origin}/help`,
    patch: { supported: true },
    bulk: { supported: false, maxOperations: 0, maxPayloadSize: 0 },
    filter: { supported: true, maxResults: SCIM_MAX_PAGE },
    changePassword: { supported: false },
    sort: { supported: false },
    etag: { supported: false },
    authenticationSchemes: [
      {
        type: "oauthbearertoken",
        name: "Bearer token",
        description: "A token a team's owner or admin makes under the team's sign-in settings.",
        primary: true,
      },
    ],
    meta: { resourceType: "ServiceProviderConfig", location: here(c, "/ServiceProviderConfig") },
  }),
);

const attr = (name: string, extra: Record<string, unknown> = {}) => ({
  name,
  type: "string",
  multiValued: false,
  required: false,
  caseExact: false,
  mutability: "readWrite",
  returned: "default",
  uniqueness: "none",
  ...extra,
});

const SCHEMAS = [
  {
    id: SCIM.user,
    name: "User",
    description: "A member of the team, provisioned by its directory",
    attributes: [
      attr("userName", { required: true, uniqueness: "server" }),
      attr("externalId", { caseExact: true }),
      attr("displayName"),
      attr("name", {
        type: "complex",
        subAttributes: [attr("formatted"), attr("givenName"), attr("familyName")],
      }),
      attr("emails", {
        type: "complex",
        multiValued: true,
        mutability: "immutable",
        subAttributes: [attr("value"), attr("type"), attr("primary", { type: "boolean" })],
      }),
      attr("active", { type: "boolean" }),
    ],
  },
  {
    id: SCIM.group,
    name: "Group",
    description: "A group of the team's provisioned users",
    attributes: [
      attr("displayName", { required: true, uniqueness: "server" }),
      attr("externalId", { caseExact: true }),
      attr("members", {
        type: "complex",
        multiValued: true,
        subAttributes: [attr("value", { mutability: "immutable" }), attr("display", { mutability: "readOnly" })],
      }),
    ],
  },
];

scimRoutes.get(`${BASE}/Schemas`, (c) =>
  scimJson(
    c,
    listResponse(
      SCHEMAS.length,
      1,
      SCHEMAS.map((s) => ({
        ...s,
        schemas: [SCIM.schema],
        meta: { resourceType: "Schema", location: here(c, `/Schemas/${s.id}`) },
      })),
    ),
  ),
);
scimRoutes.get(`${BASE}/Schemas/:id`, (c) => {
  const s = SCHEMAS.find((x) => x.id === c.req.param("id"));
  if (!s) throw new ScimError(404, "No such schema.");
  return scimJson(c, {
    ...s,
    schemas: [SCIM.schema],
    meta: { resourceType: "Schema", location: here(c, `/Schemas/${s.id}`) },
  });
});

const RESOURCE_TYPES = [
  { id: "User", name: "User", endpoint: "/Users", schema: SCIM.user },
  { id: "Group", name: "Group", endpoint: "/Groups", schema: SCIM.group },
];
const resourceType = (c: Context<ScimEnv>, r: (typeof RESOURCE_TYPES)[number]) => ({
  schemas: [SCIM.resourceType],
  ...r,
  meta: { resourceType: "ResourceType", location: here(c, `/ResourceTypes/${r.id}`) },
});
scimRoutes.get(`${BASE}/ResourceTypes`, (c) =>
  scimJson(
    c,
    listResponse(
      RESOURCE_TYPES.length,
      1,
      RESOURCE_TYPES.map((r) => resourceType(c, r)),
    ),
  ),
);
scimRoutes.get(`${BASE}/ResourceTypes/:id`, (c) => {
  const r = RESOURCE_TYPES.find((x) => x.id === c.req.param("id"));
  if (!r) throw new ScimError(404, "No such resource type.");
  return scimJson(c, resourceType(c, r));
});

/** Anything else under /scim/v2 (Bulk, /Me, a path we do not have) is SCIM's 404 or 501, never a page. */
scimRoutes.all(`${BASE}/Bulk`, () => {
  throw new ScimError(501, "Bulk operations are not supported.");
});
scimRoutes.all("/scim/*", () => {
  throw new ScimError(404, "No such SCIM endpoint.");
});
