import { and, asc, count, desc, eq, inArray, isNotNull, isNull, sql } from "drizzle-orm";
import { normalizeEmail } from "~/lib/forms/email";
import { managesTeam } from "~/lib/teams/rules";
import { SCIM_TOKEN_PREFIX, ScimError, type UserChanges } from "~/lib/teams/scim";
import { member, scimGroup, scimGroupMember, scimToken, scimUser, teamDomain, user } from "~db/schema";
import { chunk } from "../db/budget.server";
import type { Database } from "../db/db.server";
import { failedWith, writeBatch } from "../db/write.server";
import { type PurgeEnv, purgeCards } from "../platform/edge-cache.server";
import { lastUseIsStale, randomToken, sha256Hex } from "../platform/tokens.server";
import { defaultCard, mailHandOver, newHandOver } from "./card-hand-over.server";
import { publishedSlugs, resumeHeldCards } from "./held-cards.server";
import { joinStatements } from "./membership.server";
import { type Actor, removeMember } from "./teams.server";

/**
 * SCIM provisioning for a team (decision 0241): the directory's bearer tokens, and its users and groups kept in
 * the team's own rows. A provisioned, active user is a member; deactivating or deleting one runs the team's own
 * member removal, as the token's maker.
 */

/** A new token for the team's directory, answered once; only its SHA-256 is kept. */
export async function createScimToken(db: Database, actor: Actor): Promise<string | null> {
  if (!managesTeam(actor.role)) return null;
  const token = `${SCIM_TOKEN_PREFIX}${randomToken(32)}`;
  await db.insert(scimToken).values({
    id: randomToken(12),
    workspaceId: actor.workspaceId,
    createdBy: actor.userId,
    tokenHash: await sha256Hex(token),
    prefix: token.slice(0, 12),
  });
  return token;
}

export function scimTokens(db: Database, teamId: string) {
  return db
    .select({
      id: scimToken.id,
      prefix: scimToken.prefix,
      createdAt: scimToken.createdAt,
      lastUsedAt: scimToken.lastUsedAt,
      maker: user.name,
    })
    .from(scimToken)
    .innerJoin(user, eq(user.id, scimToken.createdBy))
    .where(and(eq(scimToken.workspaceId, teamId), isNull(scimToken.revokedAt)))
    .orderBy(desc(scimToken.createdAt))
    .limit(20);
}

/** Revokes one of the team's tokens: from the next request on, it answers 401. */
export async function revokeScimToken(db: Database, actor: Actor, id: string, now = new Date()) {
  if (!managesTeam(actor.role)) return false;
  const rows = await db
    .update(scimToken)
    .set({ revokedAt: now })
    .where(and(eq(scimToken.id, id), eq(scimToken.workspaceId, actor.workspaceId), isNull(scimToken.revokedAt)))
    .returning({ id: scimToken.id });
  return rows.length === 1;
}

/**
 * The team a live token acts for, as its maker, while the maker is still the team's owner or admin; null for
 * anything else (revoked, unknown, malformed, or its maker demoted or gone).
 */
export async function authenticateScim(db: Database, header: string | undefined, now = new Date()) {
  const token = /^Bearer ([\w-]{1,200})$/i.exec(header ?? "")?.[1] ?? "";
  if (!token.startsWith(SCIM_TOKEN_PREFIX)) return null;
  const row = await db
    .select({
      id: scimToken.id,
      workspaceId: scimToken.workspaceId,
      userId: member.userId,
      role: member.role,
      lastUsedAt: scimToken.lastUsedAt,
    })
    .from(scimToken)
    .innerJoin(member, and(eq(member.workspaceId, scimToken.workspaceId), eq(member.userId, scimToken.createdBy)))
    .where(and(eq(scimToken.tokenHash, await sha256Hex(token)), isNull(scimToken.revokedAt)))
    .get();
  if (!row || !managesTeam(row.role)) return null;
  if (lastUseIsStale(row.lastUsedAt, now))
    await db.update(scimToken).set({ lastUsedAt: now }).where(eq(scimToken.id, row.id));
  return { workspaceId: row.workspaceId, userId: row.userId, role: row.role } satisfies Actor;
}

const userColumns = {
  id: scimUser.id,
  userName: scimUser.userName,
  externalId: scimUser.externalId,
  displayName: scimUser.displayName,
  givenName: scimUser.givenName,
  familyName: scimUser.familyName,
  active: scimUser.active,
  createdAt: scimUser.createdAt,
  updatedAt: scimUser.updatedAt,
  userId: scimUser.userId,
  email: user.email,
};
export type ScimUserRow = Awaited<ReturnType<typeof findUser>>;

