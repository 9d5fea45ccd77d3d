import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { closingLine, countTests, stageTable } from "../../scripts/stage-table.mjs";
import { runChain, runSideBySide } from "../../scripts/stages.mjs";

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

  it("gives the run's own time as the total when stages overlapped, and the sum of the stages after it", () => {
    const rows = [
      { name: "types", ok: true, seconds: 50 },
      { name: "unit tests", ok: true, seconds: 40 },
    ];
    expect(stageTable(rows, { wallSeconds: 55 }).split("\n")).toEqual([
      "stage                                  result  time (m:s)",
      "types                                  ok         0:50.0",
      "unit tests                             ok         0:40.0",
      "total (wall clock; stages overlapped)             0:55.0",
      "sum of the stages                                 1:30.0",
    ]);
    expect(stageTable(rows, { wallSeconds: 90 }).split("\n").at(-1)).toBe("total                  1:30.0");
  });
});

describe("npm test's stages side by side", () => {
  const node = (name: string, code: string) => ({ name, command: process.execPath, args: ["-e", code] });

  it("runs two chains at once, each in order, names the stage that failed, and runs the stages after it", async () => {
    const stages: { name: string; ok: boolean; seconds: number }[] = [];
    const signal = path.join(mkdtempSync(path.join(tmpdir(), "stages-")), "b-started");
    // The first chain's stage ends only once the second chain's has run: one after the other, it would wait
    // for ever and the test's own limit would fail it (no clock of its own: a busy machine starts node slowly).
    const waitForB = `const f=${JSON.stringify(signal)},fs=require("fs");(function w(){if(fs.existsSync(f))process.exit(0);setTimeout(w,20)})()`;
    const ok = await runSideBySide(stages, [
      [node("waits for b", waitForB), node("fails", "process.exit(3)"), node("still runs", "")],
      [node("b", `require("fs").writeFileSync(${JSON.stringify(signal)}, "")`), node("after b", "")],
    ]);
    expect(ok).toBe(false);
    expect(stages.map((s) => [s.name, s.ok]).sort()).toEqual([
      ["after b", true],
      ["b", true],
      ["fails", false],
      ["still runs", true],
      ["waits for b", true],
    ]);
    expect(stageTable(stages)).toMatch(/fails\s+FAILED/);
  });

  it("starts a stage that reads another chain's output only once that stage has ended", async () => {
    const stages: { name: string; ok: boolean; seconds: number }[] = [];
    const file = path.join(mkdtempSync(path.join(tmpdir(), "stages-")), "built");
    let built: (ok: boolean) => void = () => {};
    const after = new Promise<boolean>((resolve) => {
      built = resolve;
    });
    // The reader fails if it runs before the writer has written: it starts at once without `after`.
    const ok = await runSideBySide(stages, [
      [{ ...node("reads", `require("fs").readFileSync(${JSON.stringify(file)})`), after }],
      [
        node("first", ""),
        { ...node("writes", `require("fs").writeFileSync(${JSON.stringify(file)}, "")`), ended: built },
      ],
    ]);
    expect(ok).toBe(true);
    expect(stages.map((s) => s.name)).toEqual(["first", "writes", "reads"]);
    expect(await after).toBe(true);
  });

  it("passes only when every stage of a chain passes, and a command that cannot start fails its stage", async () => {
    const stages: { name: string; ok: boolean; seconds: number }[] = [];
    expect(await runChain(stages, [node("one", ""), node("two", "")])).toBe(true);
    expect(
      await runChain(stages, [{ name: "missing", command: "no-such-command-here", args: [] }, node("after", "")]),
    ).toBe(false);
    expect(stages.map((s) => [s.name, s.ok])).toEqual([
      ["one", true],
      ["two", true],
      ["missing", false],
      ["after", true],
    ]);
  });
});

describe("npm test's closing line", () => {
  it("counts every stage's tests, and a failed stage without a failed test in its report as one failure", () => {
    const counts = countTests([
      { ok: true, report: { passed: 900, failed: 0, skipped: 2 } },
      // Lint, types or the build: no tests, but a failure.
      { ok: false },
      // Crashed before its report: at least one failure.
      { ok: false, report: undefined },
      // Its report says two failed: two, not three.
      { ok: false, report: { passed: 40, failed: 2, skipped: 0 } },
      { ok: true },
    ]);
    expect(counts).toEqual({ passed: 940, failed: 4, skipped: 2 });
    expect(closingLine(counts)).toBe("tests: 940 passed, 4 failed, 2 skipped");
    expect(closingLine({ passed: 3, failed: 0, skipped: 0 })).toBe("tests: 3 passed, 0 failed");
  });
});
