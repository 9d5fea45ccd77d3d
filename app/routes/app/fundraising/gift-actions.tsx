import { href } from "react-router";
import { z } from "zod";
import { appContext } from "~/context";
import { safeRedirect } from "~/lib/platform/safe-redirect";
import { getUser } from "~/server/account/user.server";
import { payInstalment } from "~/server/fundraising/gifts.server";
import { CHANGE_MESSAGE, changeRecurringGift } from "~/server/fundraising/recurring.server";
import { MAX_MARKED_AT_ONCE, markManyThanked, markThanked, sendThankYou } from "~/server/fundraising/thank-you.server";
import { notFound } from "~/server/platform/http.server";
import { redirectWithToast } from "~/server/platform/toast.server";
import type { Route } from "./+types/gift-actions";

const schema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("thank"), gift: z.coerce.number().int().positive() }),
  z.object({ intent: z.literal("thanked"), gift: z.coerce.number().int().positive() }),
  z.object({
    intent: z.literal("thanked-many"),
    gifts: z.array(z.coerce.number().int().positive()).max(MAX_MARKED_AT_ONCE).default([]),
  }),
  z.object({
    intent: z.literal("recurring"),
    recurring: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER),
    change: z.enum(["pause", "resume", "cancel"]),
  }),
  z.object({
    intent: z.literal("pay-instalment"),
    instalment: z.coerce.number().int().positive(),
    method: z.enum(["cash", "cheque", "bank_transfer", "elsewhere"]).default("bank_transfer"),
  }),
]);

const OWNER_DONE = {
  pause: "Monthly gift paused",
  resume: "Monthly gift resumed",
  cancel: "Monthly gift cancelled",
} as const;

export function loader() {
  notFound();
}

/**
 * What the owner does to gifts and instalments: thank, mark thanked (one or many), pause, resume or cancel
 * a monthly gift, record an instalment paid.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const app = context.get(appContext);
  const user = getUser(context);
  const formData = await request.formData().catch(() => null);
  if (!formData) return new Response("Bad Request", { status: 400 });
  // Ticked gifts come as one field many times; everything else once.
  const body: Record<string, unknown> = { ...Object.fromEntries(formData), gifts: formData.getAll("gifts") };
  const back = safeRedirect(formData.get("back"), href("/campaigns"));
  const parsed = schema.safeParse(body);
  if (!parsed.success) return new Response("Bad Request", { status: 400 });
  const v = parsed.data;
  if (v.intent === "thank") {
    const sent = await sendThankYou(
      app,
      user.workspace.id,
      { giftId: v.gift },
      { origin: new URL(request.url).origin },
    );
    if (sent === "missing") notFound();
    return redirectWithToast(back, {
      type: sent === "sent" ? "success" : "info",
      title:
        sent === "sent" ? "Thank-you sent" : sent === "already" ? "Already thanked" : "This donor has no email address",
    });
  }
  if (v.intent === "thanked") {
    if (!(await markThanked(app, user.workspace.id, v.gift))) notFound();
    return redirectWithToast(back, { type: "success", title: "Marked as thanked" });
  }
  if (v.intent === "thanked-many") {
    if (!v.gifts.length) return redirectWithToast(back, { type: "info", title: "Tick the gifts you thanked first" });
    const n = await markManyThanked(app, user.workspace.id, v.gifts);
    return redirectWithToast(back, {
      type: "success",
      title: n === 1 ? "Marked 1 gift as thanked" : `Marked ${n} gifts as thanked`,
    });
  }
  if (v.intent === "recurring") {
    const result = await changeRecurringGift(app, user.workspace.id, v.recurring, v.change);
    if (result === "missing") notFound();
    return redirectWithToast(back, {
      type: result === "done" ? "success" : "info",
      title: result === "done" ? OWNER_DONE[v.change] : CHANGE_MESSAGE[result].text,
    });
  }
  const paid = await payInstalment(app, user.workspace.id, v.instalment, v.method);
  if (!paid) notFound();
  return redirectWithToast(back, { type: "success", title: "Instalment recorded" });
}
