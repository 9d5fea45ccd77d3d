import type { AudienceRules } from "~/lib/mailings/rules";
import type { Owners } from "~/server/db/db.server";
import { resolveAudience, resolveEventAudience } from "~/server/mailings/audience.server";
import { notFound } from "~/server/platform/http.server";

type Db = Parameters<typeof resolveAudience>[0];

/** The organiser's own event, or a 404 exactly as for a missing one. */
export async function eventAudience(db: Db, userId: string, orgEventId: number) {
  return (await resolveEventAudience(db, userId, orgEventId)) ?? notFound();
}

/** Who is in: the event's consenting attendees for an organiser mailing, else the owner's people the rules pick. */
export const audienceOf = (
  db: Db,
  owners: Owners,
  rules: AudienceRules,
  timeZone: string,
  orgEventId: number | null,
) =>
  orgEventId ? eventAudience(db, owners.workspaceId, orgEventId) : resolveAudience(db, owners, rules, { timeZone });

/** What the page shows of an audience: its size and the first 200 in and left out. */
export async function summary(
  db: Db,
  owners: Owners,
  rules: AudienceRules,
  timeZone: string,
  orgEventId: number | null,
) {
  const { included, leftOut } = await audienceOf(db, owners, rules, timeZone, orgEventId);
  const onBasis = included.filter((m) => m.basis === "lawful-basis");
  return {
    count: included.length,
    included: included.slice(0, 200).map((m) => ({ id: m.id, name: m.name, email: m.email, basis: m.basis })),
    // Mailed on a basis the owner recorded: shown apart, never counted as the person's consent.
    basisCount: onBasis.length,
    onBasis: onBasis.slice(0, 200).map((m) => ({ id: m.id, name: m.name, reason: m.consent.shown ?? "" })),
    leftOut: leftOut.slice(0, 200),
    leftOutCount: leftOut.length,
  };
}

export type AudienceSummary = Awaited<ReturnType<typeof summary>>;
