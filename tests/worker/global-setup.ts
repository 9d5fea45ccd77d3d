import { spawn } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { createInterface } from "node:readline";
import type { TestProject } from "vitest/node";
import { clientScripts, siteScripts } from "../../scripts/client-assets.mjs";
import type { FakeServerUrls } from "../fixtures/fake-servers";

declare module "vitest" {
  export interface ProvidedContext extends FakeServerUrls {
    /** How many people mailing-scale.test.ts sends to: 5,000 in CI, 50,000 under `npm run bench:mailing`. */
    mailingScalePeople: number;
    /** Each client script of the build under test, by its address, and its gzip size in bytes (shell.test.ts, page-weight.test.ts). */
    clientScriptGzip: Record<string, number>;
    /** The react-dom server renderers the built Worker carries, by file name (page-weight.test.ts). */
    serverRenderers: string[];
  }
}

/** The react-dom server renderers among build/server's modules, as its source maps name them. */
function serverRenderers(): string[] {
  const dir = path.join(import.meta.dirname, "../../build/server");
  const renderers = new Set<string>();
  for (const map of readdirSync(dir, { recursive: true, encoding: "utf8" }).filter((f) => f.endsWith(".js.map"))) {
    const { sources } = JSON.parse(readFileSync(path.join(dir, map), "utf8")) as { sources: string[] };
    for (const source of sources) if (/react-dom-server[.-]/.test(source)) renderers.add(path.basename(source));
  }
  return [...renderers].sort();
}

/**
 * Starts the local webhook receivers, HubSpot, Stripe and Resend stand-ins once for the Worker tests, in a
 * Node process of their own so they answer at once while Vitest's process is busy with two test files;
 * stops them after.
 */
export default async function setup(project: TestProject) {
  const child = spawn(
    process.execPath,
    ["--experimental-strip-types", "--no-warnings", path.join(import.meta.dirname, "../fixtures/fake-servers.ts")],
    { stdio: ["pipe", "pipe", "inherit"] },
  );
  const urls = await new Promise<FakeServerUrls>((resolve, reject) => {
    const lines = createInterface({ input: child.stdout });
    lines.once("line", (line) => resolve(JSON.parse(line) as FakeServerUrls));
    child.once("error", reject);
    child.once("exit", (code) => reject(new Error(`the stand-ins' process exited with ${code}`)));
  });
  project.provide("fakeServices", urls.fakeServices);
  project.provide("fakeStripe", urls.fakeStripe);
  project.provide("fakeResend", urls.fakeResend);
  project.provide("mailingScalePeople", Number(process.env.MAILING_SCALE_PEOPLE ?? 5000));
  project.provide("clientScriptGzip", Object.fromEntries([...clientScripts(), ...siteScripts()]));
  project.provide("serverRenderers", serverRenderers());
  return async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once("exit", resolve));
    child.stdin.end();
    await exited;
  };
}
