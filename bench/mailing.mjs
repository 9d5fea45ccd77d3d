// The mailing part of `npm run bench`; `node bench/mailing.mjs` runs it alone (BENCH_REUSE_BUILD=1 to skip the build).
import { bin, serveFreshBuild } from "../scripts/wrangler-env.mjs";
import { fetchRetry, localCount, sh, signUpOwner } from "./local.mjs";
/**
 * One mailing to 5,000 consenting people through the queue and the local adapter (the outbox): the time
 * from Send to the mailing marked sent, how many messages the outbox holds (each address once), and the
 * retries the queue needed (re-sends of a claimed group).
 */
export async function mailingBench({ base: BASE, state, signUp, count, sh, fetch: fetchRetry }) {
  const COUNT = 5000;
  const email = `bench-mail-${Date.now()}@example.org`;
  const cookie = await signUp(email);
  const tag = `mailbench${Date.now()}`;
  const sql = `with recursive n(i) as (select 1 union all select i + 1 from n where i < ${COUNT})
insert into connection (user_id, name, given_name, email, tags, event_name, source)
select u.id, 'Reader ' || i, 'Reader', '${tag}-' || i || '@example.org', json_array('${tag}'), 'Bench Summit', 'share'
from n, user u where u.email = '${email}';
insert into person_history (user_id, connection_id, kind, source, detail)
  select user_id, id, 'consent-given', 'manual', 'Agreed to be contacted (recorded by you)' from connection
  where user_id = (select id from user where email = '${email}');`;
  sh(bin("wrangler"), ["d1", "execute", "DB", "--local", "--persist-to", state, "--command", sql]);
  const started = performance.now();
  const res = await fetchRetry(`${BASE}/mailings/new`, {
    method: "POST",
    headers: { cookie, origin: BASE, "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({
      intent: "send",
      key: crypto.randomUUID(),
      tags: tag,
      subject: "News for {{first_name}}",
      body: "Hello {{first_name}}, thank you for meeting us at {{event}}. The report: https://example.org/report",
    }),
    redirect: "manual",
  });
  const id = (res.headers.get("location") ?? "").match(/\/mailings\/(\d+)/)?.[1];
  if (!id) throw new Error(`the mailing was not made: ${res.status}`);
  const accepted = performance.now() - started;
  let done = false;
  for (let i = 0; i < 600 && !done; i++) {
    await new Promise((r) => setTimeout(r, 500));
    const page = await (await fetchRetry(`${BASE}/mailings/${id}`, { headers: { cookie } })).text();
    done = /id="mailing-status"[^>]*>Sent/.test(page);
  }
  const seconds = (performance.now() - started) / 1000;
  const messages = count(`select count(*) from outbox where kind = 'mailing' and "to" like '${tag}-%'`);
  const distinct = count(`select count(distinct "to") from outbox where kind = 'mailing' and "to" like '${tag}-%'`);
  const retries = count(`select coalesce(sum(attempts - 1), 0) from mailing_recipient where mailing_id = ${id}`);
  console.log(`\nMailing to ${COUNT.toLocaleString("en")} consenting people through the queue and the local adapter:`);
  console.log(
    `${done ? "sent" : "NOT FINISHED"} in ${seconds.toFixed(1)} s (Send answered in ${accepted.toFixed(0)} ms); outbox ${messages} messages to ${distinct} addresses (must be ${COUNT}, each once); queue retries ${retries}`,
  );
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const port = Number(process.env.BENCH_PORT ?? 8795);
  const base = `http://127.0.0.1:${port}`;
  const { server, state } = await serveFreshBuild({ name: "bench-mail-state", port, appEnv: "test" });
  try {
    await mailingBench({
      base,
      state,
      signUp: (email) => signUpOwner(base, email),
      count: (sql) => localCount(state, sql),
      sh,
      fetch: fetchRetry,
    });
  } finally {
    process.kill(-server.pid, "SIGTERM");
  }
}
