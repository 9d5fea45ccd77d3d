/**
 * SCIM 2.0 (RFC 7643/7644) as a team's directory speaks it (decision 0241): the message schemas, the one filter form
 * we answer, paging, the booleans Entra ID sends as strings, and PATCH operations read into plain changes.
 */

export const SCIM = {
  user: "urn:ietf:params:scim:schemas:core:2.0:User",
  group: "urn:ietf:params:scim:schemas:core:2.0:Group",
  enterprise: "urn:ietf:params:scim:schemas:extension:enterprise:2.0:User",
  list: "urn:ietf:params:scim:api:messages:2.0:ListResponse",
  patch: "urn:ietf:params:scim:api:messages:2.0:PatchOp",
  error: "urn:ietf:params:scim:api:messages:2.0:Error",
  config: "urn:ietf:params:scim:schemas:core:2.0:ServiceProviderConfig",
  resourceType: "urn:ietf:params:scim:schemas:core:2.0:ResourceType",
  schema: "urn:ietf:params:scim:schemas:core:2.0:Schema",
} as const;

export const SCIM_CONTENT_TYPE = "application/scim+json";
export const SCIM_TOKEN_PREFIX = "kwscim_";
/** The most a page of a list holds (advertised as filter.maxResults). */
export const SCIM_MAX_PAGE = 100;

export type ScimType =
  | "invalidFilter"
  | "invalidSyntax"
  | "invalidPath"
  | "invalidValue"
  | "noTarget"
  | "uniqueness"
  | "mutability"
  | "tooMany";

/** A refusal the client reads as SCIM's error message (RFC 7644 §3.12). */
export class ScimError extends Error {
  constructor(
    readonly status: 400 | 401 | 403 | 404 | 409 | 413 | 415 | 501,
    detail: string,
    readonly scimType?: ScimType,
  ) {
    super(detail);
  }
  body() {
    return {
      schemas: [SCIM.error],
      status: String(this.status),
      ...(this.scimType ? { scimType: this.scimType } : {}),
      detail: this.message,
    };
  }
}

/**
 * The one filter form we answer: `<attribute> eq "<value>"` for the attribute the resource is looked up by (userName
 * for users, displayName for groups). Attribute names and the operator are case-insensitive (RFC 7644 §3.4.2.2);
 * the value is a JSON string. Anything else is `invalidFilter`, so an injection attempt finds nothing to run.
 */
export function parseEqFilter(filter: string | undefined, attribute: string): string | null {
  if (filter === undefined || filter.trim() === "") return null;
  const match = /^\s*([A-Za-z][\w.]*)\s+eq\s+("(?:[^"\\]|\\["\\/bfnrt]|\\u[0-9a-fA-F]{4})*")\s*$/i.exec(filter);
  if (!match || match[1]?.toLowerCase() !== attribute.toLowerCase())
    throw new ScimError(400, `Only the filter ${attribute} eq "value" is supported.`, "invalidFilter");
  return JSON.parse(match[2] ?? '""') as string;
}

/** startIndex (1-based) and count from the query, forgiving as RFC 7644 §3.4.2.4 asks: below 1 is 1, below 0 is 0. */
export function parsePage(startIndex: string | undefined, count: string | undefined) {
  const start = Number.parseInt(startIndex ?? "1", 10);
  const size = Number.parseInt(count ?? String(SCIM_MAX_PAGE), 10);
  return {
    startIndex: Number.isFinite(start) && start >= 1 ? start : 1,
    count: Number.isFinite(size) ? Math.min(Math.max(size, 0), SCIM_MAX_PAGE) : SCIM_MAX_PAGE,
  };
}

/** A boolean as directories send it: true/false, or Entra ID's "True"/"False" strings. */
export function scimBoolean(value: unknown, attribute: string): boolean {
  if (typeof value === "boolean") return value;
  if (typeof value === "string" && /^(true|false)$/i.test(value)) return value.toLowerCase() === "true";
  throw new ScimError(400, `${attribute} must be true or false.`, "invalidValue");
}

const text = (value: unknown, attribute: string, max = 256): string => {
  if (typeof value !== "string" || value.length > max)
    throw new ScimError(400, `${attribute} must be a string of at most ${max} characters.`, "invalidValue");
  return value.trim();
};
const optionalText = (value: unknown, attribute: string) =>
  value === null || value === undefined ? null : text(value, attribute);

