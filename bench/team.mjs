// A team's member and admin against a personal workspace of the same size: /dashboard and /connections documents,
// each as a share of /api/health, in one run. The team has 20 members and BENCH_TEAM_PEOPLE people (50,000), each
// met by and owned by one member in turn, so a member (who sees the people they met, the team's default) sees a
// twentieth of them and an admin sees all; the personal workspace holds the same number of people.
// Part of `npm run bench`; `node bench/team.mjs` runs this part alone on a fresh build (BENCH_PORT to move it).
import { loadavg } from "node:os";
import { fetchRetry, localExecute, runAlone, signUpOwner } from "./local.mjs";
import { requestsPerSecond } from "./owner.mjs";

const SECONDS = Number(process.env.BENCH_SECONDS ?? 6);
const ROUNDS = 3;
const PEOPLE = Number(process.env.BENCH_TEAM_PEOPLE ?? 50_000);
const MEMBERS = 20;
/** The goal: a team's page at most 1.2 times the cost of the same page in a personal workspace. */
const GOAL = 1.2;

export async function teamFigures({ base, state }) {
  const sql = (command) => localExecute(state, command);
  const post = async (path, cookie, values) => {
    const res = await fetchRetry(base + path, {
      method: "POST",
      headers: { cookie, origin: base, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(values),
      redirect: "manual",
    });
    await res.arrayBuffer();
    if (res.status !== 302) throw new Error(`${path} (${values.intent}) answered ${res.status}`);
    return res.headers.get("location") ?? "";
  };

  const stamp = Date.now();
  const email = (who) => `team-bench-${who}-${stamp}@example.org`;
  const personal = await signUpOwner(base, email("personal"));
  const admin = await signUpOwner(base, email("admin"));
  const member = await signUpOwner(base, email("member"));
  for (let i = 3; i <= MEMBERS; i++) await signUpOwner(base, email(`m${i}`));
  const team = (await post("/teams", admin, { intent: "create", name: `Bench Team ${stamp}` })).split("/").pop();
  if (!team?.startsWith("team_")) throw new Error(`no team made (${team})`);
  // The other members join as the invitations would leave them (the bench measures reading, not joining).
  sql(`insert into member (workspace_id, user_id, role)
  select '${team}', id, 'member' from user where email like 'team-bench-%-${stamp}@example.org'
    and email not in ('${email("admin")}', '${email("personal")}');`);
  for (const cookie of [admin, member]) await post("/teams", cookie, { intent: "switch", workspace: team });

  // The same people in both workspaces: an email and a phone point and a history line each.
  const seed = (workspace, metBy) =>
    sql(`with recursive n(i) as (select 1 union all select i + 1 from n where i < ${PEOPLE})
insert into connection (user_id, name, email, phone, title, company, tags, priority, status, event_name, notes, source, met_by, owner_id, created_at, updated_at)
select ${workspace}, 'Person ' || i, 'person' || i || '@example.org', '+1312' || printf('%07d', i), 'Director of Development',
  'Company ' || (i % 300), json_array('Tag ' || (i % 12), 'Donor'), case i % 3 when 0 then 'high' when 1 then 'medium' else 'low' end,
  case i % 10 when 0 then 'Pending' else 'Active' end, 'Event ' || (i % 20), 'Met at the booth ' || i, 'import', ${metBy}, ${metBy},
  ${stamp} - i * 1000, ${stamp} from n;
insert or ignore into contact_point (user_id, connection_id, kind, label, value, key, preferred)
  select user_id, id, 'email', 'work', email, email, 1 from connection where user_id = ${workspace};
insert or ignore into contact_point (user_id, connection_id, kind, label, value, key, preferred)
  select user_id, id, 'phone', 'mobile', phone, phone, 1 from connection where user_id = ${workspace};
insert into person_history (user_id, connection_id, kind, source, detail)
  select user_id, id, 'created', 'import', 'Imported from bench.csv' from connection where user_id = ${workspace};`);
  const personalId = `(select id from user where email = '${email("personal")}')`;
  seed(personalId, personalId);
  // Each member met every twentieth person, in turn.
  seed(
    `'${team}'`,
    `(select user_id from (select user_id, row_number() over (order by user_id) - 1 as k from member where workspace_id = '${team}') where k = i % ${MEMBERS})`,
  );

  const pages = [
    ["/api/health", null, "/api/health"],
    ["/dashboard", personal, "personal /dashboard"],
    ["/dashboard", member, "team member /dashboard"],
    ["/dashboard", admin, "team admin /dashboard"],
    ["/connections", personal, "personal /connections"],
    ["/connections", member, "team member /connections"],
    ["/connections", admin, "team admin /connections"],
  ];
  for (const [path, cookie, label] of pages) {
    const res = await fetchRetry(base + path, { headers: cookie ? { cookie, accept: "text/html" } : {} });
    const body = await res.text();
    if (!res.ok) throw new Error(`${label} answered ${res.status}`);
    if (path === "/connections" && !body.includes("Person ")) throw new Error(`${label} shows nobody`);
  }
  const rps = new Map(pages.map(([, , label]) => [label, 0]));
  for (let round = 0; round < ROUNDS; round++)
    for (const [path, cookie, label] of pages)
      rps.set(label, rps.get(label) + (await requestsPerSecond(base, path, SECONDS / ROUNDS, cookie)) / ROUNDS);
  const health = rps.get("/api/health");
  console.log(
    `\nA team of ${MEMBERS} with ${PEOPLE.toLocaleString("en")} people against a personal workspace of as many, documents, ${SECONDS} s each in ${ROUNDS} interleaved turns (load average ${loadavg()
      .map((n) => n.toFixed(1))
      .join(", ")}):`,
  );
  for (const [, , label] of pages)
    console.log(
      `${label.padEnd(26)} ${rps.get(label).toFixed(0).padStart(6)} req/s  ${(rps.get(label) / health).toFixed(2)} of /api/health`,
    );
  for (const page of ["/dashboard", "/connections"])
    for (const who of ["member", "admin"]) {
      const cost = rps.get(`personal ${page}`) / rps.get(`team ${who} ${page}`);
      console.log(
        `team ${who} ${page} costs ${cost.toFixed(2)}x the personal workspace's (goal at most ${GOAL})${cost > GOAL ? "  OVER" : ""}`,
      );
    }
}

await runAlone(import.meta.url, "bench-team-state", teamFigures, { port: 8798 });
