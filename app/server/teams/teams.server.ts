import { and, asc, eq, gt, isNull, ne, sql } from "drizzle-orm";
import { TRIAL_DAYS } from "~/lib/billing/plans";
import { INVITATIONS_PER_DAY } from "~/lib/teams/invite-file";
import { INVITATION_DAYS, managesTeam, ROLE_NAMES, type Role } from "~/lib/teams/rules";
import { DAY_MS } from "~/lib/time/days";
import { accountPlan, invitation, member, session, user, workspace, workspaceAudit } from "~db/schema";
import { seatClaim } from "../billing/seat-claim.server";
import type { Database, Owner } from "../db/db.server";
import { rawSql, writeBatch } from "../db/write.server";
import { linkTokenHash, randomToken, sha256Hex } from "../platform/tokens.server";
import { auditEach, auditIfChanged, auditStatement } from "./audit.server";
import { pauseHeldCards, publishedSlugs } from "./held-cards.server";
import { type InvitationMail, mailInvitation } from "./invitation-mail.server";
import { handOnStatements, isAdminOf } from "./people.server";

/**
 * Teams (decision 0200): creating one, its members and roles, invitations, and which workspace a session works in.
 * Every rule that two people acting at once could break is kept by the database: the "last owner" and "personal
 * workspace" triggers of migration 0046, conditional writes, and batches (one transaction each).
 */

/** Whoever acts, as the session read found them in this team. */
export type Actor = { userId: string; workspaceId: string; role: Role };

/** The workspaces an account belongs to: its personal one first, then its teams by name. */
export function workspacesOf(db: Database, userId: string) {
  return db
    .select({ id: workspace.id, kind: workspace.kind, name: workspace.name, role: member.role })
    .from(member)
    .innerJoin(workspace, eq(workspace.id, member.workspaceId))
    .where(eq(member.userId, userId))
    .orderBy(sql`${workspace.kind} = 'team'`, asc(workspace.name))
    .limit(200);
}

/** The teams an account belongs to, for the workspace switcher: read with the session on every signed-in page. */
export const teamsQuery = (db: Database, owner: Owner) =>
  db
    .select({ id: workspace.id, name: workspace.name, role: member.role })
    .from(member)
    .innerJoin(workspace, eq(workspace.id, member.workspaceId))
    .where(and(eq(member.userId, owner), eq(workspace.kind, "team")))
    .orderBy(asc(workspace.name))
    .limit(50);

/** A new team with its creator as owner, and the creator's session in it: one batch. */
export async function createTeam(db: Database, userId: string, name: string, token: string | null): Promise<string> {
  const id = `team_${randomToken(15)}`;
  await db.batch([
    db.insert(workspace).values({ id, kind: "team", name }),
    db.insert(member).values({ workspaceId: id, userId, role: "owner" }),
    // Card Pro's trial is the team's own (decision 0237), as a new account's is.
    db.insert(accountPlan).values({ userId: id, trialEndsAt: new Date(Date.now() + TRIAL_DAYS * DAY_MS) }),
    auditStatement(db, { workspaceId: id, actorId: userId, action: "team.created", subject: name }),
    db
      .update(session)
      .set({ activeWorkspaceId: id })
      .where(and(eq(session.token, token ?? ""), eq(session.userId, userId))),
  ]);
  return id;
}

/**
 * Works in `workspaceId` from now on, in this session only: a team the account is a member of, or its own (null).
 * False when it is not a member: nothing changes.
 */
export async function switchWorkspace(db: Database, userId: string, token: string, workspaceId: string | null) {
  const team = workspaceId && workspaceId !== userId ? workspaceId : null;
  const rows = await db
    .update(session)
    .set({ activeWorkspaceId: team })
    .where(
      and(
        eq(session.token, token),
        eq(session.userId, userId),
        team
          ? sql`exists (select 1 from ${member} where ${member.workspaceId} = ${team} and ${member.userId} = ${userId})`
          : undefined,
      ),
    )
    .returning({ id: session.id });
  return rows.length === 1;
}

/** A team the account is a member of, with its role in it; null for anything else (another team, a personal one). */
export async function teamOf(db: Database, userId: string, teamId: string) {
  const [row] = await db
    .select({ id: workspace.id, name: workspace.name, role: member.role })
    .from(member)
    .innerJoin(workspace, eq(workspace.id, member.workspaceId))
    .where(and(eq(member.workspaceId, teamId), eq(member.userId, userId), eq(workspace.kind, "team")))
    .limit(1);
  return row ? { id: row.id, name: row.name ?? "", role: row.role } : null;
}

