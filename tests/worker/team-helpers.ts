import { env } from "cloudflare:workers";
import { expect } from "vitest";
import { call, form, joinTeam, proveMailbox, signUp } from "./helpers";

/** The team tests' shared set-up: accounts with a confirmed address, their posts and pages, and a team of them. */

export type Account = { cookie: string; email: string; id: string };

/** A new account whose address is confirmed: invitations and the address book take only a proved mailbox. */
export async function account(name: string): Promise<Account> {
  const a = await signUp(name);
  return { ...a, id: await proveMailbox(a.email) };
}

export const post = (path: string, who: Account, values: Record<string, string>) =>
  call(path, { ...form(values), headers: { cookie: who.cookie } });

/**
 * Saves a card template for `team` as its admin and makes it the team's default (what SCIM and a first sign-in
 * through the team's provider issue cards from): the template's id.
 */
export async function defaultTemplate(team: string, admin: { cookie: string }, fields: Record<string, string> = {}) {
  const asAdmin = (values: Record<string, string>) =>
    call(`/teams/${team}/cards`, { ...form(values), headers: { cookie: admin.cookie } });
  expect((await asAdmin({ intent: "save-template", name: "Team", ...fields })).status).toBe(302);
  const template =
    (await env.DB.prepare("select id from card_template where workspace_id = ?").bind(team).first<string>("id")) ?? "";
  expect((await asAdmin({ intent: "default-template", template })).status).toBe(302);
  return template;
}

/** A page as a browser asks for it, signed in as `who` (or signed out). */
export const get = (path: string, who?: Account) =>
  call(path, { headers: { ...(who ? { cookie: who.cookie } : {}), accept: "text/html" } });

/** The last part of a redirect's address: the id of what a post made. */
export const located = (res: Response) => res.headers.get("location")?.split("/").pop() ?? "";

export const switchTo = async (who: Account, workspace: string) =>
  expect((await post("/teams", who, { intent: "switch", workspace })).status).toBe(302);

/**
 * A team made by `owner` with `members` joined (as members), named `label` and a random tail; each account in
 * `working` then switches to it.
 */
export async function teamOf(owner: Account, members: Account[], { label = "Team", working = [] as Account[] } = {}) {
  const team = located(
    await post("/teams", owner, { intent: "create", name: `${label} ${crypto.randomUUID().slice(0, 6)}` }),
  );
  expect(team).toMatch(/^team_/);
  for (const m of members) await joinTeam(team, owner, m);
  for (const who of working) await switchTo(who, team);
  return team;
}
