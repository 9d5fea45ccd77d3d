import { describe, expect, it } from "vitest";
import { hydrates, staticPage } from "~/lib/platform/page-handle";

describe("hydrates", () => {
  const root = { id: "root", handle: undefined };
  it("hydrates a page unless a matched route asks for a static page", () => {
    expect(hydrates([root, { handle: undefined }])).toBe(true);
    expect(hydrates([root, { handle: staticPage }])).toBe(false);
  });

  it("still hydrates a static page that has a toast to show, which only React can", () => {
    expect(hydrates([root, { handle: staticPage }], { toast: { title: "Signed out" }, fresh: [] })).toBe(true);
    expect(hydrates([root, { handle: staticPage }], { toast: null, fresh: [{ title: "New contact shared" }] })).toBe(
      true,
    );
    expect(hydrates([root, { handle: staticPage }], { toast: null, fresh: [] })).toBe(false);
  });
});
