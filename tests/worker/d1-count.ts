import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
// @ts-expect-error: the built Worker (what every worker test runs) has no type declarations
import built from "../../build/server/index.js";
import { ORIGIN } from "./helpers";

const worker = built as { fetch(request: Request, env: Env, ctx: ExecutionContext): Promise<Response> };

/** `db`, recording the SQL of every statement prepared through it or through one of its sessions. */
export function recording<T extends object>(db: T, statements: string[]): T {
  return new Proxy(db, {
    get(target, key) {
      const value = Reflect.get(target, key, target);
      if (key === "prepare")
        return (sql: string) => {
          statements.push(sql);
          return (target as unknown as D1Database).prepare(sql);
        };
      if (key === "withSession")
        return (...args: unknown[]) =>
          recording((target as unknown as D1Database).withSession(...(args as [string?])), statements);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}

/** One D1 round trip as the Worker makes it: a statement run on its own, or a batch of them, with their values. */
export type Trip = { sqls: string[]; params: unknown[][]; batch: boolean };

/**
 * `d1` and every session opened on it, telling `before` of each round trip before it goes to the database (it
 * may throw, as a database gone away would) and `after` of the most rows any of its statements answered and
 * the rows D1 says they read (0 for `raw()` and `first()`, which answer no meta: see rowsRead).
 */
export function observed(
  d1: D1Database,
  { before, after }: { before?: (trip: Trip) => void; after?: (trip: Trip, rows: number, read: number) => void },
): D1Database {
  const sqlOf = new WeakMap<object, string>();
  const paramsOf = new WeakMap<object, unknown[]>();
  const real = new WeakMap<object, D1PreparedStatement>();
  const statement = (s: D1PreparedStatement, sql: string, params: unknown[] = []): D1PreparedStatement => {
    const proxy = new Proxy(s, {
      get(t, k) {
        const value = Reflect.get(t, k, t);
        if (k === "bind") return (...args: unknown[]) => statement(t.bind(...args), sql, args);
        if (["all", "raw", "first", "run"].includes(String(k)))
          return async (...args: unknown[]) => {
            const trip = { sqls: [sql], params: [params], batch: false };
            before?.(trip);
            const out = await (value as (...a: unknown[]) => Promise<unknown>).apply(t, args);
            const meta = (out as { meta?: { rows_read?: number } } | null)?.meta;
            after?.(
              trip,
              Array.isArray(out) ? out.length : ((out as { results?: unknown[] })?.results?.length ?? 1),
              meta?.rows_read ?? 0,
            );
            return out;
          };
        return typeof value === "function" ? value.bind(t) : value;
      },
    });
    sqlOf.set(proxy, sql);
    paramsOf.set(proxy, params);
    real.set(proxy, s);
    return proxy;
  };
  const wrap = (target: D1Database | D1DatabaseSession): D1Database =>
    new Proxy(target, {
      get(t, k) {
        if (k === "prepare") return (sql: string) => statement(t.prepare(sql), sql);
        if (k === "withSession")
          return (...args: unknown[]) => wrap((t as D1Database).withSession(...(args as [string?])));
        if (k === "batch")
          return async (list: D1PreparedStatement[]) => {
            const trip = {
              sqls: list.map((s) => sqlOf.get(s) ?? ""),
              params: list.map((s) => paramsOf.get(s) ?? []),
              batch: true,
            };
            before?.(trip);
            const out = await t.batch(list.map((s) => real.get(s) ?? s));
            after?.(
              trip,
              Math.max(0, ...out.map((r) => r.results?.length ?? 0)),
              out.reduce((sum, r) => sum + (r.meta?.rows_read ?? 0), 0),
            );
            return out;
          };
        const value = Reflect.get(t, k, t);
        return typeof value === "function" ? value.bind(t) : value;
      },
    }) as D1Database;
  return wrap(d1);
}

/** The production Worker answering `path` over `db` as its D1 binding, with everything it left to finish done. */
export async function fetchOver(db: D1Database, path: string, init: RequestInit = {}): Promise<Response> {
  const ctx = createExecutionContext();
  const res = await worker.fetch(
    new Request(`${ORIGIN}${path}`, { ...init, redirect: "manual" }),
    { ...env, DB: db },
    ctx,
  );
  await res.arrayBuffer();
  await waitOnExecutionContext(ctx);
  return res;
}

/** A request to the production Worker whose D1 binding records each statement; answers the status and them. */
export async function fetchRecording(path: string, init: RequestInit = {}) {
  const statements: string[] = [];
  const res = await fetchOver(recording(env.DB, statements), path, init);
  return { status: res.status, statements };
}

/**
 * The rows D1 read (its own `rows_read`) for the selects among `trips` that `pick` chooses, each run again on
 * `db` with its values: drizzle reads rows through `raw()`, which answers no meta.
 */
export async function rowsRead(db: D1Database, trips: Trip[], pick: (sql: string) => boolean): Promise<number> {
  let read = 0;
  for (const trip of trips)
    for (const [i, sql] of trip.sqls.entries())
      if (/^\s*select\b/i.test(sql) && pick(sql))
        read += (
          await db
            .prepare(sql)
            .bind(...(trip.params[i] ?? []))
            .all()
        ).meta.rows_read;
  return read;
}
