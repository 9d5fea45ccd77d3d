import type { RouterContextProvider } from "react-router";
import type { z } from "zod";
import { appContext } from "~/context";
import { getUser } from "~/server/account/user.server";
import { notFound } from "~/server/platform/http.server";
import { isOperator } from "./plans.server";

/** Only operators (OPERATOR_EMAILS) reach the review pages; to anyone else they do not exist. */
export function requireOperator(context: Readonly<RouterContextProvider>) {
  const app = context.get(appContext);
  const user = getUser(context);
  if (!isOperator(app.env, user)) notFound();
  return { app, user };
}

/** An operator's approve or decline of one queued item, or null when the form cannot be read. */
export async function readDecision<T>(request: Request, id: z.ZodType<T>) {
  const body = await request.formData().catch(() => null);
  if (!body) return null;
  const parsed = id.safeParse(body.get("id"));
  const intent = body.get("intent");
  if (!parsed.success || (intent !== "approve" && intent !== "decline")) return null;
  return { id: parsed.data, intent, approve: intent === "approve" } as const;
}
