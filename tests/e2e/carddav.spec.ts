import { spawnSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync, unlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Page } from "@playwright/test";
import { confirmAddress, expect, expectAccessible, hydrated, signUpInto, snapshot, test } from "./fixtures";

/**
 * A real CardDAV client against the Worker: Debian's vdirsyncer syncs the owner's address book to a
 * local vdir and back, and khard reads the vdir. Both are installed by scripts/install-test-tools.sh.
 */

function tool(name: string, args: string[], input = "") {
  const result = spawnSync(name, args, { input, encoding: "utf8", timeout: 60_000 });
  if (result.error && (result.error as NodeJS.ErrnoException).code === "ENOENT")
    throw new Error(`${name} is not installed: run scripts/install-test-tools.sh (Debian: apt-get install ${name})`);
  expect(result.status, `${name} ${args.join(" ")}\n${result.stdout}\n${result.stderr}`).toBe(0);
  return `${result.stdout}${result.stderr}`;
}

async function signUp(page: Page, label: string) {
  const email = `carddav-${label}-${Date.now()}@example.org`;
  await signUpInto(page, { name: "Sync Owner", email });
  // CardDAV signs in with the address: it must be proved first.
  await confirmAddress(page, email);
  return email;
}

async function addInApp(page: Page, name: string, email: string, title: string) {
  const main = page.getByRole("main");
  await page.goto("/connections/new");
  await hydrated(main.getByRole("button", { name: "Save", exact: true }));
  await main.getByLabel("Name").fill(name);
  await main.getByLabel("Email").fill(email);
  await main.getByLabel("Title").fill(title);
  await main.getByRole("button", { name: "Save", exact: true }).click();
  await expect(main.getByRole("heading", { name })).toBeVisible();
}

const cardsIn = (dir: string) =>
  readdirSync(dir)
    .filter((f) => f.endsWith(".vcf"))
    .map((f) => ({ file: path.join(dir, f), text: readFileSync(path.join(dir, f), "utf8") }));

