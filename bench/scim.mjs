// The SCIM part of `npm run bench`; `node bench/scim.mjs` runs it alone (BENCH_REUSE_BUILD=1 to skip the build).
import { localExecute, runAlone } from "./local.mjs";

/**
 * A team's directory provisioning 1,000 users (BENCH_SCIM_USERS) through SCIM as Entra ID does it: a lookup by
 * userName, then the POST, eight users at a time; then every POST again, as a directory retrying would. Prints the
 * time, and the rows: each user once as an account, a SCIM user and a member (decision 0241).
 */
export async function scimBench({ base: BASE, state, signUp, count, fetch }) {
  const COUNT = Number(process.env.BENCH_SCIM_USERS ?? 1000);
  const domain = `scim${Date.now()}.test`;
  const admin = `admin@${domain}`;
  const cookie = await signUp(admin);
  localExecute(state, `update user set email_verified = 1 where email = '${admin}'`);
  const form = (path, values) =>
    fetch(`${BASE}${path}`, {
      method: "POST",
      headers: { cookie, origin: BASE, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(values),
      redirect: "manual",
    });
  const team = ((await form("/teams", { intent: "create", name: "Bench Directory" })).headers.get("location") ?? "")
    .split("/")
    .pop();
  await form(`/teams/${team}/sign-in`, { intent: "add-domain", domain });
  const token = /kwscim_[\w-]+/.exec(
    await (await form(`/teams/${team}/sign-in`, { intent: "create-scim-token" })).text(),
  )?.[0];
  if (!team || !token) throw new Error("the team or its SCIM token was not made");
  const scim = (method, path, body) =>
    fetch(`${BASE}/scim/v2/${team}${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, "content-type": "application/scim+json" },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
  const user = (i) => ({
    schemas: ["urn:ietf:params:scim:schemas:core:2.0:User"],
    userName: `user${i}@${domain}`,
    externalId: `ext-${i}`,
    name: { givenName: "User", familyName: String(i) },
    emails: [{ primary: true, type: "work", value: `user${i}@${domain}` }],
    active: true,
  });
  const statuses = new Map();
  const run = async (each) => {
    let next = 0;
    await Promise.all(
      Array.from({ length: 8 }, async () => {
        while (next < COUNT) {
          const i = next++;
          const status = await each(i);
          statuses.set(status, (statuses.get(status) ?? 0) + 1);
        }
      }),
    );
  };
  const started = performance.now();
  await run(async (i) => {
    const filter = encodeURIComponent(`userName eq "user${i}@${domain}"`);
    await (await scim("GET", `/Users?filter=${filter}`)).arrayBuffer();
    const res = await scim("POST", "/Users", user(i));
    await res.arrayBuffer();
    return res.status;
  });
  const seconds = (performance.now() - started) / 1000;
  const first = Object.fromEntries(statuses);
  statuses.clear();
  await run(async (i) => {
    const res = await scim("POST", "/Users", user(i));
    await res.arrayBuffer();
    return res.status;
  });
  const again = Object.fromEntries(statuses);
  const accounts = count(`select count(*) from user where email like '%@${domain}' and email <> '${admin}'`);
  const rows = count(`select count(*) from scim_user where workspace_id = '${team}'`);
  const members = count(`select count(*) from member where workspace_id = '${team}' and role = 'member'`);
  console.log(`\nSCIM: a directory provisioning ${COUNT.toLocaleString("en")} users (lookup + POST, 8 at a time):`);
  console.log(
    `${seconds.toFixed(1)} s, ${(COUNT / seconds).toFixed(0)} users a second; answers ${JSON.stringify(first)}; every POST again: ${JSON.stringify(again)} (must be all 409); ` +
      `rows: ${accounts} accounts, ${rows} SCIM users, ${members} members (each must be ${COUNT}, each user once)`,
  );
}

await runAlone(import.meta.url, "bench-scim-state", scimBench);
