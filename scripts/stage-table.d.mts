export type Stage = { name: string; ok: boolean; seconds: number };
export function stageTable(rows: Stage[], options?: { wallSeconds?: number }): string;
export type TestCounts = { passed: number; failed: number; skipped: number };
export function countTests(rows: { ok: boolean; report?: TestCounts }[]): TestCounts;
export function closingLine(counts: TestCounts): string;
