import { and, eq, inArray, isNotNull, sql } from "drizzle-orm";
import type { AppContext } from "~/context";
import {
  type GiftMapping,
  type GiftTable,
  giftKey,
  type ParsedGift,
  type Provider,
  parseGiftRows,
  type RowProblem,
} from "~/lib/fundraising/gift-import";
import { formatMoney } from "~/lib/money";
import type { PersonDraft } from "~/lib/people/draft";
import { normalisePerson } from "~/lib/people/normalise";
import { campaign, connection, consentRecord, contactPoint, gift } from "~db/schema";
import { chunk } from "../db/budget.server";
import { claimStatement, lostClaim } from "../db/claim.server";
import type { Database } from "../db/db.server";
import { rawSql, type Statement, writeBatch } from "../db/write.server";
import { ownerCountry } from "../people/add.server";
import { preparePeople } from "../people/batch.server";
import { senderNameOf } from "../people/consent.server";
import { forgetPreview, keepPreview, readPreview } from "../people/import.server";
import { giftEntriesStatements } from "../people/timeline.server";
import { purgeCampaignPages } from "./campaigns.server";
import { announceGifts } from "./gifts.server";

/** What waits in KV between the upload and the confirm (docs/decisions/0102): the table as read, not a plan. */
export type StoredGiftFile = GiftTable & {
  filename: string;
  campaignId: string;
  provider: Provider;
  mapping: GiftMapping;
};

const KIND = "gift-import";

export type PlannedGift = ParsedGift & {
  key: string;
  /** Someone already in the owner's network with this email or phone (the people core's exact match). */
  match: { id: number; name: string } | null;
  /** Stored by an earlier import of the same transaction: confirming skips it. */
  already: boolean;
};

export type GiftPlan = {
  gifts: PlannedGift[];
  errors: RowProblem[];
  notes: RowProblem[];
};

export const keepGiftFile = (app: AppContext, userId: string, file: StoredGiftFile, id?: string) =>
  keepPreview(app.env, KIND, userId, file, id);
export const readGiftFile = (app: AppContext, userId: string, id: unknown) =>
  readPreview<StoredGiftFile>(app.env, KIND, userId, id);
export const forgetGiftFile = (app: AppContext, userId: string, id: string) => forgetPreview(app.env, KIND, userId, id);

export function ownedCampaign(db: Database, userId: string, id: string) {
  return db
    .select({ id: campaign.id, title: campaign.title, currency: campaign.currency })
    .from(campaign)
    .where(and(eq(campaign.id, id), eq(campaign.userId, userId)))
    .get();
}

const donorId = (g: ParsedGift) => g.donorEmail || `name:${g.donorName.toLowerCase()}`;

/** Checks every row, keys each gift, and looks up donors and earlier imports; writes nothing. */
export async function planGiftImport(
  db: Database,
  userId: string,
  c: { id: string; currency: string },
  file: StoredGiftFile,
): Promise<GiftPlan> {
  const { gifts, errors, notes } = parseGiftRows(file, file.mapping, file.provider, c.currency);
  const kept: ParsedGift[] = [];
  for (const g of gifts) {
    if (g.currency !== c.currency)
      errors.push({ row: g.row, message: `This campaign counts gifts in ${c.currency}`, skipped: false });
    else kept.push(g);
  }
  errors.sort((a, b) => a.row - b.row);
  // Identical rows without an id (two equal cash gifts on one day) stay apart by their order in the file.
  const occurrences = new Map<string, number>();
  const keyed = await Promise.all(
    kept.map((g) => {
      const content = JSON.stringify([g.date, g.amount, g.currency, g.donorEmail, g.donorName.toLowerCase()]);
      const n = occurrences.get(content) ?? 0;
      occurrences.set(content, n + 1);
      return giftKey(file.provider, g, n).then((key) => ({ ...g, key }));
    }),
  );
  // Who is already in the network, by the keys the people core matches on (email, then phone).
  const country = await ownerCountry(db, userId);
  const keysOf = (g: ParsedGift) =>
    normalisePerson(
      {
        displayName: g.donorName || g.donorEmail,
        ...(g.donorEmail ? { emails: [{ value: g.donorEmail, label: "home" as const }] } : {}),
        ...(g.phone ? { phones: [{ value: g.phone, label: "other" as const }] } : {}),
      },
      country,
    )
      .points.filter((p) => p.key)
      .map((p) => ({ kind: p.kind, key: p.key as string }));
  const giftKeys = keyed.map(keysOf);
  const people = new Map<string, { id: number; name: string }>();
  for (const kind of ["email", "phone"] as const) {
    const wanted = [
      ...new Set(
        giftKeys
          .flat()
          .filter((k) => k.kind === kind)
          .map((k) => k.key),
      ),
    ];
    for (const part of chunk(wanted))
      for (const p of await db
        .select({ key: contactPoint.key, id: connection.id, name: connection.name })
        .from(contactPoint)
        .innerJoin(connection, eq(connection.id, contactPoint.connectionId))
        .where(
          and(
            eq(contactPoint.userId, userId),
            eq(connection.userId, userId),
            eq(contactPoint.kind, kind),
            isNotNull(contactPoint.key),
            inArray(contactPoint.key, part),
          ),
        ))
        if (!people.has(`${kind}:${p.key}`)) people.set(`${kind}:${p.key}`, { id: p.id, name: p.name });
  }
  const stored = new Set<string>();
  for (const part of chunk(keyed.map((g) => g.key)))
    for (const r of await db
      .select({ key: gift.externalKey })
      .from(gift)
      .where(and(eq(gift.userId, userId), inArray(gift.externalKey, part))))
      stored.add(r.key);
  // One donor per email (else name), as the confirm writes them: any of their rows' keys matches them all.
  const donorMatch = new Map<string, { id: number; name: string }>();
  keyed.forEach((g, i) => {
    const found = (giftKeys[i] ?? []).map((k) => people.get(`${k.kind}:${k.key}`)).find(Boolean);
    if (found && !donorMatch.has(donorId(g))) donorMatch.set(donorId(g), found);
  });
  const planned = keyed.map((g) => ({
    ...g,
    match: donorMatch.get(donorId(g)) ?? null,
    already: stored.has(g.key),
  }));
  for (const g of planned)
    if (g.already) notes.push({ row: g.row, message: "Imported before; skipped", skipped: true });
  notes.sort((a, b) => a.row - b.row);
  return { gifts: planned, errors, notes };
}