/** One page of the team's provisioned users, oldest first, or the one named `userName`. */
export async function listUsers(
  db: Database,
  teamId: string,
  userName: string | null,
  page: { startIndex: number; count: number },
) {
  const where = and(
    eq(scimUser.workspaceId, teamId),
    userName === null ? undefined : eq(scimUser.userName, userName.toLowerCase()),
  );
  const [[total], rows] = await db.batch([
    db.select({ n: count() }).from(scimUser).where(where),
    db
      .select(userColumns)
      .from(scimUser)
      .innerJoin(user, eq(user.id, scimUser.userId))
      .where(where)
      .orderBy(asc(scimUser.createdAt), asc(scimUser.id))
      .limit(page.count)
      .offset(page.startIndex - 1),
  ]);
  return { total: total?.n ?? 0, rows };
}

export async function findUser(db: Database, teamId: string, id: string) {
  const row = await db
    .select(userColumns)
    .from(scimUser)
    .innerJoin(user, eq(user.id, scimUser.userId))
    .where(and(eq(scimUser.workspaceId, teamId), eq(scimUser.id, id)))
    .get();
  if (!row) throw new ScimError(404, "No such user in this team.");
  return row;
}

/** The address a new user's account has: its primary email, else its userName; it must be on a proved domain. */
async function provedAddress(db: Database, teamId: string, c: UserChanges & { userName: string }) {
  const email = normalizeEmail(c.email) ?? normalizeEmail(c.userName);
  if (!email) throw new ScimError(400, "userName or a primary email must be an email address.", "invalidValue");
  const proved = await db
    .select({ id: teamDomain.id })
    .from(teamDomain)
    .where(
      and(
        eq(teamDomain.workspaceId, teamId),
        eq(teamDomain.domain, email.split("@")[1] ?? ""),
        isNotNull(teamDomain.verifiedAt),
      ),
    )
    .get();
  if (!proved) throw new ScimError(400, "That address is not on one of the team's confirmed domains.", "invalidValue");
  return email;
}

const nameOf = (c: UserChanges, email: string) =>
  (
    c.displayName ||
    [c.givenName, c.familyName].filter(Boolean).join(" ") ||
    email.split("@")[0] ||
    "Team member"
  ).slice(0, 100);

const taken = (error: unknown) => failedWith(error, /UNIQUE constraint failed: scim_user/);

/**
 * Provisions a user: the account at its address is found (it must be confirmed) or made (the team proved the
 * domain), the team's SCIM row is written, and an active user joins the team by the membership rules, all in one
 * batch. The unique keys make a user provisioned twice at once exist once: the second gets `uniqueness`.
 */
export async function createUser(
  db: Database,
  actor: Actor,
  c: UserChanges & { userName: string },
  origin: string,
  now = new Date(),
) {
  const email = await provedAddress(db, actor.workspaceId, c);
  const existing = await db.select({ verified: user.emailVerified }).from(user).where(eq(user.email, email)).get();
  if (existing && !existing.verified)
    throw new ScimError(409, "An account with that address exists and has not confirmed it yet.", "uniqueness");
  const id = randomToken(16);
  const account = sql`(select ${user.id} from ${user} where ${user.email} = ${email})`;
  const handOver = await newHandOver(now);
  const active = c.active !== false;
  const joining = active
    ? [
        ...joinStatements(db, {
          workspaceId: actor.workspaceId,
          email,
          actorId: actor.userId,
          how: "Provisioned by the team's directory (SCIM)",
          now,
        }),
        ...defaultCard(handOver, actor.workspaceId, email, nameOf(c, email)),
      ]
    : [];
  try {
    const results = await writeBatch(db, [
      db
        .insert(user)
        .values({ id: randomToken(24), name: nameOf(c, email), email, emailVerified: true })
        .onConflictDoNothing({ target: user.email }),
      db
        .insert(scimUser)
        .values({
          id,
          workspaceId: actor.workspaceId,
          userId: sql`${account}`,
          userName: c.userName,
          externalId: c.externalId ?? null,
          displayName: c.displayName ?? null,
          givenName: c.givenName ?? null,
          familyName: c.familyName ?? null,
          active,
        })
        .returning({ id: scimUser.id }),
      ...joining,
    ]);
    if (results[1]?.results.length !== 1) throw new ScimError(409, "That user is already provisioned.", "uniqueness");
    // The card's insert is the second last statement of a join.
    if (active) await mailHandOver(db, actor.workspaceId, email, origin, handOver, results.at(-2)?.results);
  } catch (error) {
    if (taken(error)) throw new ScimError(409, "A user with that userName is already provisioned.", "uniqueness");
    throw error;
  }
  return findUser(db, actor.workspaceId, id);
}

