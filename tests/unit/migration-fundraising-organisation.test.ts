import { describe, expect, it } from "vitest";
import { applyMigration as apply, tableCounts as counts, seededBefore } from "../sqlite-migrations";

describe("fundraising organisation migration", () => {
  it("keeps every row, moves each owner's receipt statement into their profile, and leaves gifts as they were", async () => {
    const { db, files, index, file } = await seededBefore("fundraising_organisation");
    db.exec(`insert into thank_you_template (user_id, organization, subject, body, receipt_statement)
      select id, 'Ada', 'Thanks', 'Dear {name}', 'Keep this as your receipt.' from user limit 1`);
    db.exec(`insert into gift (user_id, campaign_id, amount, currency, date, method, source, external_key)
      select user_id, id, 5000, 'USD', '2026-01-05', 'cheque', 'manual', 'migration-check' from campaign limit 1`);
    const before = counts(db);
    expect(before.gift).toBeGreaterThan(0);
    apply(db, file);
    const after = counts(db);
    for (const [table, n] of Object.entries(before)) expect(after[table], table).toBe(n);
    expect(after.fundraising_org).toBe(before.thank_you_template);
    expect(
      db.prepare("select legal_name, receipt_wording, fiscal_year_start from fundraising_org").all(),
    ).toContainEqual({ legal_name: "", receipt_wording: "Keep this as your receipt.", fiscal_year_start: 1 });
    expect(
      db
        .prepare(
          "select amount, fee_covered, tribute_kind, tribute_name, donor_address from gift where external_key = 'migration-check'",
        )
        .get(),
    ).toEqual({ amount: 5000, fee_covered: 0, tribute_kind: null, tribute_name: null, donor_address: null });
    const plan = db
      .prepare(
        "explain query plan select id from gift where user_id = 'u' and campaign_id = 'c' and (date, id) < ('2026-01-01', 5) order by date desc, id desc limit 1000",
      )
      .all() as { detail: string }[];
    expect(plan.map((r) => r.detail).join("\n")).not.toContain("TEMP B-TREE");
    for (const later of files.slice(index + 1)) apply(db, later);
  });
});
