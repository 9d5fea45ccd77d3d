import { env } from "cloudflare:workers";
import { describe, expect, it, vi } from "vitest";
import { PEOPLE_READ_LIMIT } from "~/server/people/read.server";
import { call, signUp } from "./helpers";

/** Issue 24 item 3: an export past its limit says so, rather than stopping at 50,000 people without a word. */

vi.setConfig({ testTimeout: 120_000 });

describe("exports of a very large network", () => {
  it("refuse with the limit and what to do, instead of a file cut short", async () => {
    const owner = await signUp("Big Network");
    const user = await env.DB.prepare("select id from user where email = ?").bind(owner.email).first<{ id: string }>();
    await env.DB.prepare(
      `with recursive n(i) as (select 1 union all select i + 1 from n where i < ?)
       insert into connection (user_id, name, email) select ?, 'Person ' || i, 'p' || i || '@big.example.org' from n`,
    )
      .bind(PEOPLE_READ_LIMIT + 1, user?.id)
      .run();
    for (const format of ["csv", "vcf", "xlsx"]) {
      const res = await call(`/api/connections/export?format=${format}`, { headers: { cookie: owner.cookie } });
      expect(res.status, format).toBe(413);
      const body = (await res.json()) as { error: string };
      expect(body.error).toContain("at most 50,000 people");
    }
    // A chosen part still exports.
    const first = await env.DB.prepare("select min(id) as id from connection where user_id = ?")
      .bind(user?.id)
      .first<{ id: number }>();
    const part = await call(`/api/connections/export?format=csv&ids=${first?.id}`, {
      headers: { cookie: owner.cookie },
    });
    expect(part.status).toBe(200);
    expect(await part.text()).toContain("Person 1");
  });
});
