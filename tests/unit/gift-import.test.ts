import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import {
  type GiftTable,
  guessMapping,
  MAX_GIFT_FILE_BYTES,
  parseGiftDate,
  parseGiftRows,
  readGiftTable,
  recogniseProvider,
} from "~/lib/fundraising/gift-import";
import { mappingSchema } from "~/lib/fundraising/gift-import-forms";

const table = (name: string): GiftTable => {
  const read = readGiftTable(new Uint8Array(readFileSync(`tests/fixtures/gifts/${name}`)));
  if ("error" in read) throw new Error(read.error);
  return read;
};

const parse = (name: string, currency = "USD") => {
  const t = table(name);
  const provider = recogniseProvider(t.headers);
  return { provider, ...parseGiftRows(t, guessMapping(t.headers), provider, currency) };
};

describe("recognising an export by its header", () => {
  it("names Givebutter, Donorbox and Stripe exports, and anything else a CSV file", () => {
    expect(recogniseProvider(table("givebutter-transactions.csv").headers)).toBe("givebutter");
    expect(recogniseProvider(table("donorbox-donations.csv").headers)).toBe("donorbox");
    expect(recogniseProvider(table("stripe-unified_payments.csv").headers)).toBe("stripe");
    expect(recogniseProvider(table("problems.csv").headers)).toBe("file");
  });

  it("guesses each provider's columns", () => {
    const gb = table("givebutter-transactions.csv");
    const m = guessMapping(gb.headers);
    const name = (i: number | undefined) => (i === undefined ? null : gb.headers[i]);
    expect(name(m.amount)).toBe("Amount");
    expect(name(m.date)).toBe("Transaction Date (UTC)");
    expect(name(m.externalId)).toBe("Transaction ID");
    expect(name(m.recurring)).toBe("Frequency");
    expect(name(m.note)).toBe("Dedication");
    const st = table("stripe-unified_payments.csv");
    const s = guessMapping(st.headers);
    expect(st.headers[s.externalId ?? -1]).toBe("id");
    expect(st.headers[s.refunded ?? -1]).toBe("Amount Refunded");
    expect(st.headers[s.email ?? -1]).toBe("Customer Email");
    const db = table("donorbox-donations.csv");
    const d = guessMapping(db.headers);
    expect(db.headers[d.externalId ?? -1]).toBe("Receipt Id");
    expect(db.headers[d.firstName ?? -1]).toBe("Donor's First Name");
    expect(db.headers[d.note ?? -1]).toBe("Donor Comment");
  });
});

