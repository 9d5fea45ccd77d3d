import { personJson } from "~/lib/integrations/rules";
import type { Database } from "../db/db.server";
import { emitEvents } from "../integrations/webhooks.server";
import type { AppEnv } from "../platform/env.server";
import { EXPORT_PAGE, loadPeople } from "./read.server";

/**
 * Where the people core tells the owner's webhooks about a change. Every writer of the core takes one:
 * a request passes its context (deliveries are queued after the response through waitUntil); null
 * means "emit nothing" and is for tests and the seed only.
 */
export type PeopleEvents = {
  env: AppEnv;
  db: Database;
  ctx?: { waitUntil(promise: Promise<unknown>): void };
} | null;

export type PersonChange =
  | { type: "person.created" | "person.updated"; id: number }
  | { type: "person.merged"; id: number; mergedIds: number[] };

/**
 * Queues one delivery per change and subscribed endpoint, with the person as stored after the change
 * (the same JSON as GET /api/v1/people/{id}). Called only after a write committed and changed something.
 */
export async function emitPeopleEvents(
  events: PeopleEvents,
  userId: string,
  changes: PersonChange[],
  pageSize = EXPORT_PAGE,
) {
  if (!events || !changes.length) return;
  const types = [...new Set(changes.map((c) => c.type))];
  const run = emitEvents(events, userId, types, async () => {
    const people = new Map(
      // A page of people per D1 batch, however many the write changed; only the owner's are read.
      (
        await loadPeople(
          events.db,
          userId,
          changes.map((c) => c.id),
          pageSize,
        )
      ).map((p) => [p.id, p]),
    );
    return changes.flatMap((c) => {
      const person = people.get(c.id);
      if (!person) return [];
      const payload =
        c.type === "person.merged"
          ? { person: personJson(person), mergedIds: c.mergedIds }
          : { person: personJson(person) };
      return [{ type: c.type, payload }];
    });
  }).catch((error) => console.error("people webhooks", error));
  if (events.ctx) events.ctx.waitUntil(run);
  else await run;
}
