import { and, asc, desc, eq, isNotNull, isNull, sql } from "drizzle-orm";
import { BRAND_FIELDS, type BrandRules, type BrandValues, ruleOf } from "~/lib/card/brand";
import { type CurrentWorkspace, managesTeam } from "~/lib/teams/rules";
import { hex } from "~/lib/text/hex";
import { card, cardIssue, cardTemplate, member, user, workspace } from "~db/schema";
import type { Database } from "../db/db.server";
import { rawSql, writeBatch } from "../db/write.server";
import { purgeCards } from "../platform/edge-cache.server";
import type { AppEnv } from "../platform/env.server";
import { outboxMailer } from "../platform/mail.server";
import { linkTokenHash, randomToken } from "../platform/tokens.server";
import { auditIfChanged } from "../teams/audit.server";
import { cardFromTemplate, handOverMail, newHandOver } from "../teams/card-hand-over.server";
import { readerLocale } from "../teams/invitation-mail.server";
import { imageProblem, imageTypeOf } from "./cards.server";

/**
 * Cards on brand (decision 0236): a team's templates, the cards issued from them to members, and the rules a member's
 * edit must keep. Every multi-row change is one batch, and each carries "the actor still manages the team" in its own
 * statements, so an admin demoted a second ago changes nothing.
 */

export type Manager = { id: string; workspace: Pick<CurrentWorkspace, "id" | "role" | "team"> };

const managerNow = (m: Manager) =>
  sql`exists (select 1 from ${member} m where m.workspace_id = ${m.workspace.id} and m.user_id = ${m.id} and m.role in ('owner', 'admin'))`;

export const canManageCards = (w: Pick<CurrentWorkspace, "role" | "team">) => w.team !== null && managesTeam(w.role);

/** A team's templates, by name. */
export function listTemplates(db: Database, workspaceId: string) {
  return db
    .select()
    .from(cardTemplate)
    .where(eq(cardTemplate.workspaceId, workspaceId))
    .orderBy(asc(cardTemplate.name))
    .limit(200);
}

/** The template a member the team's directory adds gets a card from (decision 0260), or null. */
export async function defaultTemplateId(db: Database, workspaceId: string) {
  const row = await db
    .select({ id: workspace.defaultTemplateId })
    .from(workspace)
    .where(eq(workspace.id, workspaceId))
    .get();
  return row?.id ?? null;
}

/**
 * Sets (or, with null, clears) the team's default template: one statement, holding the manager's role and that the
 * template is the team's. False when either fails.
 */
export async function setDefaultTemplate(db: Database, actor: Manager, templateId: string | null) {
  if (!canManageCards(actor.workspace)) return false;
  const w = actor.workspace.id;
  const template = templateId
    ? await db
        .select({ name: cardTemplate.name })
        .from(cardTemplate)
        .where(and(eq(cardTemplate.id, templateId), eq(cardTemplate.workspaceId, w)))
        .get()
    : null;
  if (templateId && !template) return false;
  const [rows] = await db.batch([
    db
      .update(workspace)
      .set({ defaultTemplateId: templateId })
      .where(
        and(
          eq(workspace.id, w),
          eq(workspace.kind, "team"),
          managerNow(actor),
          templateId === null
            ? undefined
            : sql`exists (select 1 from ${cardTemplate} t where t.id = ${templateId} and t.workspace_id = ${w})`,
        ),
      )
      .returning({ id: workspace.id }),
    auditIfChanged(db, {
      workspaceId: w,
      actorId: actor.id,
      action: "template.changed",
      subject: template?.name ?? "",
      detail: templateId ? "Made the default for members the directory adds" : "No default template any more",
    }),
  ]);
  return rows.length === 1;
}

/** Every card of a team with who holds it, its template, and an open hand-over: the admins' overview. */
export function teamCards(db: Database, workspaceId: string) {
  return db
    .select({
      id: card.id,
      label: card.label,
      name: card.name,
      slug: card.slug,
      published: card.published,
      pausedAt: card.pausedAt,
      holderId: card.holderId,
      holderName: user.name,
      holderEmail: user.email,
      template: cardTemplate.name,
      issuedTo: cardIssue.email,
      issueExpires: cardIssue.expiresAt,
    })
    .from(card)
    .leftJoin(user, eq(user.id, card.holderId))
    .leftJoin(cardTemplate, eq(cardTemplate.id, card.templateId))
    .leftJoin(cardIssue, eq(cardIssue.cardId, card.id))
    .where(eq(card.userId, workspaceId))
    .orderBy(desc(card.updatedAt))
    .limit(1000);
}

