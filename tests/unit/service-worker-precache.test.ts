import { describe, expect, it } from "vitest";
import {
  type ChunkGraph,
  FIRST_ROUTE_PATHS,
  keptAssets,
  type RouteManifest,
} from "../../scripts/service-worker-plugin";

/** A client build in small: the root, the signed-in layout (no path), capture with its QR reader, the dashboard, settings. */
const manifest: RouteManifest = {
  version: "v1",
  entry: { module: "/assets/entry.js", imports: ["/assets/react.js"] },
  routes: {
    root: { id: "root", path: "", module: "/assets/root.js", imports: ["/assets/react.js"] },
    "routes/app/_layout": { id: "routes/app/_layout", parentId: "root", module: "/assets/layout.js" },
    "routes/app/capture": {
      id: "routes/app/capture",
      parentId: "routes/app/_layout",
      path: "capture",
      module: "/assets/capture.js",
      imports: ["/assets/form.js"],
    },
    "routes/app/dashboard": {
      id: "routes/app/dashboard",
      parentId: "routes/app/_layout",
      path: "dashboard",
      module: "/assets/dashboard.js",
      imports: ["/assets/quick-actions.js"],
    },
    "routes/app/settings": {
      id: "routes/app/settings",
      parentId: "routes/app/_layout",
      path: "settings",
      module: "/assets/settings.js",
    },
  },
};
const graph: ChunkGraph = new Map([
  ["assets/capture.js", ["assets/qr-scan.js"]],
  ["assets/qr-scan.js", ["assets/jsQR.js"]],
  ["assets/form.js", ["assets/zod.js"]],
  ["assets/dashboard.js", ["assets/zod.js"]],
  ["assets/settings.js", ["assets/phone.js"]],
]);

describe("the service worker's precache", () => {
  it("fetches what offline capture needs at install and the other kept pages' code after, never another page's", () => {
    const first = keptAssets(manifest, "assets/manifest.js", graph, FIRST_ROUTE_PATHS);
    const kept = keptAssets(manifest, "assets/manifest.js", graph);
    expect([...first].sort()).toEqual(
      [
        "assets/manifest.js",
        "assets/entry.js",
        "assets/react.js",
        "assets/root.js",
        "assets/layout.js",
        "assets/capture.js",
        "assets/form.js",
        "assets/qr-scan.js",
        "assets/jsQR.js",
        "assets/zod.js",
      ].sort(),
    );
    // The dashboard's own code follows; what capture shares with it is already there.
    expect([...kept].filter((f) => !first.has(f)).sort()).toEqual(["assets/dashboard.js", "assets/quick-actions.js"]);
    expect(kept.has("assets/settings.js")).toBe(false);
    expect(kept.has("assets/phone.js")).toBe(false);
  });
});
