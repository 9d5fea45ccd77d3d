import { describe, expect, it } from "vitest";
import { readCsvFile } from "~/lib/formats/csv-read";

/** Issue 42's bad input: one file whose rows were saved in two encodings (a UTF-8 export with rows appended by Excel). */
describe("a CSV mixing UTF-8 and Windows-1252 rows", () => {
  it("reads each line in its own encoding and says which lines were not UTF-8", () => {
    const utf8 = new TextEncoder().encode("Name,Email\r\nJoão Araújo,joao@araujo.example\r\n");
    // "Hélène Dubois" as Windows-1252 writes it: é = E9, è = E8.
    const latin = new Uint8Array([
      ...new TextEncoder().encode("H"),
      0xe9,
      ...new TextEncoder().encode("l"),
      0xe8,
      ...new TextEncoder().encode("ne Dubois,helene@dubois.example\r\n"),
    ]);
    const bytes = new Uint8Array([...utf8, ...latin]);
    const r = readCsvFile(bytes);
    expect(r.people.map((p) => p.draft.displayName)).toEqual(["João Araújo", "Hélène Dubois"]);
    expect(r.problems[0]?.message).toBe(
      "This file mixes two encodings: line 3 is not UTF-8 like the rest and was read as WINDOWS-1252: check their letters before importing",
    );
  });
});