/** The template a card follows, with its values and rules; null for a card on no template. */
export async function templateOfCard(db: Database, cardRow: { templateId: string | null; userId: string }) {
  if (!cardRow.templateId) return null;
  const [t] = await db
    .select()
    .from(cardTemplate)
    .where(and(eq(cardTemplate.id, cardRow.templateId), eq(cardTemplate.workspaceId, cardRow.userId)))
    .limit(1);
  return t ? { name: t.name, values: templateValues(t), rules: t.rules } : null;
}

const templateValues = (t: typeof cardTemplate.$inferSelect): BrandValues => ({
  company: t.company,
  address: t.address,
  website: t.website,
  headline: t.headline,
  colour: t.colour,
});

/** The values a locked field must keep, as the card form names them. */
export function lockedCardValues(t: { values: BrandValues; rules: Record<string, string> }) {
  const out: Partial<Record<(typeof BRAND_FIELDS)[number]["card"], string | null>> = {};
  for (const f of BRAND_FIELDS) if (ruleOf(t.rules, f.key) === "locked") out[f.card] = t.values[f.key];
  return out;
}

/** A member may edit a team card they hold, or one nobody holds; owners and admins edit every card. */
export const mayEditCard = (who: Manager, row: { holderId: string | null }) =>
  who.workspace.team === null || canManageCards(who.workspace) || row.holderId === null || row.holderId === who.id;

export type SaveTemplate = { id?: string; name: string; values: BrandValues; rules: BrandRules };

/**
 * Makes or changes a template. A change reaches every card made from it in the same batch: a locked field takes the
 * template's value; any other field takes it where the card still shows the template's old value (a member's own
 * entry stays). The cards' visitor pages are then purged. Null when the actor does not manage the team or the
 * template is not the team's.
 */
export async function saveTemplate(env: AppEnv, db: Database, actor: Manager, input: SaveTemplate) {
  if (!canManageCards(actor.workspace)) return null;
  const w = actor.workspace.id;
  const rules = JSON.stringify(input.rules);
  const v = input.values;
  if (!input.id) {
    const id = `tpl_${randomToken(12)}`;
    const [inserted] = await db.batch([
      db
        .insert(cardTemplate)
        .select(
          db
            .select({
              id: sql<string>`${id}`.as("id"),
              workspaceId: workspace.id,
              name: sql<string>`${input.name}`.as("name"),
              company: sql<string | null>`${v.company}`.as("company"),
              address: sql<string | null>`${v.address}`.as("address"),
              website: sql<string | null>`${v.website}`.as("website"),
              headline: sql<string | null>`${v.headline}`.as("headline"),
              colour: sql<string>`${v.colour ?? "#4f46e5"}`.as("colour"),
              rules: sql<Record<string, string>>`${rules}`.as("rules"),
              logoKey: sql<string | null>`null`.as("logo_key"),
              createdAt: sql<Date>`(unixepoch('subsec') * 1000)`.as("created_at"),
              updatedAt: sql<Date>`(unixepoch('subsec') * 1000)`.as("updated_at"),
            })
            .from(workspace)
            .where(and(eq(workspace.id, w), eq(workspace.kind, "team"), managerNow(actor))),
        )
        .returning({ id: cardTemplate.id }),
      auditIfChanged(db, {
        workspaceId: w,
        actorId: actor.id,
        action: "template.changed",
        subject: input.name,
        detail: "Made",
      }),
    ]);
    return inserted.length === 1 ? { id, purged: 0 } : null;
  }
  const tid = input.id;
  const fieldSet = (cardColumn: string, key: keyof BrandValues) => {
    const value = v[key];
    if (ruleOf(input.rules as Record<string, string>, key) === "locked") return sql`${value}`;
    const column = sql.raw(cardColumn);
    return sql`case when ${column} is (select t.${sql.raw(key)} from card_template t where t.id = ${tid}) then ${value} else ${column} end`;
  };
  const owned = sql`exists (select 1 from card_template t where t.id = ${tid} and t.workspace_id = ${w})`;
  const results = await writeBatch(db, [
    // The cards first, while the template row still holds the old values they are compared with.
    rawSql(sql`update card set company = ${fieldSet("company", "company")}, location = ${fieldSet("location", "address")},
      website = ${fieldSet("website", "website")}, headline = ${fieldSet("headline", "headline")},
      colour = coalesce(${fieldSet("colour", "colour")}, colour), updated_at = (unixepoch('subsec') * 1000)
      where template_id = ${tid} and user_id = ${w} and ${owned} and ${managerNow(actor)}`),
    rawSql(sql`update card_template set name = ${input.name}, company = ${v.company}, address = ${v.address},
      website = ${v.website}, headline = ${v.headline}, colour = ${v.colour ?? "#4f46e5"}, rules = ${rules},
      updated_at = (unixepoch('subsec') * 1000)
      where id = ${tid} and workspace_id = ${w} and ${managerNow(actor)} returning id`),
    auditIfChanged(db, {
      workspaceId: w,
      actorId: actor.id,
      action: "template.changed",
      subject: input.name,
      detail: "Changed: its cards follow",
    }),
    rawSql(
      sql`select slug from card where template_id = ${tid} and user_id = ${w} and published = 1 and slug is not null`,
    ),
  ]);
  if ((results[1]?.results ?? []).length !== 1) return null;
  const slugs = (results[3]?.results ?? []).map((r) => (r as { slug: string }).slug);
  await purgeCards(env, slugs);
  return { id: tid, purged: slugs.length };
}