const ROLE_ORDER = sql`case ${member.role} when 'owner' then 0 when 'admin' then 1 else 2 end`;

/** A team's members and its open invitations, for the team page. */
export async function teamPage(db: Database, teamId: string, now: Date) {
  const [members, invitations] = await db.batch([
    db
      .select({ id: user.id, name: user.name, email: user.email, role: member.role, since: member.createdAt })
      .from(member)
      .innerJoin(user, eq(user.id, member.userId))
      .where(eq(member.workspaceId, teamId))
      .orderBy(ROLE_ORDER, asc(user.name))
      .limit(1000),
    db
      .select({ id: invitation.id, email: invitation.email, role: invitation.role, expiresAt: invitation.expiresAt })
      .from(invitation)
      .where(and(eq(invitation.workspaceId, teamId), isNull(invitation.acceptedAt), gt(invitation.expiresAt, now)))
      .orderBy(asc(invitation.email))
      .limit(1000),
  ]);
  return { members, invitations };
}

/** Who an audit entry names as having acted. */
const by = (actor: Actor) => ({ workspaceId: actor.workspaceId, actorId: actor.userId });

/** A member's role in a workspace now, or null when they are not in it. */
async function roleIn(db: Database, workspaceId: string, userId: string): Promise<Role | null> {
  const [row] = await db
    .select({ role: member.role })
    .from(member)
    .where(and(eq(member.workspaceId, workspaceId), eq(member.userId, userId)))
    .limit(1);
  return row?.role ?? null;
}

/** The acting member is still an owner or admin of the team, checked in the statement that writes. */
const managerNow = (actor: Actor) =>
  sql`exists (select 1 from ${member} m where m.workspace_id = ${actor.workspaceId} and m.user_id = ${actor.userId} and m.role in ('owner', 'admin'))`;
const ownerNow = (actor: Actor) =>
  sql`exists (select 1 from ${member} m where m.workspace_id = ${actor.workspaceId} and m.user_id = ${actor.userId} and m.role = 'owner')`;

export type InviteResult =
  | { ok: true; token: string; expiresAt: Date }
  | { ok: false; reason: "not-allowed" | "already-member" | "daily-limit" };

/**
 * Invitations the team sent in the last day, as its log holds them (replaced and taken back ones count too). Read
 * through the log's (workspace, id) index: a team's whole log is scanned, which wants an index of its own later.
 */
const sentToday = (workspaceId: string, now: Date) =>
  sql`(select count(*) from ${workspaceAudit} a where a.workspace_id = ${workspaceId} and a.action = 'invitation.sent' and a.at > ${now.getTime() - DAY_MS})`;

/** Room for `n` more invitations today, checked in the statement that writes them. */
const roomFor = (workspaceId: string, n: number, now: Date) =>
  sql`${sentToday(workspaceId, now)} + ${n} <= ${INVITATIONS_PER_DAY}`;

async function overDailyLimit(db: Database, workspaceId: string, n: number, now: Date) {
  const [row] = await db
    .select({ ok: sql<number>`${roomFor(workspaceId, n, now)}` })
    .from(workspace)
    .limit(1);
  return row?.ok !== 1;
}

/**
 * An invitation to `email`, mailed with a link that works once, for a week, for that address only. A second
 * invitation to the same address replaces the first (whose link stops working), in one batch.
 */
