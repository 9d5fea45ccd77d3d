import { fillPlaceholders } from "drizzle-orm";
import type { Database } from "./db.server";

/**
 * Reads awaited together travel together (decision 0169). A page's loaders ask for what they need side by side
 * (`Promise.all` of a dozen reads, each in its own function); each such read used to be its own D1 round trip,
 * with its own subrequest and its own share of the binding's work. On this database, the reads started before
 * the request's next macrotask go to D1 as one batch, as a DataLoader gathers the loads of one tick; each
 * caller gets the rows it would have got on its own.
 *
 * Only plain reads are gathered (the statement starts with `select`); writes and explicit batches go at once,
 * as before. A read goes alone, as drizzle would send it, when a batch cannot answer it faithfully: D1 answers
 * a batch as objects keyed by column name, so a select with two columns of one name, or a column named like a
 * number (which an object puts first), is re-read on its own; and if a batch fails, each of its reads is tried
 * alone, so one read's error stays its own. Uses drizzle's D1 prepared query (pinned 0.45.4), as
 * compiled.server.ts does.
 */
export function coalescing(db: Database): Database {
  const session = (db as unknown as { session: Session }).session;
  const prepareQuery = session.prepareQuery.bind(session);
  let queue: Pending[] = [];

  const flush = async () => {
    const pending = queue;
    queue = [];
    if (pending.length === 1) return pending[0]?.alone();
    let results: D1Result[];
    try {
      results = await session.client.batch(pending.map((p) => p.statement));
    } catch {
      for (const p of pending) p.alone();
      return;
    }
    pending.forEach((p, i) => {
      const result = results[i];
      if (result) p.answer(result);
      else p.alone();
    });
  };

  const gather = (prepared: Prepared, method: "all" | "get", values: unknown, own: (values: unknown) => unknown) =>
    new Promise((resolve, reject) => {
      const alone = () => Promise.resolve(own(values)).then(resolve, reject);
      const statement = prepared.stmt.bind(...fillPlaceholders(prepared.query.params, (values ?? {}) as never));
      const answer = (result: D1Result) => {
        const rows = result.results as Record<string, unknown>[];
        const plain = !prepared.fields && !prepared.customResultMapper;
        if (plain) return resolve(method === "all" ? rows : rows[0]);
        if (prepared.customResultMapper || !faithful(rows[0], prepared.fields as unknown[])) return alone();
        if (method === "all") return resolve(prepared.mapAllResult(result, true));
        return resolve(rows.length === 0 ? undefined : prepared.mapGetResult(result, true));
      };
      if (queue.push({ statement, alone, answer }) === 1) setTimeout(flush, 0);
    });

  session.prepareQuery = (...args) => {
    const prepared = prepareQuery(...args);
    if (!/^\s*select\b/i.test(prepared.query.sql)) return prepared;
    const all = prepared.all.bind(prepared);
    const get = prepared.get.bind(prepared);
    prepared.all = (values) => gather(prepared, "all", values, all);
    prepared.get = (values) => gather(prepared, "get", values, get);
    return prepared;
  };
  return db;
}

/** Whether a batch's row, an object, holds every selected column in order: no name twice, none like a number. */
function faithful(row: Record<string, unknown> | undefined, fields: unknown[]): boolean {
  if (!row) return true;
  const names = Object.keys(row);
  return names.length === fields.length && !names.some((n) => /^\d+$/.test(n));
}

type Pending = { statement: D1PreparedStatement; alone: () => void; answer: (result: D1Result) => void };

/** drizzle's D1 prepared query and session, as far as this file uses them (their members are internal). */
type Prepared = {
  query: { sql: string; params: unknown[] };
  stmt: D1PreparedStatement;
  fields?: unknown;
  customResultMapper?: unknown;
  all(values?: unknown): Promise<unknown>;
  get(values?: unknown): Promise<unknown>;
  mapAllResult(result: D1Result, fromBatch: true): unknown;
  mapGetResult(result: D1Result, fromBatch: true): unknown;
};
type Session = {
  client: { batch(statements: D1PreparedStatement[]): Promise<D1Result[]> };
  prepareQuery(...args: unknown[]): Prepared;
};
