import { execFileSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import type { Page } from "@playwright/test";
import { openPkpass, saveLinkJwt } from "../support/wallet-checks";
import { serverState } from "./browser";
import { expect, expectAccessible, signUpInto, snapshot, test } from "./fixtures";

/** The throwaway credentials scripts/e2e-server.mjs made with openssl for this worker's server. */
const walletDir = () => path.join(serverState(test.info().parallelIndex), "wallet");

/** Signs up and publishes a card through the editor; returns its slug. */
async function publishCard(page: Page, project: string, email = "development@riverbendliteracy.org") {
  const stamp = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  await signUpInto(page, { name: "Rosa Delgado", email: `rosa-${stamp}-${project}@example.org` });
  // A new account starts the guided first run; this journey builds its card in the editor instead.
  await page.goto("/card");
  await page.getByRole("button", { name: "Create your card" }).click();
  const main = page.getByRole("main");
  // Nothing but a name: publishing says what is missing and does not publish.
  await expect(main.getByText("Before you publish, add:")).toBeVisible();
  await expect(main.getByLabel(/Your link/)).toHaveValue("rosa-delgado");
  await main.getByLabel(/Your link/).fill(`rosa-${stamp}`);
  await main.getByRole("button", { name: "Publish", exact: true }).click();
  await expect(main.getByRole("alert").filter({ hasText: "Add at least one way to reach you" })).toBeVisible();
  // Unsaved edits are saved by Publish itself.
  await main.getByLabel("Title", { exact: true }).fill("Executive Director");
  await main.getByLabel("Company or organization").fill("Riverbend Literacy");
  await main.getByLabel("Headline", { exact: true }).fill("Every child reading by third grade");
  await main.getByLabel("Short bio").fill("Twenty years of adult and family literacy programs.");
  await main.getByLabel("Email", { exact: true }).fill(email);
  await main.getByLabel("Phone", { exact: true }).fill("+1 503 555 0177");
  await main.getByLabel("Website").fill("riverbendliteracy.org");
  await main.getByLabel("Colour").fill("#0f766e");
  await expect(main.getByText("You have unsaved changes.")).toBeVisible();
  await main.getByRole("button", { name: "Save and publish" }).click();
  await expect(page.getByText("Card published")).toBeVisible();
  await expect(main.getByLabel("Website")).toHaveValue("https://riverbendliteracy.org");
  await expect(main.getByText("You have unsaved changes.")).toHaveCount(0);
  await expect(main.getByRole("button", { name: "Update link" })).toBeVisible();
  return `rosa-${stamp}`;
}

test("a visitor without JavaScript shares back and lands on a confirmation at the top that a reload does not re-post", async ({
  page,
  browser,
}, info) => {
  test.setTimeout(180_000);
  const slug = await publishCard(page, info.project.name);

  // The visitor at a desktop's width and at a phone's, in one desktop run: the visitor's contexts set their
  // own width, so a phone project run only repeated the publishing (docs/decisions/0275).
  const visits = [
    {
      width: "desktop",
      viewport: { width: 1280, height: 800 },
      sharer: { name: "Sam Okafor", email: "sam@okafor.example", company: "Okafor & Sons" },
    },
    {
      width: "phone",
      viewport: { width: 390, height: 844 },
      sharer: { name: "Lee Park", email: "lee@park.example", company: "Park Books" },
    },
  ];
  for (const { width, viewport, sharer } of visits) {
    for (const colorScheme of ["light", "dark"] as const) {
      const visitor = await browser.newContext({ viewport, colorScheme });
      const card = await visitor.newPage();
      await card.goto(`/c/${slug}`);
      await expect(card.getByRole("heading", { name: "Rosa Delgado" })).toBeVisible();
      await expect(card.getByRole("article").getByText("Every child reading by third grade")).toBeVisible();
      await expectAccessible(card);
      await snapshot(card, `card-visitor-${width}-${colorScheme}`, info.project.name, { fullPage: true });
      // The share form's button carries the card's colour in every theme.
      await card.getByRole("link", { name: "Share Your Info" }).click();
      const dialog = card.getByRole("dialog", { name: "Share Your Contact Information" });
      await expect(dialog.getByRole("button", { name: "Share", exact: true })).toHaveCSS(
        "background-color",
        "rgb(15, 118, 110)",
      );
      await expect(dialog.getByLabel("What we talked about")).toBeVisible();
      await expectAccessible(card);
      await snapshot(card, `card-share-form-${width}-${colorScheme}`, info.project.name);
      await visitor.close();
    }

    const noJs = await browser.newContext({ javaScriptEnabled: false, viewport });
    const plain = await noJs.newPage();
    await plain.goto(`/c/${slug}`);
    await plain.getByLabel("Name").fill(sharer.name);
    await plain.getByLabel("Email", { exact: true }).fill(sharer.email);
    await plain.getByLabel("Company").fill(sharer.company);
    await plain.getByLabel("Title").fill("Owner");
    await plain.getByLabel("What we talked about").fill("Sponsoring the spring book fair");
    await plain.getByRole("button", { name: "Share", exact: true }).click();
    await expect(plain).toHaveURL(new RegExp(`/c/${slug}/shared#shared$`));
    const confirmation = plain.getByRole("heading", { name: "Contact shared successfully" });
    await expect(confirmation).toBeVisible();
    await expect(plain.getByText(`${sharer.name}'s contact info has been shared with Rosa Delgado.`)).toBeVisible();
    // At the top of the first screen, and really what a person sees there.
    const box = await confirmation.boundingBox();
    expect(box?.y ?? 9999).toBeLessThan(200);
    const hit = await confirmation.evaluate((el) => {
      const r = el.getBoundingClientRect();
      return el.contains(document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2));
    });
    expect(hit).toBe(true);
    await snapshot(plain, `card-shared-${width}`, info.project.name);
    await plain.reload();
    await expect(confirmation).toBeVisible();
    // axe needs JavaScript: the same confirmation, opened with the same cookie in a scripted browser.
    const cookies = await noJs.cookies();
    await noJs.close();
    const scripted = await browser.newContext({ viewport });
    await scripted.addCookies(cookies);
    const again = await scripted.newPage();
    await again.goto(`/c/${slug}/shared`);
    await expect(again.getByRole("heading", { name: "Contact shared successfully" })).toBeVisible();
    await expectAccessible(again);
    await scripted.close();
  }

  // At 390 px the email address never breaks inside a word (only before its @, if at all).
  const narrow = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const phonePage = await narrow.newPage();
  await phonePage.goto(`/c/${slug}`);
  const breaks = await phonePage.getByRole("link", { name: /development/ }).evaluate((link) => {
    const value = link.querySelector(".v") as HTMLElement;
    const text = value.textContent ?? "";
    const walker = document.createTreeWalker(value, NodeFilter.SHOW_TEXT);
    const tops: number[] = [];
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      for (let i = 0; i < (node.textContent ?? "").length; i++) {
        const range = document.createRange();
        range.setStart(node, i);
        range.setEnd(node, i + 1);
        tops.push(Math.round(range.getBoundingClientRect().top));
      }
    }
    return tops.flatMap((top, i) => (i > 0 && top !== tops[i - 1] ? [text.slice(i)] : []));
  });
  for (const rest of breaks) expect(rest.startsWith("@")).toBe(true);
  await narrow.close();

  // The owner has each visitor once, with company, title and what was talked about.
  await page.goto("/connections?q=park");
  await expect(page.getByRole("link", { name: /Lee Park/ })).toHaveCount(1);
  await page.goto("/connections?q=okafor");
  await expect(page.getByRole("link", { name: /Sam Okafor/ })).toHaveCount(1);
  await page.getByRole("link", { name: /Sam Okafor/ }).click();
  await expect(page.getByRole("heading", { name: "Sam Okafor" })).toBeVisible();
  await expect(
    page
      .getByRole("main")
      .getByText(/Sponsoring the spring book fair/)
      .first(),
  ).toBeVisible();
});