export async function invite(
  db: Database,
  actor: Actor,
  input: { email: string; role: "admin" | "member"; team: string; inviter: string; origin: string },
  now: Date,
): Promise<InviteResult> {
  if (!managesTeam(actor.role)) return { ok: false, reason: "not-allowed" };
  const email = input.email.toLowerCase();
  const [already] = await db
    .select({ id: user.id })
    .from(member)
    .innerJoin(user, eq(user.id, member.userId))
    .where(and(eq(member.workspaceId, actor.workspaceId), sql`lower(${user.email}) = ${email}`))
    .limit(1);
  if (already) return { ok: false, reason: "already-member" };
  const token = randomToken();
  const expiresAt = new Date(now.getTime() + INVITATION_DAYS * DAY_MS);
  const id = randomToken(12);
  const [, inserted] = await db.batch([
    db
      .delete(invitation)
      .where(
        and(eq(invitation.workspaceId, actor.workspaceId), eq(invitation.email, email), isNull(invitation.acceptedAt)),
      ),
    // Only while the inviter still manages the team, checked in the statement that writes.
    db
      .insert(invitation)
      .select(
        db
          .select({
            id: sql<string>`${id}`.as("id"),
            workspaceId: workspace.id,
            email: sql<string>`${email}`.as("email"),
            role: sql<"admin" | "member">`${input.role}`.as("role"),
            tokenHash: sql<string>`${await sha256Hex(token)}`.as("token_hash"),
            inviterId: sql<string>`${actor.userId}`.as("inviter_id"),
            expiresAt: sql<Date>`${expiresAt.getTime()}`.as("expires_at"),
            acceptedAt: sql<Date | null>`null`.as("accepted_at"),
            acceptedBy: sql<string | null>`null`.as("accepted_by"),
            createdAt: sql<Date>`${now.getTime()}`.as("created_at"),
          })
          .from(workspace)
          .where(
            and(
              eq(workspace.id, actor.workspaceId),
              eq(workspace.kind, "team"),
              managerNow(actor),
              roomFor(actor.workspaceId, 1, now),
            ),
          ),
      )
      .returning({ id: invitation.id }),
    auditIfChanged(db, {
      workspaceId: actor.workspaceId,
      actorId: actor.userId,
      action: "invitation.sent",
      subject: email,
      detail: `As ${ROLE_NAMES[input.role]}`,
    }),
  ]);
  if (inserted.length !== 1)
    return {
      ok: false,
      reason: (await overDailyLimit(db, actor.workspaceId, 1, now)) ? "daily-limit" : "not-allowed",
    };
  await mailInvitation(db, actor.userId, email, token, input);
  return { ok: true, token, expiresAt };
}

/** Takes back an invitation not yet accepted; false when there is none (accepted, or another team's). */
export async function cancelInvitation(db: Database, actor: Actor, id: string) {
  if (!managesTeam(actor.role)) return false;
  const [open] = await db
    .select({ email: invitation.email })
    .from(invitation)
    .where(and(eq(invitation.id, id), eq(invitation.workspaceId, actor.workspaceId)))
    .limit(1);
  if (!open) return false;
  const [rows] = await db.batch([
    db
      .delete(invitation)
      .where(
        and(
          eq(invitation.id, id),
          eq(invitation.workspaceId, actor.workspaceId),
          isNull(invitation.acceptedAt),
          managerNow(actor),
        ),
      )
      .returning({ id: invitation.id }),
    auditIfChanged(db, {
      workspaceId: actor.workspaceId,
      actorId: actor.userId,
      action: "invitation.revoked",
      subject: open.email,
    }),
  ]);
  return rows.length === 1;
}

/** What an invitation's link shows before it is accepted. */
export async function invitationByToken(db: Database, token: string) {
  const hash = await linkTokenHash(token);
  if (!hash) return null;
  const [row] = await db
    .select({
      id: invitation.id,
      workspaceId: invitation.workspaceId,
      team: workspace.name,
      email: invitation.email,
      role: invitation.role,
      expiresAt: invitation.expiresAt,
      acceptedAt: invitation.acceptedAt,
      inviter: user.name,
    })
    .from(invitation)
    .innerJoin(workspace, eq(workspace.id, invitation.workspaceId))
    .leftJoin(user, eq(user.id, invitation.inviterId))
    .where(eq(invitation.tokenHash, hash))
    .limit(1);
  return row ?? null;
}

/** Where an anonymous opener of an invitation link goes: making the account when nobody has its address yet. */
export async function joinSignInPath(db: Database, url: URL): Promise<string | null> {
  if (url.pathname !== "/teams/join") return null;
  const found = await invitationByToken(db, url.searchParams.get("token") ?? "");
  if (!found || found.acceptedAt || found.expiresAt.getTime() <= Date.now()) return null;
  const [account] = await db
    .select({ id: user.id })
    .from(user)
    .where(sql`lower(${user.email}) = ${found.email}`)
    .limit(1);
  if (account) return null;
  return `/auth?${new URLSearchParams({ mode: "signup", redirectTo: url.pathname + url.search })}`;
}

