import type { RouterContextProvider } from "react-router";
import { appContext } from "~/context";
import { type Kind, type Obj, readLocal } from "~/server/payments/local.server";
import { paymentsFor } from "~/server/payments/payments.server";
import { notFound } from "~/server/platform/http.server";

/**
 * The test pages' one gate: they exist only while the built-in checkout is the payments adapter (never in
 * production, never beside Stripe), and only for an object of their own kind; anything else is a 404.
 */
export async function openLocal<T extends Obj = Obj>(context: Readonly<RouterContextProvider>, id: string, kind: Kind) {
  const app = context.get(appContext);
  if (paymentsFor(app)?.kind !== "local") notFound();
  const found = await readLocal<T>(app, id, kind);
  if (!found) notFound();
  return { app, found };
}