/** What a user's PUT, POST or PATCH asks to change; undefined leaves an attribute as it is. */
export type UserChanges = {
  userName?: string;
  email?: string;
  externalId?: string | null;
  displayName?: string | null;
  givenName?: string | null;
  familyName?: string | null;
  active?: boolean;
};

/** Attributes we take and do not keep (Entra's and Okta's default mappings send them): accepted, not stored. */
const IGNORED_PATH =
  /^(title|preferredLanguage|locale|timezone|nickName|profileUrl|userType|name\.(formatted|middleName|honorificPrefix|honorificSuffix)|(phoneNumbers|addresses|ims|photos|roles|entitlements)(\[.*\])?(\.\w+)?|urn:ietf:params:scim:schemas:extension:enterprise:2\.0:User(:[\w.]+)?)$/i;

/** The address among `emails`: the primary one, else the work one, else the first. */
function primaryEmail(value: unknown): string | undefined {
  if (!Array.isArray(value)) return undefined;
  const emails = value.filter((e): e is { value: string; primary?: unknown; type?: unknown } => {
    return typeof e === "object" && e !== null && typeof (e as { value?: unknown }).value === "string";
  });
  const chosen =
    emails.find((e) => e.primary === true || e.primary === "True" || e.primary === "true") ??
    emails.find((e) => e.type === "work") ??
    emails[0];
  return chosen?.value.trim().toLowerCase();
}

/** A whole user as POST and PUT send it (RFC 7643 §4.1). */
export function readUser(body: unknown): UserChanges & { userName: string } {
  if (typeof body !== "object" || body === null || Array.isArray(body))
    throw new ScimError(400, "The body must be a SCIM User.", "invalidSyntax");
  const b = body as Record<string, unknown>;
  if (typeof b.userName !== "string" || b.userName.trim() === "")
    throw new ScimError(400, "userName is required.", "invalidValue");
  const name = (typeof b.name === "object" && b.name !== null ? b.name : {}) as Record<string, unknown>;
  return {
    userName: text(b.userName, "userName").toLowerCase(),
    email: primaryEmail(b.emails),
    externalId: optionalText(b.externalId, "externalId"),
    displayName: optionalText(b.displayName ?? name.formatted, "displayName"),
    givenName: optionalText(name.givenName, "name.givenName"),
    familyName: optionalText(name.familyName, "name.familyName"),
    active: b.active === undefined ? true : scimBoolean(b.active, "active"),
  };
}

export type PatchOp = { op: "add" | "replace" | "remove"; path?: string; value?: unknown };

/** The operations of a PatchOp message; `op` is case-insensitive (Entra sends "Replace", "Add"). */
export function readPatch(body: unknown): PatchOp[] {
  const ops = (body as { Operations?: unknown } | null)?.Operations;
  if (!Array.isArray(ops) || ops.length === 0)
    throw new ScimError(400, "A PATCH needs its Operations.", "invalidSyntax");
  if (ops.length > 1000) throw new ScimError(400, "At most 1,000 operations in one PATCH.", "tooMany");
  return ops.map((raw) => {
    const o = (typeof raw === "object" && raw !== null ? raw : {}) as Record<string, unknown>;
    const op = typeof o.op === "string" ? o.op.toLowerCase() : "";
    if (op !== "add" && op !== "replace" && op !== "remove")
      throw new ScimError(400, "Each operation's op is add, replace or remove.", "invalidSyntax");
    if (o.path !== undefined && typeof o.path !== "string")
      throw new ScimError(400, "An operation's path must be a string.", "invalidPath");
    return { op, path: o.path as string | undefined, value: o.value };
  });
}

/** One attribute of a user set by a PATCH (a path, or a key of a path-less value). */
function setUserAttribute(changes: UserChanges, path: string, value: unknown, op: PatchOp["op"]): void {
  const key = path.toLowerCase();
  const cleared = op === "remove";
  if (key === "active") {
    if (cleared) throw new ScimError(400, "active cannot be removed; replace it with false.", "mutability");
    changes.active = scimBoolean(value, "active");
  } else if (key === "username") {
    if (cleared) throw new ScimError(400, "userName cannot be removed.", "mutability");
    changes.userName = text(value, "userName").toLowerCase();
  } else if (key === "externalid") changes.externalId = cleared ? null : optionalText(value, "externalId");
  else if (key === "displayname") changes.displayName = cleared ? null : optionalText(value, "displayName");
  else if (key === "name.givenname") changes.givenName = cleared ? null : optionalText(value, "name.givenName");
  else if (key === "name.familyname") changes.familyName = cleared ? null : optionalText(value, "name.familyName");
  else if (key === "name" && typeof value === "object" && value !== null) {
    const n = value as Record<string, unknown>;
    if ("givenName" in n) changes.givenName = optionalText(n.givenName, "name.givenName");
    if ("familyName" in n) changes.familyName = optionalText(n.familyName, "name.familyName");
    if ("formatted" in n) changes.displayName = optionalText(n.formatted, "name.formatted");
  } else if (key === "emails" || /^emails\[type eq "work"\]\.value$/i.test(path)) {
    // The account's address is its owner's: the directory's copy is taken and not kept (decision 0241).
  } else if (!IGNORED_PATH.test(path))
    throw new ScimError(400, `We do not know the attribute ${path.slice(0, 100)}.`, "invalidPath");
}

