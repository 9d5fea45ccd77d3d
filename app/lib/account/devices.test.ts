import { describe, expect, it } from "vitest";
import { countryName, deviceName } from "./devices";

describe("devices", () => {
  it.each([
    [
      "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 Version/17.5 Mobile/15E148 Safari/604.1",
      "Safari on iOS",
    ],
    [
      "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Chrome/126.0 Mobile Safari/537.36",
      "Chrome on Android",
    ],
    [
      "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/126.0 Safari/537.36 Edg/126.0",
      "Edge on Windows",
    ],
    ["Mozilla/5.0 (Macintosh; Intel Mac OS X 14.5; rv:127.0) Gecko/20100101 Firefox/127.0", "Firefox on macOS"],
    ["curl/8.5.0", "A script"],
    ["", "A browser"],
  ])("names %s", (ua, name) => expect(deviceName(ua)).toBe(name));

  it("names a country, and keeps letters it does not know", () => {
    expect(countryName("DE")).toBe("Germany");
    expect(countryName(null)).toBeNull();
  });
});
