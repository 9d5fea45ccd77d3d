import { describe, expect, it } from "vitest";
import { stageTable } from "../../scripts/stage-table.mjs";

describe("npm test's closing table of stages", () => {
  it("lists each stage with its outcome and time in minutes and seconds, then the total", () => {
    const table = stageTable([
      { name: "unit tests", ok: true, seconds: 12.34 },
      { name: "browser journeys (Playwright, axe)", ok: false, seconds: 605 },
      { name: "lint", ok: true, seconds: 59.97 },
    ]);
    expect(table.split("\n")).toEqual([
      "stage                               result  time (m:s)",
      "unit tests                          ok         0:12.3",
      "browser journeys (Playwright, axe)  FAILED    10:05.0",
      "lint                                ok         1:00.0",
      "total                                         11:17.3",
    ]);
  });
});