export type AcceptResult =
  | { ok: true; workspaceId: string }
  | { ok: false; reason: "not-found" | "used" | "expired" | "other-address" | "unconfirmed" };

/**
 * Accepts an invitation as the signed-in account: only once, before it expires, and only when the account's
 * confirmed address is the one invited. The invitation is claimed and the membership added in one batch; the
 * claim's own condition makes a second acceptance (a reused or raced link) change nothing.
 */
export async function acceptInvitation(
  db: Database,
  account: { id: string; email: string; emailVerified: boolean },
  token: string | null,
  now: Date,
): Promise<AcceptResult> {
  const found = await invitationByToken(db, token ?? "");
  if (!found) return { ok: false, reason: "not-found" };
  if (found.acceptedAt) return { ok: false, reason: "used" };
  if (found.expiresAt.getTime() <= now.getTime()) return { ok: false, reason: "expired" };
  if (found.email !== account.email.toLowerCase()) return { ok: false, reason: "other-address" };
  if (!account.emailVerified) return { ok: false, reason: "unconfirmed" };
  const at = now.getTime();
  const [claimed] = await db.batch([
    db
      .update(invitation)
      .set({ acceptedAt: now, acceptedBy: account.id })
      .where(
        and(
          eq(invitation.id, found.id),
          isNull(invitation.acceptedAt),
          gt(invitation.expiresAt, now),
          // The address and its confirmation, as the database holds them now.
          sql`exists (select 1 from ${user} where ${user.id} = ${account.id} and lower(${user.email}) = ${invitation.email} and ${user.emailVerified} = 1)`,
        ),
      )
      .returning({ id: invitation.id }),
    // A member already (another invitation, accepted first) stays as they are.
    db
      .insert(member)
      .select(
        db
          .select({
            workspaceId: invitation.workspaceId,
            userId: sql<string>`${account.id}`.as("user_id"),
            role: invitation.role,
            createdAt: sql<Date>`${at}`.as("created_at"),
          })
          .from(invitation)
          .where(
            and(
              eq(invitation.id, found.id),
              eq(invitation.acceptedBy, account.id),
              sql`${invitation.acceptedAt} = ${at}`,
            ),
          ),
      )
      .onConflictDoNothing(),
    auditIfChanged(db, {
      workspaceId: found.workspaceId,
      actorId: account.id,
      action: "member.joined",
      detail: `As ${ROLE_NAMES[found.role]}`,
    }),
    seatClaim(db, found.workspaceId),
  ]);
  if (claimed.length !== 1) {
    const again = await invitationByToken(db, token ?? "");
    return { ok: false, reason: again?.acceptedAt ? "used" : "expired" };
  }
  return { ok: true, workspaceId: found.workspaceId };
}

export type MemberChange =
  | { ok: true; paused?: string[] }
  | { ok: false; reason: "not-allowed" | "gone" | "last-owner" | "heir" };

/** The "last owner" trigger's refusal (migration 0046), as D1 reports it. */
const lastOwner = (error: unknown) => error instanceof Error && /last owner/.test(`${error.message} ${error.cause}`);

async function keepingAnOwner(write: () => Promise<boolean>): Promise<MemberChange> {
  try {
    return (await write()) ? { ok: true } : { ok: false, reason: "gone" };
  } catch (error) {
    if (lastOwner(error)) return { ok: false, reason: "last-owner" };
    throw error;
  }
}

/** Sessions that worked in the team go back to their personal workspace (the session read would, anyway). */
const leaveSessions = (db: Database, userId: string, teamId: string) =>
  db
    .update(session)
    .set({ activeWorkspaceId: null })
    .where(and(eq(session.userId, userId), eq(session.activeWorkspaceId, teamId)));

/**
 * Removes another member: an admin removes admins and members, an owner anyone. In the same batch their people and
 * open follow-ups go to `heir`, an owner or admin the remover chose (decision 0234), and their app passwords and API
 * tokens for the team are revoked. Two admins removing the same member at once: one removes, the other finds them
 * gone and hands nothing on twice.
 */
