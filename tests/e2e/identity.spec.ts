import { generateKeyPairSync, randomUUID } from "node:crypto";
import type { CDPSession, Page } from "@playwright/test";
import { startProvider } from "../support/oidc-provider.mjs";
import { serverURL } from "./browser";
import { confirmAddress, expect, signUpInto, test } from "./fixtures";

/**
 * Passkeys in Chromium with its virtual authenticator (the DevTools protocol's WebAuthn domain): a platform
 * authenticator with resident keys and user verification, as a phone's or laptop's is. WebAuthn refuses an IP
 * address as the relying party, so these journeys use the worker's server by the name localhost.
 */
test.skip(({ isMobile }) => isMobile, "the ceremonies do not depend on the viewport; one project is enough");

const PASSWORD = "correct horse battery";
const local = () => serverURL(test.info().parallelIndex).replace("127.0.0.1", "localhost");

async function signOut(page: Page) {
  await page.getByLabel("Account menu for Pat Passkey").click();
  await page.getByRole("button", { name: "Sign out", exact: true }).click();
  await page.waitForURL((url) => url.pathname === "/");
  await expect(page.getByText("Signed out", { exact: true })).toBeVisible();
}

async function virtualAuthenticator(page: Page): Promise<{ cdp: CDPSession; authenticatorId: string }> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("WebAuthn.enable");
  const { authenticatorId } = await cdp.send("WebAuthn.addVirtualAuthenticator", {
    options: {
      protocol: "ctap2",
      transport: "internal",
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return { cdp, authenticatorId };
}

test("a passkey is offered at sign-up, added, signs in first, is listed with its last use, and once removed no longer opens the account", async ({
  page,
}) => {
  await page.context().addCookies([{ name: "kw_newsletter_prompt", value: "1", url: local() }]);
  const { cdp, authenticatorId } = await virtualAuthenticator(page);
  const email = `passkey-${randomUUID()}@example.org`;

  await page.goto(`${local()}/auth?mode=signup`);
  await page.getByRole("textbox", { name: "Name" }).fill("Pat Passkey");
  await page.getByRole("textbox", { name: "Email", exact: true }).fill(email);
  await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
  // Offered, not chosen for the person: the first-run guide comes first unless they tick it.
  await expect(page.getByRole("checkbox", { name: /Add a passkey next/ })).not.toBeChecked();
  await page.getByRole("checkbox", { name: /Add a passkey next/ }).check();
  await page.getByRole("button", { name: "Create account" }).click();
  await page.waitForURL((url) => url.pathname === "/settings/account" && url.searchParams.get("passkey") === "new");
  await expect(page.getByText("Your account is ready. Add a passkey now, or")).toBeVisible();

  await page.getByLabel("Name (optional)").fill("Work laptop");
  await page.getByRole("button", { name: "Add a passkey" }).click();
  await page.waitForURL((url) => url.searchParams.get("passkey") === "added");
  const list = page.getByRole("list", { name: "Your passkeys" });
  await expect(list.getByText("Work laptop", { exact: true })).toBeVisible();
  await expect(list.getByText(/not used yet/)).toBeVisible();
  const { credentials } = await cdp.send("WebAuthn.getCredentials", { authenticatorId });
  expect(credentials).toHaveLength(1);
  expect(credentials[0]?.rpId).toBe("localhost");
  expect(credentials[0]?.isResidentCredential).toBe(true);

  // Signed out, the passkey is the first choice on the sign-in page and opens the account.
  await signOut(page);
  await page.goto(`${local()}/auth?redirectTo=${encodeURIComponent("/settings/account")}`);
  await page.getByRole("button", { name: "Continue with a passkey" }).click();
  await page.waitForURL((url) => url.pathname === "/settings/account");
  await expect(list.getByText(/last used \d{4}-\d\d-\d\d \d\d:\d\d UTC/)).toBeVisible();

  await page.getByRole("button", { name: "Remove passkey Work laptop" }).click();
  await expect(page.getByText("Passkey removed")).toBeVisible();
  await expect(list).toHaveCount(0);

  // The authenticator still holds the key; the site no longer takes it.
  await signOut(page);
  await page.goto(`${local()}/auth`);
  await page.getByRole("button", { name: "Continue with a passkey" }).click();
  await expect(
    page.getByText("That passkey did not sign you in. Try again, or sign in with your password."),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/auth$/);
});

test("a passkey of another site is refused, and without script the page signs in by password alone", async ({
  page,
  browser,
}) => {
  await page.context().addCookies([{ name: "kw_newsletter_prompt", value: "1", url: local() }]);
  const { cdp, authenticatorId } = await virtualAuthenticator(page);
  // A passkey the authenticator made for another site: the browser offers it to that site only.
  const { privateKey } = generateKeyPairSync("ec", { namedCurve: "prime256v1" });
  await cdp.send("WebAuthn.addCredential", {
    authenticatorId,
    credential: {
      credentialId: Buffer.from(randomUUID()).toString("base64"),
      isResidentCredential: true,
      rpId: "knowwho-lookalike.example",
      privateKey: privateKey.export({ type: "pkcs8", format: "der" }).toString("base64"),
      userHandle: Buffer.from("someone").toString("base64"),
      signCount: 0,
    },
  });
  await page.goto(`${local()}/auth`);
  await page.getByRole("button", { name: "Continue with a passkey" }).click();
  await expect(page.getByText("No passkey was used. Try again, or sign in with your password.")).toBeVisible();
  await expect(page).toHaveURL(/\/auth$/);
  expect((await page.context().cookies()).some((c) => c.name.includes("session_token"))).toBe(false);

  // Without JavaScript: no passkey button, and the password form signs in as ever.
  const context = await browser.newContext({ javaScriptEnabled: false });
  const plain = await context.newPage();
  const email = `plain-${randomUUID()}@example.org`;
  await plain.goto(`${local()}/auth?mode=signup`);
  await expect(plain.getByRole("checkbox", { name: /Add a passkey next/ })).toBeHidden();
  await plain.getByRole("textbox", { name: "Name" }).fill("Nora Noscript");
  await plain.getByRole("textbox", { name: "Email", exact: true }).fill(email);
  await plain.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await plain.getByRole("button", { name: "Create account" }).click();
  await plain.waitForURL((url) => url.pathname === "/welcome");
  await context.clearCookies();
  await plain.goto(`${local()}/auth`);
  await expect(plain.getByRole("button", { name: "Continue with a passkey" })).toBeHidden();
  await plain.getByRole("textbox", { name: "Email", exact: true }).fill(email);
  await plain.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await plain.getByRole("button", { name: "Sign in", exact: true }).click();
  await plain.waitForURL((url) => url.pathname === "/dashboard");
  await context.close();
});

test("a team's members sign in through its OpenID provider; a replayed answer and a provider that is down are refused", async ({
  page,
  browser,
  baseURL,
}) => {
  const domain = `acme-${randomUUID().slice(0, 8)}.test`;
  const provider = await startProvider([`${baseURL}/auth/sso/callback`]);
  try {
    // The admin's own confirmed address on the domain proves it.
    const admin = `admin@${domain}`;
    await signUpInto(page, { name: "Ada Admin", email: admin });
    await confirmAddress(page, admin);
    await page.goto("/teams");
    await page.getByLabel("Team name").fill("Acme Field Team");
    await page.getByRole("button", { name: "Make a team" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Acme Field Team" })).toBeVisible();
    await page.getByRole("link", { name: "Team sign-in" }).click();
    await page.getByRole("textbox", { name: "Domain" }).fill(domain);
    await page.getByRole("button", { name: "Add the domain" }).click();
    await expect(page.getByRole("list", { name: "Team domains" }).getByText("Confirmed")).toBeVisible();
    await page.getByRole("textbox", { name: "Issuer URL" }).fill(provider.issuer);
    await page.getByRole("textbox", { name: "Client ID" }).fill(provider.clientId);
    await page.getByLabel("Client secret", { exact: true }).fill(provider.clientSecret);
    await page.getByRole("button", { name: "Save single sign-on" }).click();
    await expect(page.getByText("Single sign-on saved")).toBeVisible();

    // A member of the domain, signed out, is sent to the provider from the sign-in form, and comes back signed in.
    const context = await browser.newContext({ baseURL });
    const member = await context.newPage();
    let callback = "";
    member.on("request", (r) => {
      if (r.url().includes("/auth/sso/callback?")) callback = r.url();
    });
    await member.goto("/auth");
    await member.getByRole("textbox", { name: "Email", exact: true }).fill(`sam@${domain}`);
    await member.getByRole("button", { name: "Sign in", exact: true }).click();
    await member.waitForURL((url) => url.origin === provider.issuer);
    await member.locator('input[name="login"]').fill(`sam@${domain}`);
    await member.locator('input[name="password"]').fill("anything");
    await member.getByRole("button", { name: /sign-in/i }).click();
    await member.getByRole("button", { name: /continue/i }).click();
    await member.waitForURL((url) => url.pathname === "/dashboard");
    await expect(member.getByTitle("The team you are working in")).toHaveText("Acme Field Team");
    expect(callback).toContain("code=");

    // The same answer again: its state was used, nothing more is signed in.
    // Signed out, with the browser's state cookie put back as it was: only the used state stops it.
    await context.clearCookies();
    const state = new URL(callback).searchParams.get("state") ?? "";
    await context.addCookies([{ name: "kw_sso_state", value: state, url: `${baseURL}/auth/sso/` }]);
    const replay = await member.goto(callback);
    expect(replay?.status()).toBe(400);
    await expect(member.getByText("That sign-in link was already used or has expired.")).toBeVisible();
    expect((await context.cookies()).some((c) => c.name.includes("session_token"))).toBe(false);

    // The provider is down: the sign-in says so instead of failing blind.
    await provider.stop();
    await member.goto("/auth");
    await member.getByRole("textbox", { name: "Email", exact: true }).fill(`sam@${domain}`);
    await member.getByRole("button", { name: "Sign in", exact: true }).click();
    await expect(member.getByText("We could not reach your organisation's sign-in provider.")).toBeVisible();
    await context.close();
  } finally {
    await provider.stop().catch(() => undefined);
  }
});
