import type { Context } from "hono";
import type { z } from "zod";
import type { AppContext } from "~/context";
import { decodeJson, encodeJson } from "~/lib/text/base64url";
import type { TokenScope } from "../integrations/api-tokens.server";
import { IdParam, type Problem } from "./v1-schemas.server";

/** The personal API's answers and readings shared by every handler: problems, cursors, ids, bodies. */

export type V1Env = {
  Bindings: Env;
  Variables: { app: AppContext; token: { id: number; userId: string; createdBy: string; scope: TokenScope } };
};

export function problem(
  c: Context,
  status: 400 | 401 | 403 | 404 | 405 | 409 | 415 | 429,
  title: string,
  detail?: string,
  errors?: { pointer: string; detail: string }[],
  headers: Record<string, string> = {},
) {
  const body: z.infer<typeof Problem> = {
    type: "about:blank",
    title,
    status,
    ...(detail ? { detail } : {}),
    ...(errors ? { errors } : {}),
  };
  return c.body(JSON.stringify(body), status, {
    "content-type": "application/problem+json",
    "cache-control": "no-store",
    ...headers,
  });
}

export const issues = (error: z.ZodError, root: string) =>
  error.issues.map((i) => ({
    pointer: `${root}/${i.path.map(String).join("/")}`.replace(/\/$/, ""),
    detail: i.message,
  }));

// A JSON pair, since the stored moment may carry fractions of a millisecond (and so a dot).
export const encodeCursor = (next: { updatedAt: number; id: number } | null) =>
  next ? btoa(JSON.stringify([next.updatedAt, next.id])).replace(/=+$/, "") : null;
export function decodeCursor(cursor: string): { updatedAt: number; id: number } | null {
  try {
    const text = atob(cursor);
    // Cursors handed out before the pair was JSON read "<ms>.<id>".
    const [at, id] = text.startsWith("[") ? (JSON.parse(text) as unknown[]) : text.split(".").map(Number);
    return typeof at === "number" && Number.isFinite(at) && Number.isSafeInteger(id)
      ? { updatedAt: at, id: id as number }
      : null;
  } catch {
    return null;
  }
}

/**
 * The cursor of a keyset page: the sort key and id of the page's last row, as base64url JSON (a query
 * string reads "+" as a space). Decoding checks each part's type, so a forged cursor is a 400, not a 500.
 */
export const encodeKey = (key: readonly [number | string, number | string] | null) => (key ? encodeJson(key) : null);
export function decodeKey<A extends "number" | "string", B extends "number" | "string">(
  cursor: string,
  first: A,
  second: B,
): [A extends "number" ? number : string, B extends "number" ? number : string] | null {
  try {
    const parsed = decodeJson(cursor);
    if (!Array.isArray(parsed) || parsed.length !== 2) return null;
    const ok = (v: unknown, type: "number" | "string") =>
      type === "number" ? typeof v === "number" && Number.isFinite(v) : typeof v === "string" && v.length <= 100;
    return ok(parsed[0], first) && ok(parsed[1], second) ? (parsed as never) : null;
  } catch {
    return null;
  }
}
export const badCursor = (c: Context<V1Env>) =>
  problem(c, 400, "Bad Request", "The cursor is not valid", [
    { pointer: "#/query/cursor", detail: "Use the next value of the previous page" },
  ]);

export const needsWrite = (c: Context<V1Env>) =>
  c.get("token").scope !== "write"
    ? problem(c, 403, "Forbidden", "This token is read-only; create a write token to change data")
    : null;

export function idOf(c: Context<V1Env>) {
  const parsed = IdParam.safeParse({ id: c.req.param("id") });
  return parsed.success ? parsed.data.id : null;
}

/** A JSON body checked by a schema, or the problem to answer. */
export async function jsonBody<T extends z.ZodType>(c: Context<V1Env>, schema: T) {
  const type = (c.req.header("content-type") ?? "").split(";")[0]?.trim().toLowerCase();
  if (type !== "application/json")
    return { error: problem(c, 415, "Unsupported Media Type", "Send the body as application/json") };
  const body = await c.req.json().catch(() => undefined);
  if (body === undefined) return { error: problem(c, 400, "Bad Request", "The body is not valid JSON") };
  const parsed = schema.safeParse(body);
  if (!parsed.success)
    return { error: problem(c, 400, "Bad Request", "The body is not valid", issues(parsed.error, "#")) };
  return { value: parsed.data as z.output<T> };
}