/**
 * A template's logo (decision 0254), checked as a card's photo is and kept in KV under a hash of the template and the
 * image; or removed (null). The template and its audit entry are one batch that also names the cards to refresh; their
 * cached visitor pages are purged, as after any template change. Null when the actor does not manage the team or the
 * template is not the team's; an error message for anything not an image.
 */
export async function setTemplateLogo(
  env: AppEnv,
  db: Database,
  actor: Manager,
  templateId: string,
  bytes: Uint8Array | null,
): Promise<{ key: string | null; purged: number } | { error: string } | null> {
  if (!canManageCards(actor.workspace)) return null;
  const w = actor.workspace.id;
  const problem = bytes ? imageProblem("", bytes) : null;
  if (problem) return { error: problem };
  const [before] = await db
    .select({ logoKey: cardTemplate.logoKey, name: cardTemplate.name })
    .from(cardTemplate)
    .where(and(eq(cardTemplate.id, templateId), eq(cardTemplate.workspaceId, w)))
    .limit(1);
  if (!before) return null;
  let key: string | null = null;
  if (bytes) {
    const named = new Uint8Array([...new TextEncoder().encode(`${templateId}\n`), ...bytes]);
    key = `logo-${hex(new Uint8Array(await crypto.subtle.digest("SHA-256", named)).slice(0, 12))}`;
    await env.CACHE.put(`avatar:${key}`, bytes, { metadata: { type: imageTypeOf(bytes) } });
  }
  const results = await writeBatch(db, [
    rawSql(sql`update card_template set logo_key = ${key}, updated_at = (unixepoch('subsec') * 1000)
      where id = ${templateId} and workspace_id = ${w} and ${managerNow(actor)} returning id`),
    auditIfChanged(db, {
      workspaceId: w,
      actorId: actor.id,
      action: "template.changed",
      subject: before.name,
      detail: key ? "Logo changed: its cards follow" : "Logo removed: its cards follow",
    }),
    rawSql(
      sql`select slug from card where template_id = ${templateId} and user_id = ${w} and published = 1 and slug is not null`,
    ),
  ]);
  if ((results[0]?.results ?? []).length !== 1) {
    if (key && key !== before.logoKey) await env.CACHE.delete(`avatar:${key}`);
    return null;
  }
  if (before.logoKey && before.logoKey !== key) await env.CACHE.delete(`avatar:${before.logoKey}`);
  const slugs = (results[2]?.results ?? []).map((r) => (r as { slug: string }).slug);
  await purgeCards(env, slugs);
  return { key, purged: slugs.length };
}

/**
 * Deletes a template: its cards keep their values and lose the link (and the logo), so their cached visitor pages are
 * purged; its logo leaves KV once the row is gone. Null when the actor does not manage the team or the template is not
 * the team's.
 */
