import { env } from "cloudflare:workers";
import { describe, expect, it, vi } from "vitest";
import routes from "~/routes";
import { call, confirmEmail, form, joinTeam, proveMailbox, signUp, userIdOf } from "./helpers";

/**
 * Checks generated from the route table (app/routes.ts) and the Hono API's own route list, so a new
 * page action or private route is covered without editing this file.
 */

vi.setConfig({ testTimeout: 120_000 });

type Entry = { path?: string; file: string; index?: boolean; children?: Entry[] };
type PageRoute = { path: string; file: string; source: string; signedIn: boolean };

/** The layout whose middleware puts the signed-in user on the context: every route under it is private. */
const SIGNED_IN_LAYOUT = "routes/app/_layout.tsx";

const sources = import.meta.glob("/app/routes/**/*.{ts,tsx}", {
  query: "?raw",
  import: "default",
  eager: true,
}) as Record<string, string>;

function flatten(entries: Entry[], parent = "", signedIn = false): PageRoute[] {
  return entries.flatMap((e) => {
    const path = `${parent}/${e.path ?? ""}`.replace(/\/+/g, "/").replace(/(.)\/$/, "$1");
    const source = sources[`/app/${e.file}`];
    if (source === undefined) throw new Error(`no source for ${e.file}`);
    if (e.file === SIGNED_IN_LAYOUT) return flatten(e.children ?? [], path, true);
    return [{ path, file: e.file, source, signedIn }, ...flatten(e.children ?? [], path, signedIn)];
  });
}

/**
 * The Hono API's routes as its source registers them (importing the router here would pull browser
 * libraries into the test runner): api.get("/x"), api.put(...), api.on(["GET", "POST"], "/y").
 */
const apiSource = Object.values(
  import.meta.glob("/app/server/api/router.server.ts", { query: "?raw", import: "default", eager: true }),
)[0] as string;
const apiRoutes = [
  ...apiSource.matchAll(/\bapi\.(get|post|put|delete|patch|on)\(\s*(?:\[([^\]]*)\]\s*,\s*)?"([^"]+)"/g),
].flatMap(([, verb = "", list, path = ""]) =>
  (verb === "on" ? [...(list ?? "").matchAll(/"(\w+)"/g)].map((m) => m[1] ?? "") : [verb.toUpperCase()]).map(
    (method) => ({ method, path }),
  ),
);

const pages = flatten(routes as Entry[]).filter((r) => !r.path.includes("*"));
const hasAction = (r: PageRoute) => /export\s+(async\s+)?function\s+action\b|export\s+const\s+action\b/.test(r.source);
// Every private page sits under the signed-in layout, whose middleware reads the session once.
const isPrivate = (r: PageRoute) => r.signedIn;
const actions = pages.filter(hasAction);
// The development-only error pages answer the status in their address; they hold nothing of anyone's.
const privatePages = pages.filter((p) => isPrivate(p) && !p.file.startsWith("routes/dev/"));

/** Fills a route's params with one account's own resources, by the area the path names. */
type Owned = {
  card: number;
  connection: number;
  event: number;
  reminder: number;
  slug: string;
  campaign: string;
  orgEvent: number;
  orgSlug: string;
  orgSession: number;
  gift: number;
  mailing: number;
  team: string;
};
/** A team `headers`' account makes and works in, by its id. */
async function teamMadeBy(headers: { cookie: string }, name: string): Promise<string> {
  const team =
    (await call("/teams", { ...form({ intent: "create", name }), headers })).headers
      .get("location")
      ?.split("/")
      .pop() ?? "";
  expect(team, "the team was made").toMatch(/^team_/);
  await call("/teams", { ...form({ intent: "switch", workspace: team }), headers });
  return team;
}

