import { env } from "cloudflare:workers";
import { expect } from "vitest";
import { badgePath } from "~/lib/organiser-events/badge";
import { badgeProof } from "~/server/organiser-events/attendees.server";
import { call, confirmEmail, form, ORIGIN, signUp, testAddress } from "./helpers";

/**
 * A signed-up person with one card, joined to the event through the one-tap page (listed and seen by everyone
 * unless `extra` says otherwise); their attendee id, pass token and where the join went.
 */
export async function joinSignedIn(
  slug: string,
  name: string,
  extra: { company?: string; title?: string; listed?: string; visibility?: string } = {},
) {
  const person = await signUp(name);
  // The pass is kept under the account's address, so the address is proved first.
  await confirmEmail(person.cookie, person.email);
  const created = await call("/card", { method: "POST", headers: { cookie: person.cookie } });
  const cardId = Number(created.headers.get("location")?.split("/").pop());
  const saved = await call(`/card/${cardId}`, {
    ...form({
      intent: "save",
      name,
      label: "Work",
      title: extra.title ?? "Director",
      company: extra.company ?? "Acme",
      email: person.email,
      phone: "+1 503 555 0100",
      template: "classic",
      colour: "#4f46e5",
    }),
    headers: { cookie: person.cookie },
  });
  expect(saved.status).toBe(302);
  const joined = await call(`/e/${slug}/join`, {
    ...form({ card: String(cardId), listed: extra.listed ?? "on", visibility: extra.visibility ?? "everyone" }),
    headers: { cookie: person.cookie, "cf-connecting-ip": testAddress() },
  });
  expect(joined.status).toBe(302);
  const row = await env.DB.prepare(
    "select a.id, a.pass_token from org_attendee a join org_event e on e.id = a.event_id where e.slug = ? and a.email = ?",
  )
    .bind(slug, person.email.toLowerCase())
    .first<{ id: number; pass_token: string }>();
  if (!row) throw new Error(`${name} did not join`);
  return { ...person, id: row.id, token: row.pass_token, joinedAt: joined.headers.get("location") };
}

/** The mails of one kind sent to an address, oldest first. */
export const mailsTo = (email: string, kind: string) =>
  env.DB.prepare("select subject, text from outbox where `to` = ? and kind = ? order by id")
    .bind(email.toLowerCase(), kind)
    .all<{ subject: string; text: string }>()
    .then((r) => r.results);

/** A local wall-clock time `days` from now, as the event form takes it. */
const local = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 16);

export type Owner = { cookie: string; email: string };

export async function publishNow(owner: Owner, title = "Door Summit") {
  const res = await call("/organiser", {
    ...form({
      title,
      timeZone: "UTC",
      type: "in-person",
      venue: "Hall 1",
      organiserName: "Door Org",
      startsAt: local(-1),
      endsAt: local(2),
    }),
    headers: { cookie: owner.cookie },
  });
  expect(res.status).toBe(302);
  const id = Number(res.headers.get("location")?.split("/").pop());
  const row = await env.DB.prepare("select slug from org_event where id = ?").bind(id).first<{ slug: string }>();
  if (!row) throw new Error("event not stored");
  return { id, slug: row.slug };
}

/** A visitor joins through the public form; their attendee row. */
export async function joinByForm(slug: string, values: Record<string, string>) {
  const res = await call(`/e/${slug}`, { ...form(values), headers: { "cf-connecting-ip": testAddress() } });
  expect(res.status).toBe(303);
  const row = await env.DB.prepare(
    "select a.id, a.badge_code as code, a.pass_token as token from org_attendee a join org_event e on e.id = a.event_id where e.slug = ? and a.email = ?",
  )
    .bind(slug, values.email?.toLowerCase())
    .first<{ id: number; code: string; token: string }>();
  if (!row) throw new Error("not joined");
  return { ...row, qr: `${ORIGIN}${badgePath(slug, row.code, await badgeProof(row.token))}` };
}