/** Donors whose gifts answered yes in the file's opt-in column, one each (the preview counts them). */
export function agreedDonors(gifts: ParsedGift[]): number {
  return new Set(gifts.filter((g) => g.optIn).map(donorId)).size;
}

/**
 * A donor's yes in the file's opt-in column is their consent to email from the charity (decision 0232), dated
 * on the gift that said it, so a withdrawal recorded since stays the latest word; one record per donor.
 */
async function optInStatements(
  db: Database,
  userId: string,
  provider: Provider,
  fresh: ParsedGift[],
  draftFor: number[],
  refs: ({ id: number } | { cid: string } | null | undefined)[],
): Promise<Statement[]> {
  const latest = new Map<number, ParsedGift>();
  fresh.forEach((g, i) => {
    const at = draftFor[i] ?? -1;
    const seen = latest.get(at);
    if (g.optIn && (!seen || g.date > seen.date)) latest.set(at, g);
  });
  const records = [...latest].flatMap(([at, g]) => {
    const ref = refs[at];
    if (!ref) return [];
    return [
      { ...("id" in ref ? { pid: ref.id } : { cid: ref.cid }), shown: g.optIn, at: Date.parse(`${g.date}T12:00:00Z`) },
    ];
  });
  if (!records.length) return [];
  const senderName = (await senderNameOf(db, userId, { fundraising: true })).slice(0, 200);
  const source = provider === "donorbox" || provider === "givebutter" ? `import:${provider}` : "import";
  return chunk(records, 250).map((part) =>
    rawSql(sql`insert into ${consentRecord} (sender_workspace_id, connection_id, purpose, state, sender_name, shown, source, created_at)
      select ${userId}, coalesce(json_extract(j.value, '$.pid'), (select c.id from ${connection} c
          where c.user_id = ${userId} and c.client_id = json_extract(j.value, '$.cid'))),
        'email', 'yes', ${senderName}, json_extract(j.value, '$.shown'), ${source}, json_extract(j.value, '$.at')
      from json_each(${JSON.stringify(part)}) j where true`),
  );
}

export type ImportOutcome =
  | { ok: true; imported: number; donors: number; skipped: number }
  | { ok: false; message: string; conflict?: true };

/** The answer to a confirm that another confirm of the same preview beat (a double click). */
export const GIFTS_ALREADY_IMPORTED = "This file was already imported; no gift or donor was added twice";

/**
 * Writes every gift, its donor (through the people core: matched by email, else new, tagged Donor) and
 * its timeline entry in one D1 batch, so the import applies whole or not at all. Each gift's key is
 * unique per owner, so a file confirmed twice (or two confirms at once) stores each gift once; only
 * gifts this batch stored are announced to webhooks, after it committed.
 */