export async function deleteTemplate(env: AppEnv, db: Database, actor: Manager, templateId: string) {
  if (!canManageCards(actor.workspace)) return null;
  const w = actor.workspace.id;
  const [before] = await db
    .select({ name: cardTemplate.name })
    .from(cardTemplate)
    .where(and(eq(cardTemplate.id, templateId), eq(cardTemplate.workspaceId, w)))
    .limit(1);
  if (!before) return null;
  const results = await writeBatch(db, [
    // The linked cards' slugs first, while the link still holds (the delete sets it null).
    rawSql(
      sql`select slug from card where template_id = ${templateId} and user_id = ${w} and published = 1 and slug is not null`,
    ),
    rawSql(sql`delete from card_template where id = ${templateId} and workspace_id = ${w} and ${managerNow(actor)}
      returning logo_key`),
    auditIfChanged(db, {
      workspaceId: w,
      actorId: actor.id,
      action: "template.changed",
      subject: before.name,
      detail: "Deleted: its cards keep their values",
    }),
  ]);
  const [gone] = (results[1]?.results ?? []) as { logo_key: string | null }[];
  if (!gone) return null;
  const slugs = (results[0]?.results ?? []).map((r) => (r as { slug: string }).slug);
  await Promise.all([gone.logo_key ? env.CACHE.delete(`avatar:${gone.logo_key}`) : null, purgeCards(env, slugs)]);
  return { name: before.name, purged: slugs.length };
}

export type IssueResult =
  | { ok: true; token: string; cardId: number }
  | { ok: false; reason: "not-allowed" | "not-found" };

/**
 * Issues a card to a member: a new card made from a template, or an existing team card (a paused one, handed to
 * someone else). The member gets a mail with a link that works once, for a week, for their confirmed address only;
 * until they claim it the card keeps its holder (or none). Issuing again replaces the link.
 */
export async function issueCard(
  db: Database,
  actor: Manager,
  input: { memberId: string; templateId?: string; cardId?: number; origin: string },
  now: Date,
): Promise<IssueResult> {
  if (!canManageCards(actor.workspace)) return { ok: false, reason: "not-allowed" };
  const w = actor.workspace.id;
  const [holder] = await db
    .select({ name: user.name, email: user.email })
    .from(member)
    .innerJoin(user, eq(user.id, member.userId))
    .where(and(eq(member.workspaceId, w), eq(member.userId, input.memberId)))
    .limit(1);
  if (!holder) return { ok: false, reason: "not-found" };
  const handOver = await newHandOver(now);
  const { token, hash, expiresAt } = handOver;
  const email = holder.email.toLowerCase();
  let cardId: number;
  if (input.cardId !== undefined) {
    const [row] = await db
      .select({ id: card.id })
      .from(card)
      .where(and(eq(card.id, input.cardId), eq(card.userId, w)))
      .limit(1);
    if (!row) return { ok: false, reason: "not-found" };
    cardId = row.id;
    const results = await writeBatch(db, [
      rawSql(sql`insert into card_issue (card_id, workspace_id, email, token_hash, expires_at)
        select ${cardId}, ${w}, ${email}, ${hash}, ${expiresAt} where ${managerNow(actor)}
        on conflict (card_id) do update set email = excluded.email, token_hash = excluded.token_hash,
          expires_at = excluded.expires_at, created_at = (unixepoch('subsec') * 1000)
        returning card_id`),
    ]);
    if ((results[0]?.results ?? []).length !== 1) return { ok: false, reason: "not-allowed" };
  } else {
    const [t] = await db
      .select()
      .from(cardTemplate)
      .where(and(eq(cardTemplate.id, input.templateId ?? ""), eq(cardTemplate.workspaceId, w)))
      .limit(1);
    if (!t) return { ok: false, reason: "not-found" };
    const name = holder.name.trim().slice(0, 100) || email.split("@")[0] || "Team card";
    const results = await writeBatch(
      db,
      cardFromTemplate(handOver, { workspaceId: w, email, name }, sql`t.id = ${t.id}`, managerNow(actor)),
    );
    const made = (results[0]?.results ?? [])[0] as { id: number } | undefined;
    if (!made) return { ok: false, reason: "not-allowed" };
    cardId = made.id;
  }
  // The address's own account's language, else the issuing admin's, as a team invitation (decision 0269).
  const locale = await readerLocale(db, email, actor.id);
  await outboxMailer(db).send(handOverMail(actor.workspace.team, email, input.origin, token, locale));
  return { ok: true, token, cardId };
}

/** What a hand-over link shows before it is claimed. */
export async function cardIssueByToken(db: Database, token: string) {
  const hash = await linkTokenHash(token);
  return hash ? cardIssueByHash(db, hash) : null;
}

