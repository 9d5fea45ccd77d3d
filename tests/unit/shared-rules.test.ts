import { execFileSync } from "node:child_process";
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { DOMParser } from "@xmldom/xmldom";
import { describe, expect, it } from "vitest";
import { emailAddress, isEmail } from "~/lib/forms/fields";
import { base64url, decodeJson, encodeJson, fromBase64url } from "~/lib/text/base64url";
import { escapeHtml, escapeXml } from "~/lib/text/escape";
import { hex } from "~/lib/text/hex";
import { addMonths, DAY_MS, daysLeft } from "~/lib/time/days";

describe("one escape, one hex, one day", () => {
  it("escapes the five HTML characters", () => {
    expect(escapeHtml(`Ann "<b>" O'Lee & co`)).toBe("Ann &quot;&lt;b&gt;&quot; O&#39;Lee &amp; co");
  });

  it("escapes XML and drops what XML 1.0 cannot hold (control characters, lone surrogates)", () => {
    expect(escapeXml(`a<b>&"c"\u0001\u000B\t\n\uFFFE\uD800z😀`)).toBe("a&lt;b&gt;&amp;&quot;c&quot;\t\nz😀");
  });

  it("writes CR so an XML parser hands it back (a vCard's CRLF lines in CardDAV stay CRLF)", () => {
    const value = "BEGIN:VCARD\r\nNOTE:one\rtwo\r\nEND:VCARD\r\n";
    const doc = new DOMParser().parseFromString(`<a b="${escapeXml(value)}">${escapeXml(value)}</a>`, "text/xml");
    expect(doc.documentElement?.textContent).toBe(value);
    expect(doc.documentElement?.getAttribute("b")?.replaceAll("\n", " ")).toBe(value.replaceAll("\n", " "));
    // Python's expat, as a DAV client written in Python (vdirsyncer) reads it.
    const expat = execFileSync(
      "python3",
      ["-c", "import sys, json, xml.etree.ElementTree as E; print(json.dumps(E.fromstring(sys.stdin.read()).text))"],
      {
        input: `<a>${escapeXml(value)}</a>`,
      },
    );
    expect(JSON.parse(expat.toString())).toBe(value);
  });

  it("writes URL-safe base64 without padding and reads it back, padded or not; a name in any script as a cursor", () => {
    const bytes = new Uint8Array([251, 255, 191, 0, 62]);
    expect(base64url(bytes)).toBe("-_-_AD4");
    expect(fromBase64url("-_-_AD4")).toEqual(bytes);
    expect(fromBase64url("-_-_AD4=")).toEqual(bytes);
    expect(decodeJson(encodeJson(["李小龙", 3]))).toEqual(["李小龙", 3]);
    expect(() => decodeJson("not*base64")).toThrow();
  });

  it("writes bytes as two lowercase hex digits each, from a buffer or a view", () => {
    expect(hex(new Uint8Array([0, 15, 16, 255]))).toBe("000f10ff");
    expect(hex(new Uint8Array([1, 171]).buffer)).toBe("01ab");
  });

  it("counts days left rounded up, never below zero, and adds months without spilling into the next", () => {
    const now = Date.parse("2026-11-26T00:00:00Z");
    expect(daysLeft(now + 30 * 3_600_000, now)).toBe(2);
    expect(daysLeft(new Date(now - DAY_MS), new Date(now))).toBe(0);
    expect(addMonths(new Date("2027-01-31T09:30:00Z"), 1).toISOString()).toBe("2027-02-28T09:30:00.000Z");
    expect(addMonths(new Date("2026-11-30T10:00:00Z"), 3).toISOString()).toBe("2027-02-28T10:00:00.000Z");
  });

  it("checks an email address with the shared field rule and its message", () => {
    expect(isEmail("ann@example.org")).toBe(true);
    expect(isEmail("ann@")).toBe(false);
    expect(emailAddress.safeParse("nope").error?.issues[0]?.message).toBe("Please enter a valid email address");
  });
});

/** Every source file under app/ (and the seed), with its text. */
function sources(dir: string): { file: string; text: string }[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) return sources(file);
    return /\.(ts|tsx)$/.test(name) && !name.endsWith(".test.ts") ? [{ file, text: readFileSync(file, "utf8") }] : [];
  });
}

describe("no copies of the shared rules", () => {
  const files = [...sources("app"), ...sources("database")];
  const copies = (pattern: RegExp, home: string[]) =>
    files.filter(({ file, text }) => pattern.test(text) && !home.includes(file)).map(({ file }) => file);

  it("hex of bytes lives in app/lib/text/hex.ts", () => {
    expect(copies(/toString\(16\)\.padStart\(2/, ["app/lib/text/hex.ts"])).toEqual([]);
  });

  it("HTML and XML escaping live in app/lib/text/escape.ts", () => {
    expect(copies(/replace\(\/\[&<>"'\]\/g|replace\(\/&\/g, "&amp;"\)/, ["app/lib/text/escape.ts"])).toEqual([]);
  });

  it("URL-safe base64 lives in app/lib/text/base64url.ts", () => {
    expect(copies(/replace(All)?\(("\+"|\/\\\+\/g), "-"\)/, ["app/lib/text/base64url.ts"])).toEqual([]);
  });

  it("a day in milliseconds is DAY_MS from app/lib/time/days.ts", () => {
    // app/lib/time/time.ts keeps its snooze lengths until its formatter work lands (one owner at a time).
    expect(copies(/86_?400_?000\b/, ["app/lib/time/days.ts", "app/lib/time/time.ts"])).toEqual([]);
  });

  it("date formats are built once in app/lib/time/time.ts and kept, never per call or per row", () => {
    // toLocaleDateString with options builds a new Intl.DateTimeFormat on every call, like `new` does.
    expect(copies(/new Intl\.DateTimeFormat\(|toLocale(Date|Time)?String\([^)]*\{/, ["app/lib/time/time.ts"])).toEqual(
      [],
    );
  });

  it("z.email() is called only by the shared email rule (and the environment check, which is no form)", () => {
    expect(copies(/z\.email\(/, ["app/lib/forms/email.ts", "app/server/platform/env.server.ts"])).toEqual([]);
  });

  it("email addresses are checked, kept and found in text by app/lib/forms/email.ts alone", () => {
    // A hand-written address pattern: `[^@\s]+@...`, `[^\s@]`, or a class of address characters before an @.
    expect(copies(/\[\^@\\s\]|\[\^\\s@\]|\]\+@\[|\]\+@\(/, ["app/lib/forms/email.ts"])).toEqual([]);
  });

  it("text over its limit is refused with the one message of app/lib/forms/too-long.ts", () => {
    expect(copies(/Must be at most (\$\{|\d)/, ["app/lib/forms/too-long.ts"])).toEqual([]);
  });

  it("byte arrays are joined by app/lib/formats/bytes.ts", () => {
    expect(copies(/new Uint8Array\(\w+\.reduce\(/, ["app/lib/formats/bytes.ts"])).toEqual([]);
  });

  it("phones are checked, made into tel: links and found in text by app/lib/forms/phone.ts alone", () => {
    // A hand-written phone class (`[+()\d...]`, `[\d\s().-]`) or a tel: link's digits picked out by hand.
    expect(copies(/\[\+\(\)\\d|\[\\d\\s\(\)|replace\(\/\[\^\\d\+\]\/g/, ["app/lib/forms/phone.ts"])).toEqual([]);
  });
});
