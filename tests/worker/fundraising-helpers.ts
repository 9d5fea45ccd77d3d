import { env } from "cloudflare:workers";
import { call, form } from "./helpers";

/** The fundraising tests' shared set-up: a published campaign, and online giving connected through test Stripe. */

type Headers = { cookie: string };

/** Makes a campaign of `fields` as the owner behind `headers` and publishes it; the campaign's id. */
export async function publishCampaign(headers: Headers, fields: Record<string, string>): Promise<string> {
  const created = await call("/campaigns/new", { ...form(fields), headers });
  if (created.status !== 302) throw new Error(`making the campaign answered ${created.status}`);
  const id = (created.headers.get("location") ?? "").split("/")[2] ?? "";
  const published = await call(`/campaigns/${id}/edit`, { ...form({ intent: "publish" }), headers });
  if (published.status !== 302) throw new Error(`publishing the campaign answered ${published.status}`);
  return id;
}

/**
 * Connects the owner's Stripe account for online giving as an owner does: starts the onboarding and comes back
 * through the test Stripe's return address. The connected account's id.
 */
export async function connectStripe(headers: Headers, email: string): Promise<string> {
  const started = await call("/campaigns", { ...form({ intent: "connect" }), headers });
  const onboard = new URL(started.headers.get("location") ?? "", "http://localhost");
  if (!/^\/pay\/test\/onboard\/acct_local_/.test(onboard.pathname))
    throw new Error(`connecting Stripe went to ${onboard.pathname}`);
  const back = await call(onboard.pathname, form({ return_url: onboard.searchParams.get("return_url") ?? "" }));
  if (back.status !== 302) throw new Error(`finishing the onboarding answered ${back.status}`);
  const row = await env.DB.prepare(
    "select account_id from stripe_connection where user_id = (select id from user where email = ?)",
  )
    .bind(email)
    .first<{ account_id: string }>();
  return row?.account_id ?? "";
}
