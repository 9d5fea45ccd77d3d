import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { accountSchema, resetSchema } from "~/lib/account/forms";
import {
  APP_SCOPES,
  isKeptData,
  isKeptDocument,
  KEPT_DATA,
  KEPT_DOCUMENTS,
  ownCardPaths,
  passesThrough,
  scopeFor,
} from "~/lib/platform/pwa";

/** How a browser matches a registration: its scope is a plain prefix of the page URL. */
const controlled = (path: string) => APP_SCOPES.some((scope) => path.startsWith(scope));

describe("service worker scopes", () => {
  it("never cover a visitor card page, whatever its slug or payload", () => {
    for (const path of ["/c/demo", "/c/dashboard", "/c/v/eyJhIjoxfQ.sig", "/c/v/capture", "/", "/auth"]) {
      expect(controlled(path), path).toBe(false);
    }
  });

  it("leave encoded links handed out under /card/v/ to the network, though /card is a scope", () => {
    for (const path of ["/card/v/eyJhIjoxfQ.sig", "/card/v/eyJhIjoxfQ.sig/contact.vcf", "/card/v/x.data", "/card/v"]) {
      expect(passesThrough(path), path).toBe(true);
      expect(scopeFor(path), path).toBeUndefined();
      expect(isKeptDocument(path), path).toBe(false);
    }
    for (const path of ["/card", "/card/12", "/card/12/analytics", "/capture"]) {
      expect(passesThrough(path), path).toBe(false);
    }
  });

  it("cover every page kept as a document, and find the scope of app pages", () => {
    for (const path of KEPT_DOCUMENTS) expect(controlled(path), path).toBe(true);
    expect(scopeFor("/connections/42")).toBe("/connections");
    expect(scopeFor("/capture")).toBe("/capture");
    expect(scopeFor("/card")).toBe("/card");
    expect(scopeFor("/card/7")).toBe("/card");
    expect(scopeFor("/c/demo")).toBeUndefined();
    expect(KEPT_DATA).toContain("/card");
  });

  it("keep the owner's card list and each card's editor, not its analytics", () => {
    expect(isKeptDocument("/card")).toBe(true);
    expect(isKeptDocument("/card/7")).toBe(true);
    expect(isKeptData("/card/7")).toBe(true);
    expect(isKeptDocument("/card/7/analytics")).toBe(false);
    expect(isKeptDocument("/card/new")).toBe(false);
    const html =
      '<a href="/c/demo">View</a><a href="/card/3/analytics">A</a><a href="/card/3">Edit</a><a href="/card/9">Edit</a><a href="/card/3">x</a>';
    expect(ownCardPaths(html)).toEqual(["/card/3", "/card/9"]);
  });

  it("keep the manifest installable: name, start page in scope, 192 and 512 px icons, maskable too", () => {
    const manifest = JSON.parse(readFileSync("public/site.webmanifest", "utf8"));
    expect(manifest.name).toBe("KnowWho");
    expect(manifest.display).toBe("standalone");
    expect(scopeFor(manifest.start_url)).toBeDefined();
    const sizes = manifest.icons.map((i: { sizes: string; purpose?: string }) => `${i.sizes} ${i.purpose ?? "any"}`);
    expect(sizes).toEqual(expect.arrayContaining(["192x192 any", "512x512 any", "512x512 maskable"]));
  });

  it("answer /favicon.ico, which browsers ask for on any first visit, with the app's icon as a static file", () => {
    const ico = readFileSync("public/favicon.ico");
    // ICONDIR: reserved 0, type 1 (icon), one image; its entry points at a PNG (allowed since Windows Vista).
    expect([ico.readUInt16LE(0), ico.readUInt16LE(2), ico.readUInt16LE(4)]).toEqual([0, 1, 1]);
    const [size, offset] = [ico.readUInt32LE(14), ico.readUInt32LE(18)];
    expect(offset + size).toBe(ico.length);
    const png = ico.subarray(offset);
    expect(png.subarray(1, 4).toString("latin1")).toBe("PNG");
    expect(png.equals(readFileSync("public/icons/icon-192.png"))).toBe(true);
  });
});

describe("account forms", () => {
  it("ask for matching new passwords of the right length", () => {
    const token = "abcdefgh12345";
    expect(resetSchema.safeParse({ token, password: "long enough", confirm: "long enough" }).success).toBe(true);
    const short = resetSchema.safeParse({ token, password: "short", confirm: "short" });
    expect(short.error?.issues[0]?.message).toBe("Password must be at least 8 characters");
    const differ = resetSchema.safeParse({ token, password: "long enough", confirm: "long enougg" });
    expect(differ.error?.issues[0]?.message).toBe("The two passwords are not the same");
    expect(resetSchema.safeParse({ token: "../../x", password: "long enough", confirm: "long enough" }).success).toBe(
      false,
    );
  });

  it("tell the intents apart and check the new email address", () => {
    expect(accountSchema.safeParse({ intent: "sign-out-others" }).success).toBe(true);
    expect(accountSchema.safeParse({ intent: "drop-tables" }).success).toBe(false);
    const email = accountSchema.safeParse({ intent: "change-email", email: "nope", currentPassword: "x" });
    expect(email.error?.issues[0]?.message).toBe("Please enter a valid email address");
  });
});