test("vdirsyncer syncs the address book both ways and khard reads it", async ({ page, baseURL }, info) => {
  const email = await signUp(page, info.project.name);
  await addInApp(page, "Hedy Lamarr", `hedy-${info.project.name}@example.org`, "Inventor");

  // An app password for the device, made in settings and shown once.
  await page.goto("/settings/integrations#carddav");
  const section = page.locator("#carddav");
  await section.getByLabel("Device name").fill("vdirsyncer");
  await section.getByRole("button", { name: "Create app password" }).click();
  const password = await section.getByLabel(/Your new app password/).inputValue();
  expect(password).toMatch(/^[a-z2-9]{4}(-[a-z2-9]{4}){4}$/);
  await expect(section.getByRole("listitem").filter({ hasText: "vdirsyncer" })).toContainText("last used never");
  // The toast starts fading in a frame after it mounts: axe must not catch it before (a flake seen here).
  await page.waitForFunction(() => document.querySelector('[data-sonner-toast][data-mounted="true"]') !== null);
  await expectAccessible(page);
  await snapshot(section, "carddav-settings", info.project.name);

  const dir = mkdtempSync(path.join(tmpdir(), "knowwho-vdir-"));
  try {
    const config = path.join(dir, "config");
    // Discovery from the bare server address: the well-known redirect, the principal, the home set.
    writeFileSync(
      config,
      `[general]
status_path = "${dir}/status/"

[pair people]
a = "local"
b = "knowwho"
collections = ["from b"]
conflict_resolution = "b wins"

[storage local]
type = "filesystem"
path = "${dir}/contacts/"
fileext = ".vcf"

[storage knowwho]
type = "carddav"
url = "${baseURL}/"
username = "${email}"
password = "${password}"
`,
    );
    const vdirsyncer = (...args: string[]) => tool("vdirsyncer", ["-c", config, ...args], "y\ny\ny\n");
    vdirsyncer("discover", "people");
    vdirsyncer("sync");
    const vdir = path.join(dir, "contacts", "people");
    let cards = cardsIn(vdir);
    expect(cards).toHaveLength(1);
    expect(cards[0]?.text).toContain("FN:Hedy Lamarr");
    expect(cards[0]?.text).toContain("TITLE:Inventor");

    // khard, another independent reader, lists the synced vdir.
    const khardConfig = path.join(dir, "khard.conf");
    writeFileSync(khardConfig, `[addressbooks]\n[[people]]\npath = ${vdir}\n\n[general]\ndefault_action = list\n`);
    const listed = tool("khard", ["-c", khardConfig, "list", "--parsable"]);
    expect(listed).toContain("Hedy Lamarr");

    // A photo given in the app reaches the device inline, as phones import it.
    const main = page.getByRole("main");
    const maker = await page.context().newPage();
    await maker.setContent(
      '<div id="p" style="width:240px;height:240px;background:radial-gradient(circle,#f59e0b,#0f766e)"></div>',
    );
    const png = await maker.locator("#p").screenshot();
    const jpeg = await maker.locator("#p").screenshot({ type: "jpeg", quality: 80 });
    await maker.close();
    await page.goto("/connections");
    await main.getByRole("link", { name: /Hedy Lamarr/ }).click();
    await main.getByLabel("Add a photo").setInputFiles({ name: "hedy.png", mimeType: "image/png", buffer: png });
    await expect(page.getByText("Photo updated")).toBeVisible();
    vdirsyncer("sync");
    cards = cardsIn(vdir);
    const unfolded = (text: string) => text.replace(/\r?\n[ \t]/g, "");
    expect(unfolded(cards[0]?.text ?? "")).toMatch(/\nPHOTO;ENCODING=b;TYPE=JPEG:\/9j\/[A-Za-z0-9+/=]{200,}\r?\n/);
    expect(tool("khard", ["-c", khardConfig, "list", "--parsable"])).toContain("Hedy Lamarr");

    // Edited and created on the device (the new card with a photo), synced back: the app shows both.
    const hedy = cards[0] as { file: string; text: string };
    writeFileSync(
      hedy.file,
      hedy.text
        .replace("TITLE:Inventor", "TITLE:Inventor and actress")
        .replace("END:VCARD", "TEL;TYPE=CELL:+1 503 555 0142\r\nEND:VCARD"),
    );
    const photoLine = `PHOTO;ENCODING=b;TYPE=JPEG:${jpeg.toString("base64")}`.replace(/(.{74})/g, "$1\r\n ");
    writeFileSync(
      path.join(vdir, "new-from-device.vcf"),
      `BEGIN:VCARD\r\nVERSION:3.0\r\nUID:new-from-device\r\nFN:Mary Jackson\r\nN:Jackson;Mary;;;\r\nEMAIL;TYPE=WORK:mary@example.org\r\nORG:NACA\r\n${photoLine}\r\nEND:VCARD\r\n`,
    );
    vdirsyncer("sync");
    await page.goto("/connections");
    await expect(main.getByRole("link", { name: /Mary Jackson/ })).toBeVisible();
    // The device's photo is the person's photo in the app, drawn from the bytes it sent.
    await main.getByRole("link", { name: /Mary Jackson/ }).click();
    const mary = main.getByRole("img", { name: "Mary Jackson" });
    await expect(mary).toBeVisible();
    await expect.poll(() => mary.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    const maryId = new URL(page.url()).pathname.split("/").pop();
    expect(Buffer.compare(await (await page.request.get(`/api/people/${maryId}/photo`)).body(), jpeg)).toBe(0);
    await snapshot(page, "carddav-photo-from-device", info.project.name);
    await page.goto("/connections");
    await main.getByRole("link", { name: /Hedy Lamarr/ }).click();
    await expect(main.getByLabel("Title")).toHaveValue("Inventor and actress");
    await expect(main.getByRole("link", { name: /555-0142/ })).toBeVisible();

    // Edited in the app, synced out: the vdir has it.
    await main.getByLabel("Title").fill("Co-inventor of frequency hopping");
    await main.getByRole("button", { name: "Save", exact: true }).click();
    await expect(page.getByText("Saved").first()).toBeVisible();
    vdirsyncer("sync");
    cards = cardsIn(vdir);
    expect(cards).toHaveLength(2);
    expect(cards.find((c) => c.text.includes("FN:Hedy Lamarr"))?.text).toContain(
      "TITLE:Co-inventor of frequency hopping",
    );

    // Deleted on the device: gone from the app.
    unlinkSync(path.join(vdir, "new-from-device.vcf"));
    vdirsyncer("sync");
    await page.goto("/connections");
    await expect(main.getByRole("link", { name: /Hedy Lamarr/ })).toBeVisible();
    await expect(main.getByRole("link", { name: /Mary Jackson/ })).toHaveCount(0);

    // The settings page now shows the password in use.
    await page.goto("/settings/integrations#carddav");
    await expect(section.getByRole("listitem").filter({ hasText: "vdirsyncer" })).not.toContainText("last used never");
    // The dark theme, on a page without a toast passing over it.
    await page.emulateMedia({ colorScheme: "dark", reducedMotion: "reduce" });
    await expectAccessible(page);
    await snapshot(section, "carddav-settings-dark", info.project.name);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
