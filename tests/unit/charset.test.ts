import { describe, expect, it } from "vitest";
import { decodeFile, detectEncoding, encodingsThatFit } from "~/lib/formats/charset";

const hex = (h: string) => Uint8Array.from(h.match(/../g) ?? [], (b) => Number.parseInt(b, 16));
/** Latin-1 letters at their own code points, one byte each, as Windows-1252 writes them. */
const latin1 = (text: string) => Uint8Array.from([...text].map((c) => c.charCodeAt(0)));

describe("encoding by evidence (issue 42)", () => {
  it("reads short Windows-1252 files whose accents also pair into Shift_JIS as Windows-1252", () => {
    for (const text of [
      "Nome,E-mail\r\nJoão Araújo,joao@example.com\r\n",
      "Prénom;Nom\r\nHélène;Dupont\r\n",
      "FN:Zoë Müller\r\n",
    ]) {
      const bytes = latin1(text);
      expect(detectEncoding(bytes), text).toBe("windows-1252");
      expect(decodeFile(bytes)).toBe(text);
    }
  });

  it("still reads short Japanese files as Shift_JIS", () => {
    // "姓,名,電子メール アドレス / 山田,太郎,…", "会社名,氏名 / ABC株式会社,鈴木", a vCard with FN:佐藤.
    const files = {
      "90a92c96bc2c93648e718381815b838b2083418368838c83580d0a8e5293632c91be98592c7461726f406578616d706c652e6a700d0a":
        "山田,太郎",
      "89ef8ed096bc2c8e8196bc0d0a4142438a948eae89ef8ed02c97e996d80d0a": "ABC株式会社,鈴木",
      "424547494e3a56434152440d0a56455253494f4e3a332e300d0a464e3a8db293a10d0a454e443a56434152440d0a": "FN:佐藤",
    };
    for (const [bytes, line] of Object.entries(files)) {
      expect(detectEncoding(hex(bytes))).toBe("shift_jis");
      expect(decodeFile(hex(bytes))).toContain(line);
    }
  });

  it("offers only the encodings the bytes can be read in", () => {
    const br = latin1("João");
    expect(encodingsThatFit(br, "windows-1252")).toEqual(["windows-1250", "windows-1251", "shift_jis"]);
    expect(encodingsThatFit(new TextEncoder().encode("Zoë"), "utf-8")).toEqual([
      "windows-1252",
      "windows-1250",
      "windows-1251",
      "shift_jis",
    ]);
    expect(encodingsThatFit(hex("fffe41004200"), "utf-16le")).toEqual(["utf-16be"]);
    expect(encodingsThatFit(latin1("Name,Email\r\nAna,ana@example.org"), "utf-8")).toEqual([]);
  });
});
