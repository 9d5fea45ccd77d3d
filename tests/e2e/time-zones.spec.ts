import { capturePerson, expect, expectAccessible, signUpInto, snapshot, test } from "./fixtures";

// The owner signs up in Berlin (sign-up takes the device's zone), then opens the app on a laptop set to Los Angeles.
test.use({ timezoneId: "Europe/Berlin" });

test("every time on the person page is in the owner's zone, whatever the device's, and the page says which", async ({
  page,
  browser,
  baseURL,
}, info) => {
  const email = `zones-${info.project.name}-${Date.now()}@example.org`;
  // The device's zone, sent as the form sends it (the first-run journey proves the form reads it).
  await signUpInto(page, { name: "Zone Owner", email });
  await page.goto("/connections");
  const { id } = await capturePerson(page, { name: "Tomas Berg", email: "tomas@example.org" });

  const travelling = await browser.newContext({
    ...info.project.use,
    baseURL,
    storageState: await page.context().storageState(),
    timezoneId: "America/Los_Angeles",
  });
  const errors: string[] = [];
  const away = await travelling.newPage();
  away.on("pageerror", (e) => errors.push(e.message));
  away.on("console", (m) => {
    if (m.type() === "error" && /hydrat|#418|#425/i.test(m.text())) errors.push(m.text());
  });
  await away.goto(`/connections/${id}`);
  expect(await away.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone)).toBe("America/Los_Angeles");
  await expect(away.getByText("Times in Europe/Berlin")).toHaveCount(1);
  await expect(away.getByText(/America\/Los_Angeles|Los Angeles/)).toHaveCount(0);

  // A follow-up picked for 15:00 is 15:00 in Berlin, read back as 3:00 PM on the page and in the toast.
  await away.getByLabel("Or pick a time", { exact: true }).fill("2030-01-15T15:00");
  await away.getByRole("button", { name: "Set follow-up" }).click();
  await expect(away.getByText("Follow-up set for Tue, Jan 15, 3:00 PM")).toBeVisible();
  await expect(away.getByRole("listitem").filter({ hasText: "Email · Tue, Jan 15, 3:00 PM" })).toBeVisible();

  // History and the timeline read the same zone the server rendered: the text after hydration is the server's.
  const served = await (await away.request.get(`/connections/${id}`)).text();
  const historyTime = await away.getByRole("region", { name: "History" }).locator("li span").first().textContent();
  expect(served.replaceAll("<!-- -->", "")).toContain(`${historyTime}</span>`);
  await expectAccessible(away);
  await snapshot(away, "times-in-owner-zone", info.project.name, { fullPage: true });
  expect(errors, "errors in the page").toEqual([]);
  await travelling.close();
});