export async function removeMember(db: Database, actor: Actor, userId: string, heir: string): Promise<MemberChange> {
  if (!managesTeam(actor.role) || userId === actor.userId) return { ok: false, reason: "not-allowed" };
  // Checked again by the removal's own statement: a heir demoted meanwhile leaves the member where they are.
  if (heir === userId || !(await isAdminOf(db, actor.workspaceId, heir))) return { ok: false, reason: "heir" };
  let paused: string[] = [];
  const change = await keepingAnOwner(async () => {
    const [removed, , , held] = await db.batch([
      db
        .delete(member)
        .where(
          and(
            eq(member.workspaceId, actor.workspaceId),
            eq(member.userId, userId),
            sql`(${member.role} <> 'owner' and ${managerNow(actor)} or ${ownerNow(actor)})`,
            // Nobody leaves without someone to take their people: the heir is an owner or admin now.
            sql`exists (select 1 from ${member} h where h.workspace_id = ${actor.workspaceId} and h.user_id = ${heir} and h.role in ('owner', 'admin'))`,
          ),
        )
        .returning({ userId: member.userId }),
      auditIfChanged(db, { ...by(actor), action: "member.removed", subjectUserId: userId }),
      leaveSessions(db, userId, actor.workspaceId),
      pauseHeldCards(db, userId, actor.workspaceId),
      ...handOnStatements(db, actor, userId, heir, new Date()),
      seatClaim(db, actor.workspaceId),
    ]);
    paused = publishedSlugs(held);
    return removed.length === 1;
  });
  return change.ok ? { ok: true, paused } : change;
}

/** Leaves a team; its only owner cannot (the trigger refuses), so a team always keeps one. */
export async function leaveTeam(db: Database, actor: Actor): Promise<MemberChange> {
  // Whoever leaves hands their people and follow-ups to the team's first other owner (decision 0234).
  const [heir] = await db
    .select({ id: member.userId })
    .from(member)
    .where(and(eq(member.workspaceId, actor.workspaceId), eq(member.role, "owner"), ne(member.userId, actor.userId)))
    .orderBy(asc(member.createdAt), asc(member.userId))
    .limit(1);
  let paused: string[] = [];
  const change = await keepingAnOwner(async () => {
    const [left, , , held] = await db.batch([
      db
        .delete(member)
        .where(and(eq(member.workspaceId, actor.workspaceId), eq(member.userId, actor.userId)))
        .returning({ userId: member.userId }),
      auditIfChanged(db, { ...by(actor), action: "member.left" }),
      leaveSessions(db, actor.userId, actor.workspaceId),
      pauseHeldCards(db, actor.userId, actor.workspaceId),
      ...(heir ? handOnStatements(db, actor, actor.userId, heir.id, new Date()) : []),
      seatClaim(db, actor.workspaceId),
    ]);
    paused = publishedSlugs(held);
    return left.length === 1;
  });
  return change.ok ? { ok: true, paused } : change;
}

/**
 * Changes a member's role: an owner gives any role (owner too) to anyone; an admin moves others between admin and
 * member, and never touches an owner. An owner stepping down needs another owner.
 */
export async function changeRole(db: Database, actor: Actor, userId: string, role: Role): Promise<MemberChange> {
  if (!managesTeam(actor.role)) return { ok: false, reason: "not-allowed" };
  if (actor.role !== "owner" && (role === "owner" || userId === actor.userId))
    return { ok: false, reason: "not-allowed" };
  return keepingAnOwner(async () => {
    const [rows] = await db.batch([
      db
        .update(member)
        .set({ role })
        .where(
          and(
            eq(member.workspaceId, actor.workspaceId),
            eq(member.userId, userId),
            // The same role again changes nothing, and records nothing.
            ne(member.role, role),
            role === "owner"
              ? ownerNow(actor)
              : sql`(${member.role} <> 'owner' and ${managerNow(actor)} or ${ownerNow(actor)})`,
          ),
        )
        .returning({ userId: member.userId }),
      auditIfChanged(db, {
        ...by(actor),
        action: "member.role",
        subjectUserId: userId,
        detail: `Now ${ROLE_NAMES[role]}`,
      }),
    ]);
    if (rows.length === 1) return true;
    return (await roleIn(db, actor.workspaceId, userId)) === role;
  });
}

