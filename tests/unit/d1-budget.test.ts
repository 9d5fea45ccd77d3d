import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { chunk, D1_MAX_PARAMS, IDS_PER_STATEMENT } from "~/server/db/budget.server";

/** Every server module but the one that defines the budget. */
const BUDGET = path.join("app", "server", "db", "budget.server.ts");
function walk(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return walk(full);
    return /\.tsx?$/.test(name) && !/\.(test|d)\.tsx?$/.test(name) ? [full] : [];
  });
}

/** The number 90 written as code (not in a comment or a string), with its line. */
function literal90(source: string): { line: number; text: string }[] {
  const code = source
    .replace(/\/\*[\s\S]*?\*\//g, (m) => m.replace(/[^\n]/g, " "))
    .replace(/\/\/[^\n]*/g, "")
    .replace(/(["'`])(?:\\.|(?!\1)[^\\\n])*\1/g, (m) => " ".repeat(m.length));
  return code.split("\n").flatMap((text, i) => (/(?<![\w.])90(?![\w.])/.test(text) ? [{ line: i + 1, text }] : []));
}

describe("the D1 parameter budget", () => {
  it("reads a literal 90 in code, not in comments or strings", () => {
    expect(literal90("const a = list.slice(0, 90);")).toHaveLength(1);
    expect(literal90("for (let i = 0; i < n; i += 90)")).toHaveLength(1);
    expect(literal90("// read 90 at a time\nconst s = 'x 90 y';\nconst t = 1.90 + 900 + a90;")).toEqual([]);
  });

  it("is one constant: no server module writes the number itself", () => {
    const found = [...walk(path.join("app", "server")), ...walk("workers")]
      .filter((file) => file !== BUDGET)
      .flatMap((file) => literal90(readFileSync(file, "utf8")).map((hit) => `${file}:${hit.line}: ${hit.text.trim()}`));
    expect(found).toEqual([]);
  });

  it("leaves room under D1's 100 bound parameters and chunks by it", () => {
    expect(IDS_PER_STATEMENT).toBeLessThan(D1_MAX_PARAMS);
    const parts = chunk(Array.from({ length: 2 * IDS_PER_STATEMENT + 1 }, (_, i) => i));
    expect(parts.map((p) => p.length)).toEqual([IDS_PER_STATEMENT, IDS_PER_STATEMENT, 1]);
  });
});