describe("reading rows", () => {
  it("reads a Givebutter export: refunded and failed rows skipped with a note, amounts in cents", () => {
    const r = parse("givebutter-transactions.csv");
    expect(r.errors).toEqual([]);
    expect(r.gifts.map((g) => [g.row, g.donorName, g.amount, g.method, g.recurring])).toEqual([
      [2, "Ana Lima", 5000, "card", false],
      [3, "Ben Okafor", 2500, "card", true],
      [4, "Chloé Durand", 120000, "bank_transfer", false],
      [7, "Ana Lima", 3000, "cheque", false],
    ]);
    expect(r.gifts[0]?.date).toBe("2026-10-01");
    expect(r.gifts[0]?.note).toBe("In memory of Rosa");
    expect(r.notes).toEqual([
      { row: 5, message: "Refunded; skipped", skipped: true },
      { row: 6, message: "Status “failed”, not a completed gift; skipped", skipped: true },
    ]);
  });

  it("reads a Stripe export: lower-case currency, a partial refund kept as refunded, full refunds and failures skipped", () => {
    const r = parse("stripe-unified_payments.csv");
    expect(r.errors).toEqual([]);
    expect(r.gifts.map((g) => [g.externalId, g.amount, g.refunded, g.currency, g.method])).toEqual([
      ["ch_3Ora001", 6000, 0, "USD", "card"],
      ["ch_3Ora002", 8000, 2000, "USD", "card"],
    ]);
    expect(r.notes.map((n) => n.row)).toEqual([4, 5]);
  });

  it("reads a Donorbox export with its first and last names", () => {
    const r = parse("donorbox-donations.csv");
    expect(r.errors).toEqual([]);
    expect(r.gifts.map((g) => [g.donorName, g.donorEmail, g.amount, g.recurring, g.externalId])).toEqual([
      ["Frank Osei", "frank.osei@example.org", 10000, false, "184201"],
      ["Grace Kim", "grace.kim@example.org", 2000, true, "184202"],
      ["Hiro Tanaka", "hiro.tanaka@example.org", 7550, false, "184203"],
    ]);
  });

  it("reads Windows-1252 and UTF-16 files", () => {
    const cp = parse("gifts-cp1252.csv");
    expect(table("gifts-cp1252.csv").encoding).toBe("windows-1252");
    expect(cp.gifts.map((g) => [g.donorName, g.date])).toEqual([
      ["José Muñoz", "2026-10-20"],
      ["Zoë Brontë", "2026-10-21"],
    ]);
    expect(cp.gifts[0]?.note).toBe("Café fundraiser – thank you");
    const u16 = parse("gifts-utf16.csv");
    expect(table("gifts-utf16.csv").encoding).toBe("utf-16le");
    expect(u16.gifts.map((g) => [g.donorName, g.amount, g.currency])).toEqual([
      ["Łucja Wrona", 1500, "USD"],
      ["Øyvind Dahl", 999, "USD"],
    ]);
  });

  it("names the rows a broken quote swallowed", () => {
    const r = parse("broken-quote.csv");
    expect(r.gifts.map((g) => g.row)).toEqual([2]);
    expect(r.errors).toHaveLength(1);
    expect(r.errors[0]?.row).toBe(3);
    expect(r.errors[0]?.message).toMatch(/cannot be read/);
  });

  it("says what is wrong with each bad row, in the hand-gift form's words", () => {
    const r = parse("problems.csv");
    expect(r.gifts.map((g) => g.row)).toEqual([2]);
    expect(r.errors).toEqual([
      { row: 3, message: "Amount “-5.00” is not positive", skipped: false },
      { row: 4, message: "Amount “0” is not positive", skipped: false },
      { row: 5, message: expect.stringMatching(/^Currency “XYZ” is not one we record/), skipped: false },
      { row: 6, message: "Amount “100.5” has decimals; JPY has no minor unit", skipped: false },
      { row: 7, message: "Amount “2000000.00”: Amounts are limited to $999,999.99", skipped: false },
      { row: 8, message: "A gift's date cannot be in the future", skipped: false },
      { row: 9, message: "Date “someday” is not a date we can read", skipped: false },
      { row: 10, message: "No email and no name: the gift needs a donor", skipped: false },
    ]);
    expect(r.notes).toEqual([
      { row: 11, message: "Refunded; skipped", skipped: true },
      { row: 12, message: "Status “Failed”, not a completed gift; skipped", skipped: true },
    ]);
  });

  it("skips a transaction listed twice", () => {
    const t = table("stripe-unified_payments.csv");
    const twice = { ...t, rows: [...t.rows, { ...(t.rows[0] as GiftTable["rows"][number]), row: 99 }] };
    const r = parseGiftRows(twice, guessMapping(t.headers), "stripe", "USD");
    expect(r.notes).toContainEqual({ row: 99, message: "Same transaction as row 2; skipped", skipped: true });
  });
});

describe("the file as a whole", () => {
  it("refuses a file over 5 MB and one with no header", () => {
    expect(readGiftTable(new Uint8Array(MAX_GIFT_FILE_BYTES + 1))).toEqual({ error: expect.stringMatching(/5 MB/) });
    expect(readGiftTable(new TextEncoder().encode("just one line"))).toEqual({
      error: expect.stringMatching(/No header row/),
    });
  });

  it("refuses more than 20,000 rows", () => {
    const csv = `Email,Amount,Date\n${"a@b.org,1,2026-01-01\n".repeat(20_001)}`;
    expect(readGiftTable(new TextEncoder().encode(csv))).toEqual({ error: expect.stringMatching(/20,000/) });
  });

  it("reads the dates the exports write", () => {
    expect(parseGiftDate("2026-10-01 18:22:05")).toBe("2026-10-01");
    expect(parseGiftDate("2026-10-01T18:22:05Z")).toBe("2026-10-01");
    expect(parseGiftDate("10/3/2026 9:15 AM")).toBe("2026-10-03");
    expect(parseGiftDate("23/10/2026")).toBe("2026-10-23");
    expect(parseGiftDate("Oct 4, 2026")).toBe("2026-10-04");
    expect(parseGiftDate("4 October 2026")).toBe("2026-10-04");
    expect(parseGiftDate("2026-02-30")).toBeNull();
    expect(parseGiftDate("tomorrow")).toBeNull();
  });

  it("asks for an amount, a date and a donor column when mapping by hand", () => {
    const r = mappingSchema.safeParse({ intent: "map", preview: "0".repeat(32), amount: "1" });
    expect(r.success).toBe(false);
    expect(r.error?.issues.map((i) => i.message)).toEqual([
      "Choose the column that holds the date",
      "Choose the column with the donor's email, or their name",
    ]);
  });
});
