import { fillPlaceholders, type Placeholder, sql } from "drizzle-orm";
import { createDb, type Database } from "./db.server";

/**
 * A statement whose SQL is built once per isolate, then only bound on each request. Building drizzle's SQL
 * (walking the query's parts, checking each part's kind) cost more CPU than anything else of ours on a
 * signed-in page; the reads every such page makes are built here once (decision 0167).
 *
 * `build` gets a placeholder for each value and must take every per-request value through one: whatever else
 * it closes over is frozen into the SQL the first time. Values are bound as the database stores them (a
 * timestamp_ms column's number, not a Date): drizzle does not map placeholders through a column's encoder.
 * The statement answers as the builder would, awaited on its own or inside `db.batch`.
 */
export function compiled<K extends string, Q>(
  build: (db: Database, slot: Slots<K>) => Q,
): (db: Database, values: Record<K, Bound>) => Q {
  let shape: Shape | undefined;
  return (db, values) => {
    shape ??= shapeOf(build(template, placeholders as never) as unknown as Preparable);
    const { sql: text, params, fields, method, arrayMode, mapper, joins } = shape;
    const prepare = () => {
      const query = sessionOf(db).prepareQuery(
        { sql: text, params: fillPlaceholders(params, values) },
        fields,
        method,
        arrayMode,
        mapper,
      );
      query.joinsNotNullableMap = joins;
      return query;
    };
    // What drizzle asks of a batch item (`_prepare`), and what `await` asks of a query (`then`).
    const statement = {
      _prepare: prepare,
      // biome-ignore lint/suspicious/noThenProperty: the statement is awaited as drizzle's own builders are
      then: (ok?: (rows: unknown) => unknown, fail?: (error: unknown) => unknown) => prepare().execute().then(ok, fail),
    };
    return statement as unknown as Q;
  };
}

/** A placeholder per value: `slot.token` stands for `values.token`. */
export type Slots<K extends string> = { readonly [N in K]: Placeholder<N> };
/** What a placeholder is bound to: the value as the database stores it. */
type Bound = string | number | null;

/** `slot.name` is the placeholder called "name". */
const placeholders = new Proxy({}, { get: (_, name) => sql.placeholder(String(name)) });

/** Statements are built over a database that prepares nothing: building touches no real D1. */
const template = createDb({ prepare: () => null } as unknown as D1Database);

/** drizzle's prepared query, as far as this file uses it (its members are internal to drizzle). */
type Prepared = {
  getQuery(): { sql: string; params: unknown[] };
  fields?: unknown;
  customResultMapper?: unknown;
  joinsNotNullableMap?: unknown;
  executeMethod: string;
  isResponseInArrayMode(): boolean;
  execute(): Promise<unknown>;
};
type Preparable = { _prepare(): Prepared };
type Session = {
  prepareQuery(
    query: { sql: string; params: unknown[] },
    fields: unknown,
    method: string,
    arrayMode: boolean,
    mapper: unknown,
  ): Prepared;
};
type Shape = {
  sql: string;
  params: unknown[];
  fields: unknown;
  method: string;
  arrayMode: boolean;
  mapper: unknown;
  joins: unknown;
};

function shapeOf(builder: Preparable): Shape {
  const prepared = builder._prepare();
  const { sql, params } = prepared.getQuery();
  return {
    sql,
    params,
    fields: prepared.fields,
    method: prepared.executeMethod,
    arrayMode: prepared.isResponseInArrayMode(),
    mapper: prepared.customResultMapper,
    joins: prepared.joinsNotNullableMap,
  };
}

const sessionOf = (db: Database) => (db as unknown as { session: Session }).session;
