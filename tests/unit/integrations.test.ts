import { describe, expect, it } from "vitest";
import {
  backoffSeconds,
  DEFAULT_HUBSPOT_MAPPING,
  ipv6Groups,
  isPrivateHost,
  outboundUrlProblem,
  toHubspotContact,
} from "~/lib/integrations/rules";
import type { PersonRecord } from "~/lib/people/draft";

describe("outbound URL rules (SSRF)", () => {
  it.each([
    "localhost",
    "api.localhost",
    "printer.local",
    "10.0.0.1",
    "172.16.5.4",
    "172.31.255.255",
    "192.168.0.10",
    "127.0.0.1",
    "127.8.9.1",
    "0.0.0.0",
    "169.254.169.254",
    "100.64.0.1",
    "::1",
    "[::1]",
    "fd12::1",
    "fe80::1",
    "::ffff:127.0.0.1",
    "::ffff:7f00:1",
    "metadata.google.internal",
  ])("%s is private", (host) => expect(isPrivateHost(host)).toBe(true));

  // IPv6 forms that carry an IPv4 address a router would reach, as the URL parser leaves them.
  it.each([
    "https://[::127.0.0.1]/",
    "https://[::7f00:1]/",
    "https://[::ffff:10.0.0.1]/",
    "https://[::ffff:0:7f00:1]/",
    "https://[64:ff9b::7f00:1]/",
    "https://[64:ff9b::10.1.2.3]/",
    "https://[64:ff9b:1::808:808]/",
    "https://[2002:7f00:1::]/",
    "https://[2002:c0a8:101::1]/",
    "https://[2001:0:4136:e378:8000:63bf:3fff:fdd2]/",
    "https://[2001:db8::1]/",
    "https://[fec0::1]/",
    "https://[100::1]/",
    "https://[::]/",
    "https://[0:0:0:0:0:0:0:1]/",
  ])("%s is refused", (url) => expect(outboundUrlProblem(url, true)).toMatch(/public address/));

  it.each(["https://[2606:4700::1111]/", "https://[64:ff9b::808:808]/", "https://[2002:808:808::1]/"])(
    "%s is public",
    (url) => expect(outboundUrlProblem(url, true)).toBeNull(),
  );

  it("reads every IPv6 spelling into its eight groups", () => {
    expect(ipv6Groups("::")).toEqual([0, 0, 0, 0, 0, 0, 0, 0]);
    expect(ipv6Groups("::127.0.0.1")).toEqual([0, 0, 0, 0, 0, 0, 0x7f00, 1]);
    expect(ipv6Groups("2002:7f00:1::")).toEqual([0x2002, 0x7f00, 1, 0, 0, 0, 0, 0]);
    expect(ipv6Groups("1:2:3:4:5:6:7:8")).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    for (const bad of ["1::2::3", "1:2:3:4:5:6:7", "1:2:3:4:5:6:7:8:9", "::1.2.3.999", "g::1", "1:2:3:4:5:6:7::8"])
      expect(ipv6Groups(bad), bad).toBeNull();
  });

  it.each(["hooks.zapier.com", "8.8.8.8", "172.32.0.1", "2606:4700::1111", "hook.eu1.make.com"])(
    "%s is public",
    (host) => expect(isPrivateHost(host)).toBe(false),
  );

  it("needs https in production, and allows only http://127.0.0.1 elsewhere", () => {
    expect(outboundUrlProblem("https://hooks.zapier.com/hooks/catch/1/x/", true)).toBeNull();
    expect(outboundUrlProblem("http://hooks.zapier.com/x", true)).toBe("The URL must start with https://");
    expect(outboundUrlProblem("http://127.0.0.1:9999/x", true)).toBe("The URL must start with https://");
    expect(outboundUrlProblem("http://127.0.0.1:9999/x", false)).toBeNull();
    expect(outboundUrlProblem("http://localhost:9999/x", false)).toBe("The URL must start with https://");
    // The URL parser turns numeric and hex hosts into dotted quads before the check sees them.
    expect(outboundUrlProblem("https://0x7f000001/x", true)).toMatch(/public address/);
    expect(outboundUrlProblem("https://2130706433/x", true)).toMatch(/public address/);
    expect(outboundUrlProblem("https://user:pw@example.com/x", true)).toMatch(/user name/);
    expect(outboundUrlProblem("https://example.com:22/x", true)).toMatch(/standard https port/);
    expect(outboundUrlProblem("javascript:alert(1)", true)).toBe("The URL must start with https://");
    expect(outboundUrlProblem("not a url", true)).toBe("Enter a full URL starting with https://");
  });
});

describe("back-off", () => {
  it("grows fourfold from 30 seconds and stops at an hour", () => {
    expect([1, 2, 3, 4, 5, 6].map(backoffSeconds)).toEqual([30, 120, 480, 1920, 3600, 3600]);
  });
});

describe("HubSpot mapping", () => {
  const person = (over: Partial<PersonRecord>): PersonRecord => ({
    id: 1,
    uid: "u1",
    displayName: "Mary Ann Smith",
    tags: [],
    createdAt: new Date(0),
    updatedAt: new Date(0),
    ...over,
  });

  it("maps to HubSpot's contact properties and leaves empty values out", () => {
    const contact = toHubspotContact(
      person({
        emails: [{ value: "Mary@Example.org ", label: "work" }],
        phones: [
          { value: "+15035550100", label: "mobile" },
          { value: "+15035550199", label: "work" },
        ],
        organization: "Acme",
        status: "Pending",
      }),
      DEFAULT_HUBSPOT_MAPPING,
    );
    expect(contact).toEqual({
      email: "mary@example.org",
      properties: {
        email: "mary@example.org",
        firstname: "Mary Ann",
        lastname: "Smith",
        phone: "+15035550199",
        mobilephone: "+15035550100",
        company: "Acme",
        hs_lead_status: "NEW",
      },
    });
  });

  it("skips people without a usable email and says why", () => {
    expect(toHubspotContact(person({}), DEFAULT_HUBSPOT_MAPPING)).toEqual({
      skip: "No email address: HubSpot matches contacts by email",
    });
    expect(toHubspotContact(person({ emails: [{ value: "nope", label: "work" }] }), DEFAULT_HUBSPOT_MAPPING)).toEqual({
      skip: '"nope" is not an email address HubSpot accepts',
    });
  });

  it("sends mapped fields under the owner's property names, and none when unmapped", () => {
    const contact = toHubspotContact(person({ emails: [{ value: "a@b.org", label: "work" }], title: "CEO" }), {
      ...DEFAULT_HUBSPOT_MAPPING,
      jobtitle: "custom_role",
      firstname: "",
    });
    expect(contact).toMatchObject({ properties: { custom_role: "CEO", lastname: "Smith" } });
    expect("firstname" in (contact as { properties: object }).properties).toBe(false);
  });
});
