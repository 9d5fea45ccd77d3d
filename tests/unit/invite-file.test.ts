import { describe, expect, it } from "vitest";
import { checkInviteRows, INVITE_FILE_MESSAGES, readInviteFile } from "~/lib/teams/invite-file";

const bytes = (text: string) => new TextEncoder().encode(text);

describe("reading a file of addresses", () => {
  it("takes the column headed email in any of its spellings, with its line numbers", () => {
    for (const header of ["email", "E-mail", "Email Address", "email_address"]) {
      const read = readInviteFile(bytes(`Name;${header}\r\nAna;ana@example.org\r\n\r\nBo;"<bo@example.org>"\r\n`));
      expect(read, header).toEqual({
        ok: true,
        rows: [
          { line: 2, email: "ana@example.org" },
          { line: 4, email: "bo@example.org" },
        ],
      });
    }
  });

  it("takes one address a line without a header, mailto: links too", () => {
    expect(readInviteFile(bytes("\uFEFFana@example.org\nmailto:Bo@Example.org\n"))).toEqual({
      ok: true,
      rows: [
        { line: 1, email: "ana@example.org" },
        { line: 2, email: "Bo@Example.org" },
      ],
    });
  });

  it("refuses what is not a list of addresses, each with its message", () => {
    expect(readInviteFile(new Uint8Array())).toEqual({ ok: false, message: INVITE_FILE_MESSAGES.empty });
    expect(readInviteFile(bytes("name\n\n"))).toEqual({ ok: true, rows: [{ line: 1, email: "name" }] });
    expect(readInviteFile(bytes("a@x.org,b@x.org"))).toEqual({ ok: false, message: INVITE_FILE_MESSAGES.columns });
    expect(readInviteFile(new Uint8Array([0x50, 0x4b, 3, 4, 0x14, 0]))).toEqual({
      ok: false,
      message: INVITE_FILE_MESSAGES.notText,
    });
    expect(readInviteFile(bytes(Array.from({ length: 201 }, (_, i) => `p${i}@x.org`).join("\n")))).toEqual({
      ok: false,
      message: INVITE_FILE_MESSAGES.tooMany(201),
    });
  });
});

describe("what each row will do", () => {
  it("names invalid, duplicate and member rows in the single invitation's words", () => {
    const rows = checkInviteRows(
      [
        { line: 2, email: "ana@example.org" },
        { line: 3, email: "=HYPERLINK(1)" },
        { line: 4, email: "ANA@example.org" },
        { line: 5, email: "bo@example.org" },
        { line: 6, email: "cai@example.org" },
      ],
      new Set(["bo@example.org"]),
      new Set(["cai@example.org"]),
    );
    expect(rows.map((r) => [r.verdict, r.reason])).toEqual([
      ["invite", "Will be invited"],
      ["invalid", "Please enter a valid email address"],
      ["duplicate", "Listed twice: line 2 has it"],
      ["member", "bo@example.org is in the team already"],
      ["invite", "Will be invited again: the link sent before stops working"],
    ]);
  });
});