/**
 * The team's member removal, as the token's maker; a member already gone is fine (the directory catches up). The
 * cards it paused leave the edge caches, as a removal from the team page does, so their visitors read the pause.
 */
async function offboard(db: Database, cache: PurgeEnv, actor: Actor, userId: string) {
  // Their people and follow-ups go to the token's maker, an owner or admin (decision 0234).
  const removed = await removeMember(db, actor, userId, actor.userId);
  if (removed.ok) await purgeCards(cache, removed.paused ?? []);
  if (removed.ok || removed.reason === "gone") return;
  if (removed.reason === "last-owner")
    throw new ScimError(409, "That user is the team's last owner; hand the team over first.", "mutability");
  throw new ScimError(403, "The token's maker cannot remove that member (an owner, or the maker themselves).");
}

/**
 * Changes a provisioned user. Turning `active` off runs the member removal first and keeps the row (the directory
 * may turn it on again); turning it on joins the team again by the membership rules, in the batch that saves it, and
 * resumes the team cards they held (or offers the default template's card to someone holding none).
 */
export async function updateUser(
  db: Database,
  cache: PurgeEnv,
  actor: Actor,
  id: string,
  c: UserChanges,
  origin: string,
  now = new Date(),
) {
  const before = await findUser(db, actor.workspaceId, id);
  if (c.active === false && before.active) await offboard(db, cache, actor, before.userId);
  const joining = c.active === true && !before.active;
  const set = {
    ...(c.userName !== undefined ? { userName: c.userName } : {}),
    ...(c.externalId !== undefined ? { externalId: c.externalId } : {}),
    ...(c.displayName !== undefined ? { displayName: c.displayName } : {}),
    ...(c.givenName !== undefined ? { givenName: c.givenName } : {}),
    ...(c.familyName !== undefined ? { familyName: c.familyName } : {}),
    ...(c.active !== undefined ? { active: c.active } : {}),
    updatedAt: now,
  };
  const handOver = await newHandOver(now);
  const name = before.displayName || nameOf(before, before.email);
  const join = joinStatements(db, {
    workspaceId: actor.workspaceId,
    email: before.email,
    actorId: actor.userId,
    how: "Turned on again by the team's directory (SCIM)",
    now,
  });
  try {
    const results = await writeBatch(db, [
      db
        .update(scimUser)
        .set(set)
        .where(and(eq(scimUser.id, id), eq(scimUser.workspaceId, actor.workspaceId))),
      ...(joining
        ? [
            ...join,
            // The card paused when they were turned off runs again; only someone holding none is offered the default.
            resumeHeldCards(db, before.userId, actor.workspaceId),
            ...defaultCard(handOver, actor.workspaceId, before.email, name),
          ]
        : []),
    ]);
    if (joining) {
      // The resumed cards' cached pages still say paused: the resume comes right after the save and the join.
      const resumed = (results[1 + join.length]?.results ?? []) as { slug: string | null; published: number }[];
      await purgeCards(cache, publishedSlugs(resumed.map((r) => ({ slug: r.slug, published: Boolean(r.published) }))));
      await mailHandOver(db, actor.workspaceId, before.email, origin, handOver, results.at(-2)?.results);
    }
  } catch (error) {
    if (taken(error)) throw new ScimError(409, "Another user has that userName.", "uniqueness");
    throw error;
  }
  return findUser(db, actor.workspaceId, id);
}

/** Deletes a provisioned user: the member removal, then the team's SCIM row; the account stays its owner's. */
export async function deleteUser(db: Database, cache: PurgeEnv, actor: Actor, id: string) {
  const row = await findUser(db, actor.workspaceId, id);
  if (row.active) await offboard(db, cache, actor, row.userId);
  await db.delete(scimUser).where(and(eq(scimUser.id, id), eq(scimUser.workspaceId, actor.workspaceId)));
}

// Groups: kept for the directory, with members among the team's provisioned users.

export async function listGroups(
  db: Database,
  teamId: string,
  displayName: string | null,
  page: { startIndex: number; count: number },
) {
  const where = and(
    eq(scimGroup.workspaceId, teamId),
    displayName === null ? undefined : eq(scimGroup.displayName, displayName),
  );
  const [[total], rows] = await db.batch([
    db.select({ n: count() }).from(scimGroup).where(where),
    db
      .select()
      .from(scimGroup)
      .where(where)
      .orderBy(asc(scimGroup.createdAt), asc(scimGroup.id))
      .limit(page.count)
      .offset(page.startIndex - 1),
  ]);
  const members = await groupMembers(
    db,
    rows.map((r) => r.id),
  );
  return { total: total?.n ?? 0, rows: rows.map((r) => ({ ...r, members: members.get(r.id) ?? [] })) };
}