function fill(path: string, owned: Owned): string {
  const area = path.split("/")[1] ?? "";
  const ids: Record<string, number | string> = {
    card: owned.card,
    cards: owned.card,
    connections: owned.connection,
    people: owned.connection,
    events: owned.event,
    reminders: `${owned.reminder}.ics`,
    // The test checkout's pages are keyed by Stripe-style ids nobody can guess; none exists here.
    pay: "cs_test_local_none",
    campaigns: owned.campaign,
    fundraising: owned.campaign,
    organiser: owned.orgEvent,
    mailings: owned.mailing,
    teams: owned.team,
    // An attendee to meet: pages under /e/:slug/ are walked signed out only (who sees whom inside an event is
    // tested in organiser-events.test.ts), so any attendee id serves.
    e: 1,
  };
  return path.replace(/:(\w+)\??/g, (_, name: string) => {
    if (name === "slug") return area === "e" ? owned.orgSlug : owned.slug;
    if (name === "format") return "csv";
    if (name === "gift") return String(owned.gift);
    if (name === "person") return String(owned.connection);
    if (name === "session") return String(owned.orgSession);
    const id = ids[area];
    if (id === undefined)
      throw new Error(`No fixture for ${path}: add one to fill() in tests/worker/route-table.test.ts`);
    return String(id);
  });
}

/**
 * An account with one of everything, made in its personal workspace, or with `inTeam` in a team it makes first and
 * keeps working in, so that everything is the team's (decision 0207).
 */
async function ownerWithEverything({ inTeam = false } = {}): Promise<{ cookie: string; email: string; owned: Owned }> {
  const owner = await signUp("Route Owner");
  // Joining an event keeps the pass under the address: it is proved first.
  await confirmEmail(owner.cookie, owner.email);
  const headers = { cookie: owner.cookie };
  const userId = await userIdOf(owner.email);
  const space = inTeam ? await teamMadeBy(headers, "Route Team") : userId;
  const card = Number((await call("/card", { method: "POST", headers })).headers.get("location")?.split("/").pop());
  const slug = `rt-${crypto.randomUUID().slice(0, 8)}`;
  // A card needs a way to reach its owner before it can be published.
  const fields = { label: "Work", name: "Route Owner", template: "classic", colour: "#4f46e5" };
  await call(`/card/${card}`, {
    ...form({ intent: "publish", slug, ...fields, website: "https://route.example.org" }),
    headers,
  });
  await call("/connections/new", { ...form({ name: "Dana Ortiz", email: `dana-${slug}@x.org` }), headers });
  const event = Number(
    (await call("/events/new", { ...form({ title: "Gala", date: "2030-05-01", type: "in-person" }), headers })).headers
      .get("location")
      ?.split("/")
      .pop(),
  );
  const connection =
    (await env.DB.prepare("select id from connection where user_id = ?").bind(space).first<{ id: number }>())?.id ?? 0;
  await call(`/connections/${connection}`, { ...form({ intent: "remind", preset: "24h", type: "Call" }), headers });
  // The person has a photo, served to this owner only.
  await call(`/api/people/${connection}/photo`, {
    method: "PUT",
    body: new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 9, 8, 7]),
    headers: { ...headers, "content-type": "image/jpeg" },
  });
  const reminder =
    (await env.DB.prepare("select id from reminder where user_id = ?").bind(space).first<{ id: number }>())?.id ?? 0;
  for (const [name, id] of Object.entries({ card, connection, event, reminder })) {
    expect(id, `the owner has a ${name}`).toBeGreaterThan(0);
  }
  const campaignForm = {
    intent: "save",
    title: "Route Campaign",
    description: "d",
    organization: "o",
    organizerName: "n",
    category: "arts",
    currency: "USD",
    goal: "100",
    startDate: "2026-01-01",
    endDate: "2030-01-01",
  };
  const campaign =
    (await call("/campaigns/new", { ...form(campaignForm), headers })).headers.get("location")?.split("/")[2] ?? "";
  expect(campaign, "the owner has a campaign").toMatch(/^route-campaign-/);
  const giftForm = { intent: "gift", nonce: crypto.randomUUID(), donorName: "Route Donor", currency: "USD" };
  await call(`/campaigns/${campaign}`, {
    ...form({ ...giftForm, amount: "10", date: "2026-01-02", method: "cash" }),
    headers,
  });
  const gift = Number(
    await env.DB.prepare("select id from gift where campaign_id = ?").bind(campaign).first<number>("id"),
  );
  expect(gift, "the owner has a gift").toBeGreaterThan(0);
  // An organiser event the owner publishes and attends with the card.
  const orgForm = {
    title: "Route Summit",
    startsAt: "2030-05-01T09:00",
    endsAt: "2030-05-01T17:00",
    timeZone: "UTC",
    type: "in-person",
    organiserName: "Route Owner",
  };
  const orgEvent = Number(
    (await call("/organiser", { ...form(orgForm), headers })).headers.get("location")?.split("/").pop(),
  );
  const orgSlug =
    (await env.DB.prepare("select slug from org_event where id = ?").bind(orgEvent).first<{ slug: string }>())?.slug ??
    "";
  await call(`/e/${orgSlug}/join`, { ...form({ card: String(card), listed: "on" }), headers });
  // A session in its programme (the programme's own rules are tested in organiser-programme.test.ts).
  const orgSession = Number(
    await env.DB.prepare(
      "insert into org_session (event_id, title, starts_at, ends_at, uid) values (?, 'Route Talk', '2030-05-01T10:00', '2030-05-01T11:00', ?) returning id",
    )
      .bind(orgEvent, crypto.randomUUID())
      .first<number>("id"),
  );
  expect(orgSlug, "the owner has an organiser event").toMatch(/^route-summit-/);
  // A mailing scheduled for later to the one person, who agreed to be contacted.
  await call(`/connections/${connection}`, { ...form({ intent: "consent-given" }), headers });
  const mailing = Number(
    (
      await call("/mailings/new", {
        ...form({
          intent: "send",
          confirmed: "yes",
          key: crypto.randomUUID(),
          subject: "Route news",
          body: "Hello {{first_name}}",
          people: String(connection),
          schedule: "2030-01-01T10:00",
        }),
        headers,
      })
    ).headers
      .get("location")
      ?.split("/")
      .pop(),
  );
  expect(mailing, "the owner has a mailing").toBeGreaterThan(0);
  // A team the owner made, then back to their own workspace, where everything above is; or the team it all is in.
  const team = inTeam ? space : await teamMadeBy(headers, "Route Team");
  if (!inTeam) await call("/teams", { ...form({ intent: "switch", workspace: "" }), headers });
  expect(team, "the owner has a team").toMatch(/^team_/);
  return {
    ...owner,
    owned: { card, connection, event, reminder, slug, campaign, orgEvent, orgSlug, orgSession, gift, mailing, team },
  };
}

