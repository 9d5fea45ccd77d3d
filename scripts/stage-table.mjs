// The closing table of `npm test`: each stage with its outcome and time, so a slow stage shows at once.

/**
 * A plain-text table of the stages run, slowest visible at a glance, with the total. When stages ran side
 * by side, `wallSeconds` (the run's own time) is the total and the sum of the stages follows it.
 */
export function stageTable(rows, { wallSeconds } = {}) {
  const sum = rows.reduce((total, r) => total + r.seconds, 0);
  const overlapped = wallSeconds !== undefined && Math.abs(wallSeconds - sum) >= 0.05;
  const lines = [
    ...rows.map((r) => [r.name, r.ok ? "ok" : "FAILED", r.seconds]),
    overlapped ? ["total (wall clock; stages overlapped)", "", wallSeconds] : ["total", "", sum],
    ...(overlapped ? [["sum of the stages", "", sum]] : []),
  ];
  const width = Math.max(...lines.map(([name]) => name.length));
  const format = (seconds) => {
    const tenths = Math.round(seconds * 10);
    return `${Math.floor(tenths / 600)}:${((tenths % 600) / 10).toFixed(1).padStart(4, "0")}`;
  };
  return [
    `${"stage".padEnd(width)}  result  time (m:s)`,
    ...lines.map(([name, result, s]) => `${name.padEnd(width)}  ${result.padEnd(6)}  ${format(s).padStart(9)}`),
  ].join("\n");
}

/**
 * The closing line's counts over every stage: the tests its report counts, and a failed stage whose report
 * counts no failed test (it crashed before writing one, or it runs no tests: lint, types, the build) as one
 * failure, so the line never says 0 failed when a stage failed.
 */
export function countTests(rows) {
  const counts = { passed: 0, failed: 0, skipped: 0 };
  for (const { ok, report } of rows) {
    counts.passed += report?.passed ?? 0;
    counts.skipped += report?.skipped ?? 0;
    counts.failed += Math.max(report?.failed ?? 0, ok ? 0 : 1);
  }
  return counts;
}

/** `tests: N passed, N failed[, N skipped]` */
export function closingLine({ passed, failed, skipped }) {
  return `tests: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ""}`;
}
