import { describe, expect, it } from "vitest";
import { decodeFile } from "~/lib/formats/charset";
import { readCsvFile } from "~/lib/formats/csv-read";

/** Issue 42's bad input: one file whose rows were saved in more than one encoding (decision 0233). */

const ascii = (text: string) => [...new TextEncoder().encode(text)];
/** Letters at their code points, one byte each, as Windows-1252 writes Latin-1's. */
const latin1 = (text: string) => [...text].map((c) => c.charCodeAt(0));
const hex = (h: string) => [...(h.match(/../g) ?? [])].map((b) => Number.parseInt(b, 16));
// "Łukasz Wałęsa" as Windows-1250 writes it: Ł = A3, ł = B3, ę = EA.
const POLISH = [0xa3, ...ascii("ukasz Wa"), 0xb3, 0xea, ...ascii("sa,lukasz@walesa.example\r\n")];
// "山田 太郎" as Shift_JIS writes it.
const JAPANESE = [...hex("8e529363"), 0x20, ...hex("91be9859"), ...ascii(",taro@yamada.example\r\n")];
const names = (bytes: number[]) => readCsvFile(new Uint8Array(bytes)).people.map((p) => p.draft.displayName);

describe("a CSV whose lines were saved in different encodings", () => {
  it("reads UTF-8 and Windows-1252 lines each in its own, and names the line not read as the rest", () => {
    const bytes = [
      ...ascii("Name,Email\r\n"),
      ...new TextEncoder().encode("João Araújo,joao@araujo.example\r\n"),
      ...latin1("Hélène Dubois,helene@dubois.example\r\n"),
    ];
    const r = readCsvFile(new Uint8Array(bytes));
    expect(r.people.map((p) => p.draft.displayName)).toEqual(["João Araújo", "Hélène Dubois"]);
    expect(r.problems[0]?.message).toBe(
      "This file mixes encodings: line 3 was read as WINDOWS-1252, the rest as UTF-8: check their letters before importing, or choose one encoding above",
    );
  });

  it("reads a Windows-1250 line among Windows-1252 ones as Central European, and says so", () => {
    // Two Western lines outweigh one Polish line: the lines without evidence of their own read as 1252.
    const bytes = [
      ...ascii("Name,Email\r\n"),
      ...latin1("Hélène Dubois,helene@dubois.example\r\n"),
      ...latin1("João Araújo,joao@araujo.example\r\n"),
      ...POLISH,
    ];
    const r = readCsvFile(new Uint8Array(bytes));
    expect(r.people.map((p) => p.draft.displayName)).toEqual(["Hélène Dubois", "João Araújo", "Łukasz Wałęsa"]);
    expect(r.encoding).toBe("windows-1252+windows-1250");
    expect(r.problems[0]?.message).toBe(
      "This file mixes encodings: line 4 was read as WINDOWS-1250, the rest as WINDOWS-1252: check their letters before importing, or choose one encoding above",
    );
  });

  it("reads Shift_JIS lines beside UTF-8 and Windows-1252 ones, naming each encoding's lines", () => {
    const bytes = [
      ...ascii("Name,Email\r\n"),
      ...new TextEncoder().encode("Zoë Müller,zoe@muller.example\r\n"),
      ...new TextEncoder().encode("Ana Sá,ana@sa.example\r\n"),
      ...JAPANESE,
      ...latin1("Íñigo Peña,inigo@pena.example\r\n"),
    ];
    const r = readCsvFile(new Uint8Array(bytes));
    expect(r.people.map((p) => p.draft.displayName)).toEqual(["Zoë Müller", "Ana Sá", "山田 太郎", "Íñigo Peña"]);
    expect(r.problems[0]?.message).toBe(
      "This file mixes encodings: line 4 was read as SHIFT_JIS, line 5 as WINDOWS-1252, the rest as UTF-8: check their letters before importing, or choose one encoding above",
    );
    expect(JSON.stringify(r.people)).not.toContain("\uFFFD");
  });

  it("names the lines of a Central European file whose letters could be Western, with the Western reading", () => {
    // The Polish lines outweigh the French one; "è" and "č" are one byte, so nothing on line 4 tells them apart.
    const bytes = [...ascii("Name,Email\r\n"), ...POLISH, ...POLISH, ...latin1("Hélène Dubois,h@dubois.example\r\n")];
    const r = readCsvFile(new Uint8Array(bytes));
    expect(r.encoding).toBe("windows-1250");
    expect(r.problems[0]?.message).toBe(
      "Line 4 read as WINDOWS-1250 like the rest of the file, though nothing on it says which code page it was saved in (in WINDOWS-1252 it would read “Hélène”): check its letters before importing",
    );
  });

  it("keeps a Shift_JIS file with a Windows-1252 row Japanese, and the row Latin", () => {
    const bytes = [
      ...ascii("Name,Email\r\n"),
      ...JAPANESE,
      ...JAPANESE,
      ...latin1("Hélène Dubois,h@dubois.example\r\n"),
    ];
    expect(names(bytes)).toEqual(["山田 太郎", "山田 太郎", "Hélène Dubois"]);
  });

  it("reads a file in one encoding as one, without a word about mixing", () => {
    for (const bytes of [
      [...ascii("Name,Email\r\n"), ...latin1("Hélène Dubois,h@dubois.example\r\nJoão Araújo,j@araujo.example\r\n")],
      [...ascii("Name,Email\r\n"), ...POLISH, ...POLISH],
      [...ascii("Name,Email\r\n"), ...JAPANESE, ...JAPANESE],
    ]) {
      const r = readCsvFile(new Uint8Array(bytes));
      expect(r.problems.filter((p) => /mixes/.test(p.message))).toEqual([]);
      expect(r.encoding).not.toContain("+");
    }
  });

  it("names a row holding a byte no code page defines, never storing it as a control character", () => {
    // 0x81 is undefined in Windows-1252: the decoder's U+0081 would be stored as if it were a letter.
    expect(decodeFile(new Uint8Array([0x41, 0x81, 0xe9]), "windows-1252")).toBe("A\uFFFDé");
    const r = readCsvFile(
      new Uint8Array([...ascii("Name,Email\r\n"), ...latin1("René"), 0x81, ...ascii(" Roy,rene@roy.example\r\n")]),
    );
    expect(r.problems.map((p) => p.message)).toContain(
      "Some characters are not WINDOWS-1252 and show as \uFFFD: choose another encoding above before importing",
    );
  });
});