/**
 * One owner with everything for every test below that only reads its rows or is refused a change (the checks of
 * each test say so), made by whichever test runs first: building one takes a sign-up and some twenty requests.
 */
let shared: ReturnType<typeof ownerWithEverything> | undefined;
const sharedOwner = () => {
  shared ??= ownerWithEverything();
  return shared;
};

describe("the route table", () => {
  it("has page actions, private routes and API routes to check", () => {
    expect(actions.length).toBeGreaterThan(10);
    expect(privatePages.length).toBeGreaterThan(5);
    expect(privatePages.map((r) => r.path)).toContain("/campaigns/:id");
    expect(apiRoutes).toContainEqual({ method: "GET", path: "/account/export" });
    expect(apiRoutes).toContainEqual({ method: "POST", path: "/auth/*" });
  });
});

describe("every page action answers 4xx for a body it cannot read", () => {
  const bodies: [string, RequestInit, number][] = [
    ["JSON", { body: JSON.stringify({ intent: "save" }), headers: { "content-type": "application/json" } }, 415],
    ["text", { body: "intent=save", headers: { "content-type": "text/plain" } }, 415],
    [
      "broken multipart",
      {
        body: "--x\r\nContent-Disposition: form-data\r\n\r\nno end",
        headers: { "content-type": "multipart/form-data; boundary=x" },
      },
      400,
    ],
    ["multipart without a boundary", { body: "a=1", headers: { "content-type": "multipart/form-data" } }, 400],
    // request.formData() would read these as U+FFFD and an action would save it.
    [
      "broken percent-encoding",
      { body: "intent=save&name=%E0%A4%A", headers: { "content-type": "application/x-www-form-urlencoded" } },
      400,
    ],
    [
      "bytes that are not UTF-8",
      {
        body: new Uint8Array([...new TextEncoder().encode("intent=save&name="), 0xff, 0xfe]),
        headers: { "content-type": "application/x-www-form-urlencoded" },
      },
      400,
    ],
  ];

  // Every request here is refused, so none changes what the next one meets.
  it.each(bodies)("%s", async (_name, init, status) => {
    const { cookie, owned } = await sharedOwner();
    const failures: string[] = [];
    for (const route of actions) {
      for (const path of [fill(route.path, owned), `${fill(route.path, owned)}.data`]) {
        const res = await call(path, {
          method: "POST",
          ...init,
          headers: { ...(init.headers as Record<string, string>), cookie },
        });
        if (res.status !== status) failures.push(`${path} (${route.file}): ${res.status}`);
      }
    }
    expect(failures).toEqual([]);
  });
});

