import type { TestProject } from "vitest/node";
import { startFakeServices } from "../fixtures/fake-services";

declare module "vitest" {
  export interface ProvidedContext {
    fakeServices: string;
  }
}

/** Starts the local webhook receivers and HubSpot stand-in once for the Worker tests; stops them after. */
export default async function setup(project: TestProject) {
  const fake = await startFakeServices();
  project.provide("fakeServices", fake.url);
  return () => fake.close();
}
