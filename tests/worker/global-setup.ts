import type { TestProject } from "vitest/node";
import { startFakeResend } from "../fixtures/fake-resend";
import { startFakeServices } from "../fixtures/fake-services";
import { startFakeStripe } from "../fixtures/fake-stripe";

declare module "vitest" {
  export interface ProvidedContext {
    fakeServices: string;
    fakeStripe: string;
    fakeResend: string;
  }
}

/** Starts the local webhook receivers, HubSpot and Stripe stand-ins once for the Worker tests; stops them after. */
export default async function setup(project: TestProject) {
  const fake = await startFakeServices();
  const stripe = await startFakeStripe();
  project.provide("fakeServices", fake.url);
  project.provide("fakeStripe", stripe.url);
  const resend = await startFakeResend();
  project.provide("fakeResend", resend.url);
  return async () => {
    await fake.close();
    await stripe.close();
    await resend.close();
  };
}