describe("another account never reads or changes private data", () => {
  it("private pages answer 404 to another account and send a visitor to sign in", async () => {
    const a = await sharedOwner();
    const b = await signUp("Someone Else");
    const failures: string[] = [];
    for (const route of privatePages) {
      const own = fill(route.path, a.owned);
      const anonymous = await call(own);
      if (anonymous.status !== 302 || !anonymous.headers.get("location")?.startsWith("/auth"))
        failures.push(`anonymous GET ${own}: ${anonymous.status}`);
      if (!route.path.includes(":")) continue;
      // A published event is open to every signed-in person: B may join it (the join page) and is sent
      // there from its directory; who sees whom inside it is tested in organiser-events.test.ts.
      if (route.path.startsWith("/e/:slug/")) continue;
      const read = await call(own, { headers: { cookie: b.cookie } });
      if (read.status !== 404) failures.push(`B GET ${own}: ${read.status}`);
      if (hasAction(route)) {
        for (const intent of ["delete", "save", "publish", "toggle-active", "remind"]) {
          const write = await call(own, {
            ...form({ intent, name: "Taken over", slug: "taken-over", confirmed: "yes" }),
            headers: { cookie: b.cookie },
          });
          // 404 (not yours) or 400 (refused before the lookup); never a redirect that means "done".
          if (write.status !== 404 && write.status !== 400)
            failures.push(`B POST ${own} intent=${intent}: ${write.status}`);
        }
      }
      const still = await call(own, { headers: { cookie: a.cookie } });
      if (still.status !== 200) failures.push(`A GET ${own} after B: ${still.status}`);
    }
    expect(failures).toEqual([]);
  });

  it("private API routes refuse a visitor and answer 404 to another account", async () => {
    const a = await sharedOwner();
    const b = await signUp("Someone Else");
    // Public on purpose: health, the auth endpoints, and the calendar feed behind its secret token.
    // Stripe's webhook is public too: only a valid Stripe signature gets past it (tests/worker/payments.test.ts).
    // Campaign images are public like avatars: named by their content hash.
    const open = new Set(["/health", "/auth/*", "/calendar/:file", "/payments/webhook", "/campaign-images/:key"]);
    const routesList = apiRoutes.filter((r) => !open.has(r.path));
    expect(routesList.length).toBeGreaterThan(4);
    const failures: string[] = [];
    for (const route of routesList) {
      const path = `/api${fill(route.path, a.owned)}`;
      const init: RequestInit = { method: route.method };
      if (route.method === "PUT")
        Object.assign(init, {
          body: new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3]),
          headers: { "content-type": "image/jpeg" },
        });
      if (route.method === "POST") Object.assign(init, { body: "{}", headers: { "content-type": "application/json" } });
      const anonymous = await call(path, init);
      if (anonymous.status !== 401) failures.push(`anonymous ${route.method} ${path}: ${anonymous.status}`);
      // Routes keyed by a public slug (saving someone's published card) are meant for other accounts.
      if (!/:\w+/.test(route.path) || route.path.includes(":slug")) continue;
      const other = await call(path, {
        ...init,
        headers: { ...(init.headers as Record<string, string>), cookie: b.cookie },
      });
      if (other.status !== 404) failures.push(`B ${route.method} ${path}: ${other.status}`);
    }
    // What the owner downloads from a private GET route is never kept by a browser or a shared cache.
    // Wallet passes exist only where their secrets are set (the journeys set them; these tests do not),
    // so here they answer 404 to their owner too; their own tests cover the configured case.
    const configuredOnly = new Set(["/cards/:id/wallet.pkpass", "/cards/:id/google-wallet"]);
    for (const route of routesList.filter((r) => r.method === "GET" && !configuredOnly.has(r.path))) {
      const path = `/api${fill(route.path, a.owned)}`;
      const own = await call(path, { headers: { cookie: a.cookie } });
      if (own.status !== 200) failures.push(`A GET ${path}: ${own.status}`);
      else if (!/no-store/.test(own.headers.get("cache-control") ?? ""))
        failures.push(`A GET ${path}: cache-control ${own.headers.get("cache-control")}`);
    }
    expect(failures).toEqual([]);
    // A's reminder and card photo are untouched.
    expect((await call(`/api/reminders/${a.owned.reminder}.ics`, { headers: { cookie: a.cookie } })).status).toBe(200);
  });
});

