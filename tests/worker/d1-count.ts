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

/** A request to the production Worker whose D1 binding records each statement; answers the status and them. */
export async function fetchRecording(path: string, init: RequestInit = {}) {
  const statements: string[] = [];
  const ctx = createExecutionContext();
  const res = await worker.fetch(
    new Request(`${ORIGIN}${path}`, { ...init, redirect: "manual" }),
    { ...env, DB: recording(env.DB, statements) },
    ctx,
  );
  await res.arrayBuffer();
  await waitOnExecutionContext(ctx);
  return { status: res.status, statements };
}
