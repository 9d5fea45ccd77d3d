import { describe, expect, it } from "vitest";
import { writeVCard } from "~/lib/formats/vcard";
import { readVCardFile } from "~/lib/formats/vcard-read";
import { formatPhone, normalizePhone, phoneKey } from "~/lib/forms/phone";
import { canonicalTimeZone, utcOffsetLabel } from "~/lib/time/time";

describe("formatPhone", () => {
  it("shows the owner's own country's numbers nationally and the rest internationally", () => {
    expect(formatPhone("+15035550177", "US")).toBe("(503) 555-0177");
    expect(formatPhone("+442079460958", "US")).toBe("+44 20 7946 0958");
    expect(formatPhone("+442079460958", "GB")).toBe("020 7946 0958");
    expect(formatPhone("+15035550177", "GB")).toBe("+1 503 555 0177");
  });

  it("keeps what does not parse exactly as stored, and shows nothing for nothing", () => {
    expect(formatPhone("ext. 12 at the desk", "US")).toBe("ext. 12 at the desk");
    expect(formatPhone(null, "US")).toBe("");
    expect(formatPhone("  ", "US")).toBe("");
  });

  it("falls back to US for an unknown owner country", () => {
    expect(formatPhone("+15035550177", "ZZ")).toBe("(503) 555-0177");
  });
});

describe("time zones from the browser", () => {
  it("accepts the runtime's zones and resolves aliases", () => {
    expect(canonicalTimeZone("America/New_York")).toBe("America/New_York");
    expect(canonicalTimeZone("US/Eastern")).toBe("America/New_York");
    expect(canonicalTimeZone("UTC")).toBe("UTC");
    expect(canonicalTimeZone("Etc/UTC")).toBe("UTC");
  });

  it("refuses anything else", () => {
    for (const bad of ["", "Mars/Olympus", "<script>", 42, null, "x".repeat(100)])
      expect(canonicalTimeZone(bad)).toBeNull();
  });

  it("labels a zone with its offset at a given instant", () => {
    expect(utcOffsetLabel("America/New_York", new Date("2026-01-15T12:00:00Z"))).toBe("UTC−05:00");
    expect(utcOffsetLabel("Asia/Kolkata", new Date("2026-01-15T12:00:00Z"))).toBe("UTC+05:30");
    expect(utcOffsetLabel("UTC", new Date("2026-01-15T12:00:00Z"))).toBe("UTC+00:00");
  });
});

describe("history lines", () => {
  it("show the phones they name formatted for the owner's country, not raw E.164", async () => {
    const { historyText } = await import("~/lib/people/history");
    expect(historyText("Shared back; added ann@x.org, +15035550177", "US")).toBe(
      "Shared back; added ann@x.org, (503) 555-0177",
    );
    expect(historyText("added +442079460958", "US")).toBe("added +44 20 7946 0958");
    expect(historyText("Imported from 2024+1 list.csv", "US")).toBe("Imported from 2024+1 list.csv");
  });
});

describe("Phone extensions (issue 29)", () => {
  it("are kept, in the RFC 3966 form, and read back from our own vCard", () => {
    for (const raw of ["+1-415-555-2671;ext=102", "tel:+1-415-555-2671;ext=102", "+1 415 555 2671 ext. 102"])
      expect(normalizePhone(raw), raw).toBe("+14155552671;ext=102");
    expect(phoneKey("+1 415 555 2671 ext. 102")).toBe("+14155552671");
    const vcf = writeVCard({
      uid: "ext@knowwho.test",
      displayName: "Ext Person",
      phones: [{ value: "+14155552671;ext=102", label: "work" }],
      tags: [],
      updatedAt: new Date("2026-01-01T00:00:00Z"),
    });
    const back = readVCardFile(new TextEncoder().encode(vcf)).people[0]?.draft.phones?.[0]?.value;
    expect(normalizePhone(back)).toBe("+14155552671;ext=102");
  });
});
