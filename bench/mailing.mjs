// The mailing part of `npm run bench`; `node bench/mailing.mjs` runs it alone (BENCH_REUSE_BUILD=1 to skip the build).
import { localExecute, runAlone } from "./local.mjs";
/**
 * One mailing to 50,000 consenting people (BENCH_MAIL_PEOPLE) through the queue and the local adapter (the
 * outbox, paced at its 10 calls a second as Resend's adapter is at 2): the time Send takes to queue
 * everyone, the time to the mailing marked sent, the calls' pace against the adapter's, how many messages
 * the outbox holds (each address once), and the retries the queue needed (decision 0186).
 */
export async function mailingBench({ base: BASE, state, signUp, count, fetch: fetchRetry }) {
  const COUNT = Number(process.env.BENCH_MAIL_PEOPLE ?? 50000);
  const email = `bench-mail-${Date.now()}@example.org`;
  const cookie = await signUp(email);
  const tag = `mailbench${Date.now()}`;
  // Consent to email as the app records it (decision 0180): one record per person, purpose "email".
  const sql = `with recursive n(i) as (select 1 union all select i + 1 from n where i < ${COUNT})
insert into connection (user_id, name, given_name, email, tags, event_name, source)
select u.id, 'Reader ' || i, 'Reader', '${tag}-' || i || '@example.org', json_array('${tag}'), 'Bench Summit', 'share'
from n, user u where u.email = '${email}';
insert into consent_record (sender_workspace_id, connection_id, purpose, state, sender_name, shown, source)
  select user_id, id, 'email', 'yes', 'Bench Owner', 'Agreed to hear from me by email (recorded by you)', 'manual'
  from connection where user_id = (select id from user where email = '${email}');`;
  localExecute(state, sql);
  const started = performance.now();
  const res = await fetchRetry(`${BASE}/mailings/new`, {
    method: "POST",
    headers: { cookie, origin: BASE, "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({
      intent: "send",
      // The second tap: the first only says how many people the mailing reaches.
      confirmed: "yes",
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
  for (let i = 0; i < 2400 && !done; i++) {
    await new Promise((r) => setTimeout(r, 500));
    const page = await (await fetchRetry(`${BASE}/mailings/${id}`, { headers: { cookie } })).text();
    done = /id="mailing-status"[^>]*>Sent/.test(page);
  }
  const seconds = (performance.now() - started) / 1000;
  const messages = count(`select count(*) from outbox where kind = 'mailing' and "to" like '${tag}-%'`);
  const distinct = count(`select count(distinct "to") from outbox where kind = 'mailing' and "to" like '${tag}-%'`);
  const retries = count(`select coalesce(sum(attempts - 1), 0) from mailing_recipient where mailing_id = ${id}`);
  const queued = count(`select count(*) from mailing_recipient where mailing_id = ${id}`);
  // Each provider call is one idempotency key; its messages are `key#i`.
  const calls = count(
    `select count(distinct substr(idempotency_key, 1, instr(idempotency_key, '#') - 1)) from outbox where kind = 'mailing' and "to" like '${tag}-%'`,
  );
  const span =
    count(`select max(created_at) - min(created_at) from outbox where kind = 'mailing' and "to" like '${tag}-%'`) /
    1000;
  console.log(`\nMailing to ${COUNT.toLocaleString("en")} consenting people through the queue and the local adapter:`);
  console.log(
    `queued ${queued} in ${accepted.toFixed(0)} ms (Send's answer); ${done ? "sent" : "NOT FINISHED"} in ${seconds.toFixed(1)} s; ` +
      `${calls} provider calls over ${span.toFixed(1)} s = ${(span > 0 ? (calls - 1) / span : 0).toFixed(1)} a second (adapter's limit 10; Resend's 2, i.e. ${Math.ceil(COUNT / 200)} s for this mailing); ` +
      `outbox ${messages} messages to ${distinct} addresses (must be ${COUNT}, each once); queue retries ${retries}`,
  );
}

await runAlone(import.meta.url, "bench-mail-state", mailingBench);
