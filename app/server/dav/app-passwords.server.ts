import { and, desc, eq, isNull } from "drizzle-orm";
import { appPassword, member, user } from "~db/schema";
import { provedMailbox } from "../account/proved-mailbox.server";
import { asOwners, type Database, type Owners } from "../db/db.server";
import { lastUseIsStale, sha256Hex } from "../platform/tokens.server";

/**
 * App passwords: what a phone or desktop address book signs in with on the CardDAV routes, never the
 * account password. Each is random (100 bits, typed as five groups of four), shown once, kept only as
 * its SHA-256, named after the device, and revocable (docs/decisions/0065).
 */

// No 0/o, 1/l/i: the owner may type it on a phone.
const ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789";
export const MAX_APP_PASSWORDS = 20;

function randomPassword(): string {
  const out: string[] = [];
  // Rejection sampling keeps every character equally likely (256 is not a multiple of 31).
  while (out.length < 20) {
    for (const b of crypto.getRandomValues(new Uint8Array(32))) {
      if (b < 248 && out.length < 20) out.push(ALPHABET[b % 31] as string);
    }
  }
  return [0, 4, 8, 12, 16].map((i) => out.slice(i, i + 4).join("")).join("-");
}

/** Spaces and dashes as typed do not matter; letters are compared lower-case. */
const canonical = (password: string) => password.toLowerCase().replace(/[\s-]/g, "");

/**
 * Makes a password, answers it once; null when its maker already has the most allowed in this workspace. It opens
 * the address book of the workspace it was made in (its `userId`, decision 0207) and is its maker's alone.
 */
export async function createAppPassword(db: Database, owner: string | Owners, name: string): Promise<string | null> {
  const { userId, workspaceId } = asOwners(owner);
  const live = await db
    .select({ id: appPassword.id })
    .from(appPassword)
    .where(and(mine({ userId, workspaceId }), isNull(appPassword.revokedAt)));
  if (live.length >= MAX_APP_PASSWORDS) return null;
  const password = randomPassword();
  await db.insert(appPassword).values({
    userId: workspaceId,
    createdBy: userId,
    name,
    passwordHash: await sha256Hex(canonical(password)),
  });
  return password;
}

const mine = ({ userId, workspaceId }: Owners) =>
  and(eq(appPassword.userId, workspaceId), eq(appPassword.createdBy, userId));

export async function listAppPasswords(db: Database, owner: string | Owners) {
  return db
    .select({
      id: appPassword.id,
      name: appPassword.name,
      lastUsedAt: appPassword.lastUsedAt,
      revokedAt: appPassword.revokedAt,
      createdAt: appPassword.createdAt,
    })
    .from(appPassword)
    .where(mine(asOwners(owner)))
    .orderBy(desc(appPassword.createdAt), desc(appPassword.id));
}

export async function revokeAppPassword(db: Database, owner: string | Owners, id: number, now = new Date()) {
  const rows = await db
    .update(appPassword)
    .set({ revokedAt: now })
    .where(and(mine(asOwners(owner)), eq(appPassword.id, id), isNull(appPassword.revokedAt)))
    .returning({ id: appPassword.id });
  return rows.length > 0;
}

/** `id` is the workspace whose address book the password opens (0207); the email and name are its maker's. */
/** A CardDAV client's account: `id` is the workspace its password acts for, `memberId` the member who made it. */
export type DavUser = { id: string; memberId: string; email: string; name: string };

/** Whose book a client reads: the workspace, as the member who made the password sees it (decision 0234). */
export const davViewer = (u: DavUser): Owners => ({ workspaceId: u.id, userId: u.memberId });

/**
 * The account an email and app password belong to, or null; marks the password used (once a minute). A team's
 * password signs in only while its maker is still a member of the team.
 */
export async function authenticateAppPassword(
  db: Database,
  email: string,
  password: string,
  now = new Date(),
): Promise<DavUser | null> {
  const key = canonical(password);
  if (key.length !== 20 || email.length > 320) return null;
  const row = await db
    .select({
      id: appPassword.id,
      lastUsedAt: appPassword.lastUsedAt,
      workspaceId: appPassword.userId,
      memberId: user.id,
      email: user.email,
      emailVerified: user.emailVerified,
      name: user.name,
    })
    .from(appPassword)
    .innerJoin(user, eq(user.id, appPassword.createdBy))
    .innerJoin(member, and(eq(member.workspaceId, appPassword.userId), eq(member.userId, appPassword.createdBy)))
    .where(and(eq(appPassword.passwordHash, await sha256Hex(key)), isNull(appPassword.revokedAt)))
    .get();
  // The password is looked up by its hash; the email must then name the same account, and a proved one.
  if (!row || row.email.toLowerCase() !== email.trim().toLowerCase() || !provedMailbox(row)) return null;
  if (lastUseIsStale(row.lastUsedAt, now))
    await db.update(appPassword).set({ lastUsedAt: now }).where(eq(appPassword.id, row.id));
  return { id: row.workspaceId, memberId: row.memberId, email: row.email, name: row.name };
}
