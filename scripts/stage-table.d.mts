export type Stage = { name: string; ok: boolean; seconds: number };
export function stageTable(rows: Stage[], options?: { wallSeconds?: number }): string;
