import { and, desc, eq, isNull } from "drizzle-orm";
import { apiToken } from "~db/schema";
import type { Database } from "../db/db.server";
import { randomToken, sha256Hex } from "../platform/tokens.server";

export type TokenScope = "read" | "write";
export const TOKEN_PREFIX = "kw_";

/** Makes a token and answers it once; only its SHA-256 is stored. */
export async function createApiToken(db: Database, userId: string, name: string, scope: TokenScope) {
  const token = `${TOKEN_PREFIX}${randomToken(32)}`;
  await db.insert(apiToken).values({
    userId,
    name,
    scope,
    tokenHash: await sha256Hex(token),
    prefix: token.slice(0, 10),
  });
  return token;
}

export async function listApiTokens(db: Database, userId: string) {
  return db
    .select({
      id: apiToken.id,
      name: apiToken.name,
      prefix: apiToken.prefix,
      scope: apiToken.scope,
      lastUsedAt: apiToken.lastUsedAt,
      revokedAt: apiToken.revokedAt,
      createdAt: apiToken.createdAt,
    })
    .from(apiToken)
    .where(eq(apiToken.userId, userId))
    .orderBy(desc(apiToken.createdAt));
}

export async function revokeApiToken(db: Database, userId: string, id: number, now = new Date()): Promise<boolean> {
  const rows = await db
    .update(apiToken)
    .set({ revokedAt: now })
    .where(and(eq(apiToken.userId, userId), eq(apiToken.id, id), isNull(apiToken.revokedAt)))
    .returning({ id: apiToken.id });
  return rows.length > 0;
}

/** The owner and scope of a live token, or null; marks it used. */
export async function authenticateToken(db: Database, token: string, now = new Date()) {
  if (!token.startsWith(TOKEN_PREFIX) || token.length > 200) return null;
  const row = await db
    .select({ id: apiToken.id, userId: apiToken.userId, scope: apiToken.scope, lastUsedAt: apiToken.lastUsedAt })
    .from(apiToken)
    .where(and(eq(apiToken.tokenHash, await sha256Hex(token)), isNull(apiToken.revokedAt)))
    .get();
  if (!row) return null;
  // Written at most once a minute per token, so reads do not turn into writes.
  if (!row.lastUsedAt || now.getTime() - row.lastUsedAt.getTime() > 60_000)
    await db.update(apiToken).set({ lastUsedAt: now }).where(eq(apiToken.id, row.id));
  return { id: row.id, userId: row.userId, scope: row.scope };
}
