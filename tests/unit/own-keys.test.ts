import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { parseMecard } from "~/lib/capture/scan";
import { readCsvFile } from "~/lib/formats/csv-read";
import { readVCardFile } from "~/lib/formats/vcard-read";
import { merge, unknownMergeFields } from "~/lib/mailings/rules";

const INHERITED = ["constructor", "__proto__", "toString", "hasOwnProperty", "valueOf"];
const values = { first_name: "Ada", event: "Expo", campaign_link: "L", last_gift: "G", card_link: "C" };

describe("user-keyed lookups see only the map's own keys", () => {
  it("an inherited name is an unknown merge field, and merging leaves it as written", () => {
    const text = INHERITED.map((n) => `{{${n}}}`).join(" ");
    expect(unknownMergeFields(text)).toEqual(INHERITED);
    const merged = merge(`Hi {{first_name}} ${text}`, values);
    expect(merged).toBe(`Hi Ada ${text}`);
    expect(merged).not.toMatch(/function|\[object/);
  });

  it("a CSV column or label named after Object's prototype is not one of ours", () => {
    const read = readCsvFile(
      "Name,Email,constructor,Phone 1 - Label,Phone 1 - Value\nAda,ada@example.com,x,constructor,+44 20 7946 0000\n",
    );
    const draft = read.people[0]?.draft;
    expect(draft?.displayName).toBe("Ada");
    expect(JSON.stringify(draft)).not.toMatch(/function|\[native code\]/);
    expect(draft?.phones?.[0]?.label).toBe("other");
  });

  it("a vCard social type or parameter named constructor stays a plain word", () => {
    const read = readVCardFile(
      "BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Ada\r\nX-SOCIALPROFILE;TYPE=constructor;__proto__=x:https://example.com/ada\r\nEND:VCARD\r\n",
    );
    const draft = read.people[0]?.draft;
    expect(draft?.socials?.[0]?.service).toBe("constructor");
    expect(JSON.stringify(draft)).not.toMatch(/function|\[native code\]/);
  });

  it("a MECARD with a __proto__ part keeps its fields", () => {
    expect(parseMecard("MECARD:__proto__:x;N:Doe,Jane;EMAIL:j@example.com;;")?.email).toBe("j@example.com");
  });

  it("no source checks a string from outside against a constant map with `in`", () => {
    const files = [
      "app/lib/mailings/rules.ts",
      "app/lib/formats/csv-read.ts",
      "app/routes/app/fundraising/+shared/campaign-edit.server.ts",
    ];
    for (const f of files) expect(readFileSync(f, "utf8"), f).not.toMatch(/\b\w+ in [A-Z][A-Z_]+\b/);
  });
});
