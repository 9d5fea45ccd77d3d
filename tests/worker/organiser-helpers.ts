import { env } from "cloudflare:workers";
import { expect } from "vitest";
import { call, confirmEmail, form, signUp, testAddress } from "./helpers";

/** A signed-up person with one card, joined to the event through the one-tap page; their attendee id. */
export async function joinSignedIn(slug: string, name: string, company = "Acme") {
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
      title: "Director",
      company,
      email: person.email,
      phone: "+1 503 555 0100",
      template: "classic",
      colour: "#4f46e5",
    }),
    headers: { cookie: person.cookie },
  });
  expect(saved.status).toBe(302);
  const joined = await call(`/e/${slug}/join`, {
    ...form({ card: String(cardId), listed: "on", visibility: "everyone" }),
    headers: { cookie: person.cookie, "cf-connecting-ip": testAddress() },
  });
  expect(joined.status).toBe(302);
  const row = await env.DB.prepare(
    "select a.id, a.pass_token from org_attendee a join org_event e on e.id = a.event_id where e.slug = ? and a.email = ?",
  )
    .bind(slug, person.email.toLowerCase())
    .first<{ id: number; pass_token: string }>();
  if (!row) throw new Error(`${name} did not join`);
  return { ...person, id: row.id, token: row.pass_token };
}

/** The mails of one kind sent to an address, oldest first. */
export const mailsTo = (email: string, kind: string) =>
  env.DB.prepare("select subject, text from outbox where `to` = ? and kind = ? order by id")
    .bind(email.toLowerCase(), kind)
    .all<{ subject: string; text: string }>()
    .then((r) => r.results);