/** An owner hands the team to another member, who becomes owner while the giver stays on as admin: one batch. */
export async function transferOwnership(db: Database, actor: Actor, userId: string): Promise<MemberChange> {
  if (actor.role !== "owner" || userId === actor.userId) return { ok: false, reason: "not-allowed" };
  return keepingAnOwner(async () => {
    const [promoted] = await db.batch([
      db
        .update(member)
        .set({ role: "owner" })
        .where(and(eq(member.workspaceId, actor.workspaceId), eq(member.userId, userId), ownerNow(actor)))
        .returning({ userId: member.userId }),
      auditIfChanged(db, { ...by(actor), action: "ownership.transferred", subjectUserId: userId }),
      // Steps down only once the other is owner: without them, the trigger keeps this owner.
      db
        .update(member)
        .set({ role: "admin" })
        .where(
          and(
            eq(member.workspaceId, actor.workspaceId),
            eq(member.userId, actor.userId),
            sql`exists (select 1 from ${member} m where m.workspace_id = ${actor.workspaceId} and m.user_id = ${userId} and m.role = 'owner')`,
          ),
        )
        .returning({ userId: member.userId }),
    ]);
    return promoted.length === 1;
  });
}

export type InviteManyResult = { ok: true; sent: string[] } | { ok: false; reason: "not-allowed" | "daily-limit" };

/**
 * Invitations to many addresses at once (a checked file), in one batch: older open invitations to them are replaced,
 * as a single invitation replaces one; anyone who joined meanwhile is left out; nothing is written unless the actor
 * still manages the team and the day's invitations leave room for all of them. Then one mail each.
 */
export async function inviteMany(
  db: Database,
  actor: Actor,
  input: { emails: string[]; role: "admin" | "member" } & Omit<InvitationMail, "role">,
  now: Date,
): Promise<InviteManyResult> {
  if (!managesTeam(actor.role)) return { ok: false, reason: "not-allowed" };
  const emails = [...new Set(input.emails.map((e) => e.toLowerCase()))];
  if (emails.length === 0) return { ok: true, sent: [] };
  const expiresAt = now.getTime() + INVITATION_DAYS * DAY_MS;
  const items = await Promise.all(
    emails.map(async (email) => {
      const token = randomToken();
      return { id: randomToken(12), email, subject: email, token, hash: await sha256Hex(token) };
    }),
  );
  const list = JSON.stringify(items.map(({ token: _token, ...item }) => item));
  const allowed = sql`${managerNow(actor)} and ${roomFor(actor.workspaceId, emails.length, now)}`;
  const field = (name: string) => sql.raw(`json_extract(j.value, '$.${name}')`);
  const results = await writeBatch(db, [
    rawSql(sql`delete from ${invitation} where workspace_id = ${actor.workspaceId} and accepted_at is null
      and email in (select ${field("email")} from json_each(${list}) j) and ${allowed}`),
    rawSql(sql`insert into ${invitation} (id, workspace_id, email, role, token_hash, inviter_id, expires_at, accepted_at, accepted_by, created_at)
      select ${field("id")}, w.id, ${field("email")}, ${input.role}, ${field("hash")}, ${actor.userId}, ${expiresAt}, null, null, ${now.getTime()}
      from json_each(${list}) j join ${workspace} w on w.id = ${actor.workspaceId} and w.kind = 'team'
      where ${allowed}
        and not exists (select 1 from ${member} m join ${user} u on u.id = m.user_id
          where m.workspace_id = w.id and lower(u.email) = ${field("email")})
      returning id`),
    auditEach(
      {
        workspaceId: actor.workspaceId,
        actorId: actor.userId,
        action: "invitation.sent",
        detail: `As ${ROLE_NAMES[input.role]}, from a file`,
      },
      items,
      sql`exists (select 1 from ${invitation} i where i.id = ${field("id")})`,
    ),
  ]);
  const inserted = new Set((results[1]?.results ?? []).map((r) => (r as { id: string }).id));
  if (inserted.size === 0) {
    if (await overDailyLimit(db, actor.workspaceId, emails.length, now)) return { ok: false, reason: "daily-limit" };
    // Everyone listed joined meanwhile, or the actor no longer manages the team.
    const role = await roleIn(db, actor.workspaceId, actor.userId);
    if (!role || !managesTeam(role)) return { ok: false, reason: "not-allowed" };
  }
  const sent = items.filter((i) => inserted.has(i.id));
  for (const item of sent)
    await mailInvitation(db, actor.userId, item.email, item.token, { ...input, role: input.role });
  return { ok: true, sent: sent.map((i) => i.email) };
}