async function cardIssueByHash(db: Database, hash: string) {
  const [row] = await db
    .select({
      cardId: cardIssue.cardId,
      workspaceId: cardIssue.workspaceId,
      team: workspace.name,
      email: cardIssue.email,
      expiresAt: cardIssue.expiresAt,
      label: card.label,
      // The claim keys its writes and its second look by it: the token is hashed once.
      tokenHash: cardIssue.tokenHash,
    })
    .from(cardIssue)
    .innerJoin(workspace, eq(workspace.id, cardIssue.workspaceId))
    .innerJoin(card, eq(card.id, cardIssue.cardId))
    .where(eq(cardIssue.tokenHash, hash))
    .limit(1);
  return row ?? null;
}

export type ClaimRefusal = "not-found" | "expired" | "other-address" | "unconfirmed" | "not-member";
export type ClaimResult =
  | { ok: true; cardId: number; workspaceId: string; slug: string | null }
  | { ok: false; reason: ClaimRefusal };

/** Why a hand-over link cannot be claimed by this account now, or null when it can. */
export function claimRefusal(
  found: Awaited<ReturnType<typeof cardIssueByToken>>,
  account: { email: string; emailVerified: boolean },
  now: Date,
): ClaimRefusal | null {
  if (!found) return "not-found";
  if (found.expiresAt.getTime() <= now.getTime()) return "expired";
  if (found.email !== account.email.toLowerCase()) return "other-address";
  return account.emailVerified ? null : "unconfirmed";
}

/**
 * Claims a card with its link: the account becomes its holder (a paused card runs again) and the link is spent, in one
 * batch whose own conditions hold the address, its confirmation, the expiry and the membership, so a reused, raced or
 * forwarded link changes nothing.
 */
export async function claimCard(
  db: Database,
  account: { id: string; email: string; emailVerified: boolean },
  token: string,
  now: Date,
): Promise<ClaimResult> {
  const found = await cardIssueByToken(db, token);
  const refused = claimRefusal(found, account, now);
  if (refused || !found) return { ok: false, reason: refused ?? "not-found" };
  const hash = found.tokenHash;
  const [claimed] = await db.batch([
    db
      .update(card)
      .set({ holderId: account.id, pausedAt: null })
      .where(
        and(
          eq(card.id, found.cardId),
          sql`exists (select 1 from ${cardIssue} i join ${user} u on u.id = ${account.id}
            join ${member} m on m.workspace_id = i.workspace_id and m.user_id = u.id
            where i.card_id = ${card.id} and i.token_hash = ${hash} and i.expires_at > ${now.getTime()}
              and lower(u.email) = i.email and u.email_verified = 1)`,
        ),
      )
      .returning({ id: card.id, slug: card.slug, workspaceId: card.userId }),
    db
      .delete(cardIssue)
      .where(
        and(
          eq(cardIssue.tokenHash, hash),
          sql`exists (select 1 from ${card} c where c.id = ${cardIssue.cardId} and c.holder_id = ${account.id})`,
        ),
      ),
  ]);
  const row = claimed[0];
  if (!row) {
    const again = await cardIssueByHash(db, hash);
    if (!again) return { ok: false, reason: "not-found" };
    const [isMember] = await db
      .select({ id: member.userId })
      .from(member)
      .where(and(eq(member.workspaceId, again.workspaceId), eq(member.userId, account.id)))
      .limit(1);
    return { ok: false, reason: isMember ? "expired" : "not-member" };
  }
  return { ok: true, cardId: row.id, workspaceId: row.workspaceId, slug: row.slug };
}

/** A team's main card, offered on a paused card's page: its oldest published card nobody holds, running. */
function mainCardQuery(db: Database, workspaceId: string) {
  return db
    .select({ slug: card.slug, name: card.name })
    .from(card)
    .where(
      and(
        eq(card.userId, workspaceId),
        eq(card.published, true),
        isNull(card.holderId),
        isNull(card.pausedAt),
        isNotNull(card.slug),
      ),
    )
    .orderBy(asc(card.id))
    .limit(1);
}

/**
 * A published card that is paused (its holder left the team): the team's name and its main card, for the page that
 * says so. Null for any other slug, which stays "not found".
 */
export async function pausedCard(db: Database, slug: string) {
  const [row] = await db
    .select({ workspaceId: card.userId, team: workspace.name })
    .from(card)
    .innerJoin(workspace, eq(workspace.id, card.userId))
    .where(and(eq(card.slug, slug), eq(card.published, true), isNotNull(card.pausedAt)))
    .limit(1);
  if (!row) return null;
  const [main] = await mainCardQuery(db, row.workspaceId);
  return { team: row.team ?? "", main: main?.slug ? { slug: main.slug, name: main.name } : null };
}