describe("a team's private data is closed to another team's member and to a removed member", () => {
  it("every private page, action and API route answers 404 or 401 to them, and the team's rows stay", async () => {
    // Everything made inside A's team (decision 0207).
    const a = await ownerWithEverything({ inTeam: true });
    const confirmed = async (name: string) => {
      const who = await signUp(name);
      return { ...who, id: await proveMailbox(who.email) };
    };
    // B works in a team of its own.
    const b = await confirmed("Other Team Member");
    await teamMadeBy({ cookie: b.cookie }, "Other Team");
    // M was a member of A's team, made an API token and an app password there, and was removed.
    const m = await confirmed("Removed Member");
    await joinTeam(a.owned.team, a, m);
    // An admin sees every team person (decision 0234), so what M reached before removal is the team's whole network.
    expect(
      (
        await call(`/teams/${a.owned.team}`, {
          ...form({ intent: "role", user: m.id, role: "admin" }),
          headers: { cookie: a.cookie },
        })
      ).status,
    ).toBe(302);
    const made = await call("/settings/integrations", {
      ...form({ intent: "create-token", name: "Team CRM", scope: "write" }),
      headers: { cookie: m.cookie },
    });
    const token = (await made.text()).match(/kw_[A-Za-z0-9_-]{40,}/)?.[0] ?? "";
    const shown = await (
      await call("/settings/integrations", {
        ...form({ intent: "create-app-password", name: "Phone" }),
        headers: { cookie: m.cookie },
      })
    ).text();
    const password = shown.match(/value="([a-z2-9]{4}(?:-[a-z2-9]{4}){4})"/)?.[1] ?? "";
    const bearer = { authorization: `Bearer ${token}` };
    const basic = { authorization: `Basic ${btoa(`${m.email}:${password}`)}`, depth: "1" };
    const book = `/dav/books/${encodeURIComponent(a.owned.team)}/people/`;
    // While a member, each reached the team's rows: the checks below can fail.
    expect((await call(`/connections/${a.owned.connection}`, { headers: { cookie: m.cookie } })).status).toBe(200);
    expect((await call(`/api/v1/people/${a.owned.connection}`, { headers: bearer })).status).toBe(200);
    expect((await call(book, { method: "PROPFIND", headers: basic })).status).toBe(207);
    const removed = await call(`/teams/${a.owned.team}`, {
      ...form({ intent: "remove", user: m.id }),
      headers: { cookie: a.cookie },
    });
    expect(removed.status).toBe(302);

    const failures: string[] = [];
    for (const [who, cookie] of [
      ["another team's member", b.cookie],
      ["a removed member", m.cookie],
    ] as const) {
      for (const route of privatePages) {
        if (!route.path.includes(":") || route.path.startsWith("/e/:slug/")) continue;
        const own = fill(route.path, a.owned);
        const read = await call(own, { headers: { cookie } });
        if (read.status !== 404) failures.push(`${who} GET ${own}: ${read.status}`);
        if (!hasAction(route)) continue;
        for (const intent of ["delete", "save", "publish", "toggle-active", "remind", "remove"]) {
          const write = await call(own, {
            ...form({ intent, name: "Taken over", slug: "taken-over", user: a.owned.team, confirmed: "yes" }),
            headers: { cookie },
          });
          if (write.status !== 404 && write.status !== 400 && write.status !== 403)
            failures.push(`${who} POST ${own} intent=${intent}: ${write.status}`);
        }
      }
      for (const route of apiRoutes) {
        if (!/:\w+/.test(route.path) || route.path.includes(":slug") || route.path === "/calendar/:file") continue;
        if (route.path === "/campaign-images/:key") continue;
        const path = `/api${fill(route.path, a.owned)}`;
        const init: RequestInit = { method: route.method, headers: { cookie } };
        if (route.method === "PUT")
          Object.assign(init, {
            body: new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3]),
            headers: { cookie, "content-type": "image/jpeg" },
          });
        if (route.method === "POST")
          Object.assign(init, { body: "{}", headers: { cookie, "content-type": "application/json" } });
        const res = await call(path, init);
        if (res.status !== 404) failures.push(`${who} ${route.method} ${path}: ${res.status}`);
      }
    }
    // The removed member's old token and app password: unknown to every workspace now.
    for (const path of ["/api/v1/people", `/api/v1/people/${a.owned.connection}`, "/api/v1/events"]) {
      const res = await call(path, { headers: bearer });
      if (res.status !== 401) failures.push(`removed token GET ${path}: ${res.status}`);
    }
    const wrote = await call("/api/v1/people", {
      method: "POST",
      headers: { ...bearer, "content-type": "application/json" },
      body: JSON.stringify({ displayName: "Planted" }),
    });
    if (wrote.status !== 401) failures.push(`removed token POST /api/v1/people: ${wrote.status}`);
    const dav = await call(book, { method: "PROPFIND", headers: basic });
    if (dav.status !== 401) failures.push(`removed app password PROPFIND: ${dav.status}`);
    expect(failures).toEqual([]);
    // A, still in the team, finds every row where it was: every page keyed by one of the team's rows answers it.
    const missing: string[] = [];
    for (const route of privatePages) {
      if (!route.path.includes(":") || route.path.startsWith("/e/:slug/") || route.path.startsWith("/pay/")) continue;
      const path = fill(route.path, a.owned);
      const status = (await call(path, { headers: { cookie: a.cookie } })).status;
      if (status !== 200) missing.push(`A GET ${path}: ${status}`);
    }
    expect(missing).toEqual([]);
  });
});

