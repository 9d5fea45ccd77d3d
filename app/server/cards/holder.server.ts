import { sql } from "drizzle-orm";
import type { Database } from "../db/db.server";

/** Where a person met through a card lands, and who met them (decisions 0234, 0252). */
type CardArrival = { workspaceId: string; metBy: string | null };

/**
 * The workspace and "met by" of someone met through `cardId` by `member` (the account that used the card, when one
 * did). A team card lands them in the team's network, met by the member who holds it, else by `member` while they
 * are in the team; any other card keeps `fallback` (the caller's own workspace) and names nobody, so the people
 * core's default applies. A card whose holder left the team is paused (0236) and names nobody either.
 */
export async function cardArrival(
  db: Database,
  cardId: number | null | undefined,
  fallback: string,
  member: string | null = null,
): Promise<CardArrival> {
  if (!cardId) return { workspaceId: fallback, metBy: null };
  const [row] = await db.all<{ workspace: string; holder: string | null; in_team: number }>(sql`
    select c.user_id as workspace,
      (select m.user_id from member m where m.workspace_id = c.user_id and m.user_id = c.holder_id) as holder,
      exists (select 1 from member m where m.workspace_id = c.user_id and m.user_id = ${member}) as in_team
    from card c join workspace w on w.id = c.user_id and w.kind = 'team'
    where c.id = ${cardId} and c.paused_at is null`);
  // A team card used by someone no longer in the team changes nothing: their own network, as before.
  if (!row || (member !== null && !row.in_team)) return { workspaceId: fallback, metBy: null };
  return { workspaceId: row.workspace, metBy: row.holder ?? member };
}