/** A user's PATCH read into changes; an unknown path is `invalidPath`, and nothing is changed. */
export function userPatchChanges(ops: PatchOp[]): UserChanges {
  const changes: UserChanges = {};
  for (const o of ops) {
    if (o.path !== undefined) setUserAttribute(changes, o.path, o.value, o.op);
    else if (typeof o.value === "object" && o.value !== null && !Array.isArray(o.value) && o.op !== "remove")
      for (const [key, value] of Object.entries(o.value)) setUserAttribute(changes, key, value, o.op);
    else throw new ScimError(400, "An operation without a path needs an object value.", "noTarget");
  }
  return changes;
}

/** What a group's PATCH asks: members added, removed, or all replaced, and its names. */
export type GroupChanges = {
  displayName?: string;
  externalId?: string | null;
  add: string[];
  remove: string[];
  removeAll: boolean;
};

const memberIds = (value: unknown): string[] => {
  if (!Array.isArray(value)) throw new ScimError(400, "members must be a list of { value }.", "invalidValue");
  return value.map((m) => text((m as { value?: unknown } | null)?.value, "members.value", 200));
};

/** A group's PATCH read into changes (RFC 7644 §3.5.2): `members` add/remove/replace, `members[value eq "…"]`. */
export function groupPatchChanges(ops: PatchOp[]): GroupChanges {
  const changes: GroupChanges = { add: [], remove: [], removeAll: false };
  const setName = (key: string, value: unknown) => {
    if (key.toLowerCase() === "displayname") changes.displayName = text(value, "displayName");
    else if (key.toLowerCase() === "externalid") changes.externalId = optionalText(value, "externalId");
    else if (key.toLowerCase() === "members") {
      changes.removeAll = true;
      changes.add.push(...memberIds(value));
    } else if (key.toLowerCase() !== "id")
      throw new ScimError(400, `We do not know the attribute ${key.slice(0, 100)}.`, "invalidPath");
  };
  for (const o of ops) {
    const filtered = o.path ? /^members\[value eq "([^"]{1,200})"\]$/i.exec(o.path) : null;
    if (filtered && o.op === "remove") changes.remove.push(filtered[1] ?? "");
    else if (o.path?.toLowerCase() === "members") {
      if (o.op === "add") changes.add.push(...memberIds(o.value));
      else if (o.op === "remove" && o.value === undefined) changes.removeAll = true;
      else if (o.op === "remove") changes.remove.push(...memberIds(o.value));
      else setName("members", o.value);
    } else if (o.path !== undefined) {
      if (o.op === "remove") throw new ScimError(400, `${o.path.slice(0, 100)} cannot be removed.`, "invalidPath");
      setName(o.path, o.value);
    } else if (typeof o.value === "object" && o.value !== null && !Array.isArray(o.value) && o.op !== "remove")
      for (const [key, value] of Object.entries(o.value)) setName(key, value);
    else throw new ScimError(400, "An operation without a path needs an object value.", "noTarget");
  }
  return changes;
}

/** A whole group as POST and PUT send it. */
export function readGroup(body: unknown) {
  if (typeof body !== "object" || body === null || Array.isArray(body))
    throw new ScimError(400, "The body must be a SCIM Group.", "invalidSyntax");
  const b = body as Record<string, unknown>;
  if (typeof b.displayName !== "string" || b.displayName.trim() === "")
    throw new ScimError(400, "displayName is required.", "invalidValue");
  return {
    displayName: text(b.displayName, "displayName"),
    externalId: optionalText(b.externalId, "externalId"),
    members: b.members === undefined || b.members === null ? [] : memberIds(b.members),
  };
}
