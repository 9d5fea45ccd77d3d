import { describe, expect, it } from "vitest";
import { pullStream } from "~/lib/platform/stream";

describe("pullStream", () => {
  it("reads the next part only when the reader asks for it", async () => {
    const asked: number[] = [];
    const reader = pullStream(
      (async function* () {
        for (let i = 0; i < 5; i++) {
          asked.push(i);
          yield `part ${i}\n`;
        }
      })(),
    ).getReader();
    await reader.read();
    // One part read and one waiting: the source is never drained ahead of the client.
    expect(asked.length).toBeLessThanOrEqual(2);
    let text = "part 0\n";
    for (let r = await reader.read(); !r.done; r = await reader.read()) text += new TextDecoder().decode(r.value);
    expect(text).toBe("part 0\npart 1\npart 2\npart 3\npart 4\n");
  });

  it("ends a download that fails midway with an error the client sees, not a short file", async () => {
    const res = new Response(
      pullStream(
        (async function* () {
          yield "first page\n";
          throw new Error("D1 went away");
        })(),
      ),
    );
    await expect(res.text()).rejects.toThrow("D1 went away");
  });
});