export async function confirmGiftImport(
  app: AppContext,
  userId: string,
  c: { id: string; title: string; currency: string },
  file: StoredGiftFile,
  options: { skipErrors: boolean; previewId: string; alreadyThanked?: boolean },
): Promise<ImportOutcome> {
  const plan = await planGiftImport(app.db, userId, c, file);
  if (plan.errors.length && !options.skipErrors)
    return {
      ok: false,
      message: `${plan.errors.length} row${plan.errors.length === 1 ? " has" : "s have"} problems: fix the file, or choose to leave those rows out`,
    };
  const fresh = plan.gifts.filter((g) => !g.already);
  if (!fresh.length) return { ok: false, message: "Nothing in this file is left to import" };

  // One draft per donor: by email, else by name (a name-only donor appears once however many gifts).
  const donorOf = new Map<string, number>();
  const drafts: PersonDraft[] = [];
  const draftFor = fresh.map((g) => {
    const id = donorId(g);
    let at = donorOf.get(id);
    if (at === undefined) {
      at = drafts.length;
      donorOf.set(id, at);
      drafts.push({
        displayName: g.donorName || g.donorEmail,
        ...(g.donorEmail ? { emails: [{ value: g.donorEmail, label: "home" as const }] } : {}),
        ...(g.phone ? { phones: [{ value: g.phone, label: "other" as const }] } : {}),
      });
    }
    return at;
  });
  const people = await preparePeople(app.db, userId, drafts, {
    source: "import",
    detail: `Gave through an import from ${file.filename.slice(0, 120)}`,
    tags: ["Donor"],
    eventName: null,
    duplicates: "attach",
    notify: false,
    events: app,
    photos: null,
  });
  const rows = fresh.map((g, i) => {
    const ref = people.refs[draftFor[i] ?? -1] ?? null;
    const note = [g.note, g.campaign && g.campaign !== c.title ? `Campaign in the file: ${g.campaign}` : ""]
      .filter(Boolean)
      .join("\n");
    return {
      key: g.key,
      pid: ref && "id" in ref ? ref.id : null,
      cid: ref && "cid" in ref ? ref.cid : null,
      amount: g.amount,
      refunded: g.refunded,
      currency: g.currency,
      date: g.date,
      method: g.method,
      recurring: g.recurring ? 1 : 0,
      name: g.donorName || g.donorEmail,
      email: g.donorEmail || null,
      note: note.slice(0, 1000) || null,
      // Past gifts the owner thanked before: the file's own Thanked day, else the gift's day when they say so.
      thanked: g.thanked
        ? Date.parse(`${g.thanked}T12:00:00Z`)
        : options.alreadyThanked
          ? Date.parse(`${g.date}T12:00:00Z`)
          : null,
    };
  });
  const giftStatements: Statement[] = chunk(rows, 250).map((part) =>
    rawSql(sql`insert into ${gift} (user_id, campaign_id, connection_id, amount, amount_refunded, currency, date, method,
        recurring, source, donor_name, donor_email, note, external_key, acknowledged_at)
      select ${userId}, ${c.id}, coalesce(json_extract(j.value, '$.pid'),
          (select p.id from ${connection} p where p.user_id = ${userId} and p.client_id = json_extract(j.value, '$.cid'))),
        json_extract(j.value, '$.amount'), json_extract(j.value, '$.refunded'), json_extract(j.value, '$.currency'),
        json_extract(j.value, '$.date'), json_extract(j.value, '$.method'), json_extract(j.value, '$.recurring'), 'import',
        json_extract(j.value, '$.name'),
        json_extract(j.value, '$.email'), json_extract(j.value, '$.note'), json_extract(j.value, '$.key'),
        json_extract(j.value, '$.thanked')
      from json_each(${JSON.stringify(part)}) j where true
      on conflict (user_id, external_key) do nothing
      returning external_key`),
  );
  const entries = giftEntriesStatements(
    userId,
    fresh.map((g) => ({ key: g.key, summary: `Gave ${formatMoney(g.amount, g.currency)} to “${c.title}”` })),
  );
  const consents = await optInStatements(app.db, userId, file.provider, fresh, draftFor, people.refs);
  let results: D1Result[];
  try {
    // The preview is claimed in the same batch: a second confirm at once fails whole, adding no donor twice.
    const claim = claimStatement(userId, `gift-import:${options.previewId}`);
    results = await writeBatch(app.db, [claim, ...people.statements, ...giftStatements, ...entries, ...consents]);
  } catch (error) {
    await people.abort();
    if (lostClaim(error)) return { ok: false, message: GIFTS_ALREADY_IMPORTED, conflict: true };
    throw error;
  }
  const first = 1 + people.statements.length;
  const storedKeys = results
    .slice(first, first + giftStatements.length)
    .flatMap((r) => (r.results as { external_key: string }[]).map((x) => x.external_key));
  const added = await people.finish();
  await purgeCampaignPages(app.env);
  await announceGifts(app, userId, storedKeys);
  return {
    ok: true,
    imported: storedKeys.length,
    donors: added.added,
    skipped: plan.notes.length + (options.skipErrors ? plan.errors.length : 0) + (fresh.length - storedKeys.length),
  };
}