test("the editor copies a rich email signature and hands out wallet passes that verify", async ({ page }, info) => {
  test.setTimeout(120_000);
  await page.context().grantPermissions(["clipboard-read", "clipboard-write"]);
  const slug = await publishCard(page, info.project.name);
  const main = page.getByRole("main");

  for (const colorScheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme });
    await expectAccessible(page);
    await snapshot(page, `card-editor-${colorScheme}`, info.project.name, { fullPage: true });
  }
  await page.emulateMedia({ colorScheme: "light" });
  if (info.project.name === "phone") {
    await page.getByRole("tab", { name: "Preview" }).click();
    await expect(page.getByLabel("Card preview").getByText("Save Contact")).toBeVisible();
    await expectAccessible(page);
    await snapshot(page, "card-editor-preview-tab", info.project.name, { fullPage: true });
    await page.getByRole("tab", { name: "Edit" }).click();
  }

  // The signature: previewed, then copied as HTML and text together.
  const preview = main.getByLabel("Signature preview");
  await expect(preview.getByText("Rosa Delgado")).toBeVisible();
  await expect(preview.getByText("Executive Director, Riverbend Literacy")).toBeVisible();
  await main.getByLabel("QR code").check();
  await expect(preview.getByRole("img", { name: "QR code for my card" })).toBeVisible();
  await main.getByRole("button", { name: "Copy signature" }).click();
  await expect(page.getByText("Signature copied")).toBeVisible();
  const clip = await page.evaluate(async () => {
    const [item] = await navigator.clipboard.read();
    if (!item) return null;
    return {
      types: item.types,
      html: await (await item.getType("text/html")).text(),
      text: await (await item.getType("text/plain")).text(),
    };
  });
  expect(clip?.types).toEqual(expect.arrayContaining(["text/html", "text/plain"]));
  expect(clip?.html).toContain("<table");
  expect(clip?.html).toContain("Rosa Delgado");
  expect(clip?.html).toContain(`/c/${slug}/qr.png`);
  expect(clip?.text).toContain(`/c/${slug}?src=signature`);
  const qr = await page.request.get(`/c/${slug}/qr.png`);
  expect(qr.headers()["content-type"]).toBe("image/png");

  // Apple Wallet: a .pkpass whose manifest matches its files and whose signature openssl verifies.
  test.skip(!existsSync(path.join(walletDir(), "ca.pem")), "openssl was not available to the journeys' server");
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    main.getByRole("link", { name: "Add to Apple Wallet" }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`${slug}.pkpass`);
  const { pass, verify } = openPkpass(readFileSync((await download.path()) ?? ""), path.join(walletDir(), "ca.pem"));
  expect(pass.barcodes[0].message).toMatch(new RegExp(`/c/${slug}\\?src=wallet$`));
  expect(pass.generic.primaryFields[0].value).toBe("Rosa Delgado");
  expect(verify("manifest.json")).toBe(true);

  // Google Wallet: a save link whose JWT is signed by the configured service account.
  const href = await main.getByRole("link", { name: "Save to Google Wallet" }).getAttribute("href");
  const res = await page.request.get(href ?? "", { maxRedirects: 0 });
  expect(res.status()).toBe(303);
  const location = res.headers().location ?? "";
  expect(location).toMatch(/^https:\/\/pay\.google\.com\/gp\/v\/save\//);
  const { claims, verifies } = saveLinkJwt(location);
  expect(claims).toMatchObject({ aud: "google", typ: "savetowallet" });
  expect(claims.payload.genericObjects[0].barcode.value).toMatch(new RegExp(`/c/${slug}\\?src=wallet$`));
  const publicKey = execFileSync("openssl", ["pkey", "-in", path.join(walletDir(), "google.key"), "-pubout"]);
  expect(verifies(publicKey.toString())).toBe(true);
});