describe("every action with several intents refuses an unknown or missing one", () => {
  /** Routes whose action chooses what to do by an `intent` field. */
  const intentRoutes = actions.filter((r) => /\bintent\b/.test(r.source));

  it("answers 400 and changes nothing", async () => {
    expect(intentRoutes.map((r) => r.path)).toContain("/connections/:id");
    const { cookie, owned } = await sharedOwner();
    const before = await env.DB.prepare("select * from connection where id = ?").bind(owned.connection).first();
    const pointsBefore = await env.DB.prepare("select count(*) n from contact_point where connection_id = ?")
      .bind(owned.connection)
      .first<{ n: number }>();
    const failures: string[] = [];
    for (const route of intentRoutes) {
      const path = fill(route.path, owned);
      // The test checkout's pages exist only for a checkout that was started; none was, so 404 first.
      // Public pages are tried as a visitor (a signed-in person is sent away from /auth before its action).
      const headers: Record<string, string> = isPrivate(route) ? { cookie } : {};
      if ((await call(path, { headers })).status === 404) continue;
      const fields = { name: "Renamed", title: "Renamed", email: "renamed@x.org", slug: "renamed-x" };
      for (const [label, values] of [
        ["unknown", { intent: "bogus-intent", ...fields }],
        ["missing", fields],
      ] as const) {
        const res = await call(path, { ...form(values), headers });
        if (res.status !== 400) failures.push(`${label} intent: ${path} (${route.file}): ${res.status}`);
      }
    }
    expect(failures).toEqual([]);
    const after = await env.DB.prepare("select * from connection where id = ?").bind(owned.connection).first();
    expect(after).toEqual(before);
    const pointsAfter = await env.DB.prepare("select count(*) n from contact_point where connection_id = ?")
      .bind(owned.connection)
      .first<{ n: number }>();
    expect(pointsAfter?.n).toBe(pointsBefore?.n);
  });
});

describe("intents the forms send themselves", () => {
  it("the card editor's Add button without JavaScript still redraws the form with the new row", async () => {
    const { cookie, owned } = await sharedOwner();
    const add = JSON.stringify({
      type: "insert",
      payload: { name: "socialAccounts", defaultValue: { platform: "linkedin", url: "" } },
    });
    const res = await call(`/card/${owned.card}`, {
      ...form({ label: "Work", name: "Route Owner", template: "classic", colour: "#4f46e5", __intent__: add }),
      headers: { cookie },
    });
    const html = await res.text();
    expect(html).not.toContain("Unknown action");
    expect(html).toContain('name="socialAccounts[0].url"');
  });
});