async function groupMembers(db: Database, groupIds: string[]) {
  const byGroup = new Map<string, { value: string; display: string }[]>();
  if (groupIds.length === 0) return byGroup;
  const rows = await db
    .select({ groupId: scimGroupMember.groupId, value: scimUser.id, display: scimUser.userName })
    .from(scimGroupMember)
    .innerJoin(scimUser, eq(scimUser.id, scimGroupMember.scimUserId))
    .where(inArray(scimGroupMember.groupId, groupIds))
    .orderBy(asc(scimUser.userName))
    .limit(10_000);
  for (const r of rows)
    byGroup.set(r.groupId, [...(byGroup.get(r.groupId) ?? []), { value: r.value, display: r.display }]);
  return byGroup;
}

export async function findGroup(db: Database, teamId: string, id: string) {
  const row = await db
    .select()
    .from(scimGroup)
    .where(and(eq(scimGroup.workspaceId, teamId), eq(scimGroup.id, id)))
    .get();
  if (!row) throw new ScimError(404, "No such group in this team.");
  return { ...row, members: (await groupMembers(db, [id])).get(id) ?? [] };
}
export type ScimGroupRow = Awaited<ReturnType<typeof findGroup>>;

/** Member ids must be this team's provisioned users: another team's, or none, is `invalidValue` and nothing changes. */
async function teamUserIds(db: Database, teamId: string, ids: string[]) {
  const unique = [...new Set(ids)];
  if (unique.length > 1000) throw new ScimError(400, "At most 1,000 members in one request.", "tooMany");
  for (const part of chunk(unique)) {
    const found = await db
      .select({ id: scimUser.id })
      .from(scimUser)
      .where(and(eq(scimUser.workspaceId, teamId), inArray(scimUser.id, part)));
    if (found.length !== part.length) throw new ScimError(400, "A member is not a user of this team.", "invalidValue");
  }
  return unique;
}

const memberRows = (groupId: string, ids: string[]) => ids.map((scimUserId) => ({ groupId, scimUserId }));

const groupTaken = (error: unknown) => failedWith(error, /UNIQUE constraint failed: scim_group\./);

export type GroupWrite = {
  displayName?: string;
  externalId?: string | null;
  add: string[];
  remove: string[];
  removeAll: boolean;
};

/** Writes a group and its member changes in one batch; a name another group of the team has is `uniqueness`. */
async function writeGroup(db: Database, teamId: string, id: string, g: GroupWrite, create: boolean, now: Date) {
  const add = await teamUserIds(db, teamId, g.add);
  // Two parameters a row: 40 rows a statement stay inside D1's budget.
  const inserts = chunk(add, 40).map((part) =>
    db.insert(scimGroupMember).values(memberRows(id, part)).onConflictDoNothing(),
  );
  const removals = [];
  for (const part of chunk(g.remove))
    removals.push(
      db.delete(scimGroupMember).where(and(eq(scimGroupMember.groupId, id), inArray(scimGroupMember.scimUserId, part))),
    );
  const head = create
    ? db
        .insert(scimGroup)
        .values({ id, workspaceId: teamId, displayName: g.displayName ?? "", externalId: g.externalId ?? null })
    : db
        .update(scimGroup)
        .set({
          ...(g.displayName !== undefined ? { displayName: g.displayName } : {}),
          ...(g.externalId !== undefined ? { externalId: g.externalId } : {}),
          updatedAt: now,
        })
        .where(and(eq(scimGroup.id, id), eq(scimGroup.workspaceId, teamId)));
  try {
    await db.batch([
      head,
      ...(g.removeAll ? [db.delete(scimGroupMember).where(eq(scimGroupMember.groupId, id))] : []),
      ...removals,
      ...inserts,
    ]);
  } catch (error) {
    if (groupTaken(error)) throw new ScimError(409, "Another group of the team has that displayName.", "uniqueness");
    throw error;
  }
  return findGroup(db, teamId, id);
}

export function createGroup(
  db: Database,
  teamId: string,
  g: { displayName: string; externalId: string | null; members: string[] },
  now = new Date(),
) {
  return writeGroup(db, teamId, randomToken(16), { ...g, add: g.members, remove: [], removeAll: false }, true, now);
}

export async function updateGroup(db: Database, teamId: string, id: string, g: GroupWrite, now = new Date()) {
  await findGroup(db, teamId, id);
  return writeGroup(db, teamId, id, g, false, now);
}

export async function deleteGroup(db: Database, teamId: string, id: string) {
  const rows = await db
    .delete(scimGroup)
    .where(and(eq(scimGroup.id, id), eq(scimGroup.workspaceId, teamId)))
    .returning({ id: scimGroup.id });
  if (rows.length !== 1) throw new ScimError(404, "No such group in this team.");
}
