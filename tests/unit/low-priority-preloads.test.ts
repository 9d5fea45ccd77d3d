import { describe, expect, it } from "vitest";
import { lowPriorityModulePreloads } from "~/lib/low-priority-preloads";

const encoder = new TextEncoder();

async function run(chunks: Uint8Array[]) {
  const out: Uint8Array[] = [];
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const c of chunks) controller.enqueue(c);
      controller.close();
    },
  });
  const reader = lowPriorityModulePreloads(body).getReader();
  for (let r = await reader.read(); !r.done; r = await reader.read()) out.push(r.value);
  const bytes = new Uint8Array(out.reduce((n, c) => n + c.length, 0));
  let at = 0;
  for (const c of out) {
    bytes.set(c, at);
    at += c.length;
  }
  return { text: new TextDecoder().decode(bytes), out };
}

const page =
  '<!DOCTYPE html><html><head><title>Zoë — Café ☕</title><link rel="modulepreload" href="/a.js"/><link rel="modulepreload" href="/b.js"/></head><body><p>Grüße ☕ <link rel="modulepreload" href="/c.js"/></p></body></html>';
const expected = page
  .replace('<link rel="modulepreload" href="/a.js"/>', '<link rel="modulepreload" fetchpriority="low" href="/a.js"/>')
  .replace('<link rel="modulepreload" href="/b.js"/>', '<link rel="modulepreload" fetchpriority="low" href="/b.js"/>');

describe("the head's module preloads at low priority", () => {
  it("rewrite the head's preloads only, wherever the chunks are cut, even inside a character or </head>", async () => {
    const bytes = encoder.encode(page);
    for (let cut = 1; cut < bytes.length; cut++)
      for (const second of [cut + 1, cut + 7, bytes.length])
        expect((await run([bytes.subarray(0, cut), bytes.subarray(cut, second), bytes.subarray(second)])).text).toBe(
          expected,
        );
  });

  it("pass the body's chunks through as they came, without decoding and encoding them again", async () => {
    const body = [encoder.encode("<p>one</p>"), encoder.encode("<p>two ☕</p>")];
    const { out, text } = await run([encoder.encode("<html><head></head>"), ...body]);
    expect(text).toBe("<html><head></head><p>one</p><p>two ☕</p>");
    expect(out.slice(-2)).toEqual(body);
    expect(out.at(-1)).toBe(body[1]);
    expect(out.at(-2)).toBe(body[0]);
  });

  it("keep a document without a head whole", async () => {
    expect((await run([encoder.encode("<p>no head "), encoder.encode("☕</p>")])).text).toBe("<p>no head ☕</p>");
  });
});
