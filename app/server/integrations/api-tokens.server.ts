import { and, desc, eq, isNull } from "drizzle-orm";
import { apiToken, member } from "~db/schema";
import { asOwners, type Database, type Owners } from "../db/db.server";
import { lastUseIsStale, randomToken, sha256Hex } from "../platform/tokens.server";

export type TokenScope = "read" | "write";
export const TOKEN_PREFIX = "kw_";

/**
 * Makes a token and answers it once; only its SHA-256 is stored. It acts for the workspace it was made in
 * (its `userId`, decision 0207) and is its maker's: each member sees and revokes their own.
 */
export async function createApiToken(db: Database, owner: string | Owners, name: string, scope: TokenScope) {
  const { userId, workspaceId } = asOwners(owner);
  const token = `${TOKEN_PREFIX}${randomToken(32)}`;
  await db.insert(apiToken).values({
    userId: workspaceId,
    createdBy: userId,
    name,
    scope,
    tokenHash: await sha256Hex(token),
    prefix: token.slice(0, 10),
  });
  return token;
}

export async function listApiTokens(db: Database, owner: string | Owners) {
  const { userId, workspaceId } = asOwners(owner);
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
    .where(and(eq(apiToken.userId, workspaceId), eq(apiToken.createdBy, userId)))
    .orderBy(desc(apiToken.createdAt));
}

export async function revokeApiToken(
  db: Database,
  owner: string | Owners,
  id: number,
  now = new Date(),
): Promise<boolean> {
  const { userId, workspaceId } = asOwners(owner);
  const rows = await db
    .update(apiToken)
    .set({ revokedAt: now })
    .where(
      and(
        eq(apiToken.userId, workspaceId),
        eq(apiToken.createdBy, userId),
        eq(apiToken.id, id),
        isNull(apiToken.revokedAt),
      ),
    )
    .returning({ id: apiToken.id });
  return rows.length > 0;
}

/**
 * The workspace (`userId`, whose rows it reads and writes), its maker (`createdBy`, whose plan it runs on) and
 * scope of a live token, or null; marks it used. A token answers only while its maker is a member of its
 * workspace: a removed member's tokens stop at once (decision 0207).
 */
export async function authenticateToken(db: Database, token: string, now = new Date()) {
  if (!token.startsWith(TOKEN_PREFIX) || token.length > 200) return null;
  const row = await db
    .select({
      id: apiToken.id,
      userId: apiToken.userId,
      createdBy: member.userId,
      scope: apiToken.scope,
      lastUsedAt: apiToken.lastUsedAt,
    })
    .from(apiToken)
    .innerJoin(member, and(eq(member.workspaceId, apiToken.userId), eq(member.userId, apiToken.createdBy)))
    .where(and(eq(apiToken.tokenHash, await sha256Hex(token)), isNull(apiToken.revokedAt)))
    .get();
  if (!row) return null;
  if (lastUseIsStale(row.lastUsedAt, now))
    await db.update(apiToken).set({ lastUsedAt: now }).where(eq(apiToken.id, row.id));
  return { id: row.id, userId: row.userId, createdBy: row.createdBy, scope: row.scope };
}
