import { parseWithZod } from "@conform-to/zod/v4";
import { data, href, type RouterContextProvider, redirect } from "react-router";
import { appContext } from "~/context";
import { CAMPAIGN_IMAGE_MAX_BYTES, campaignFormSchema } from "~/lib/fundraising/campaign";
import { isOwnKey } from "~/lib/text/own";
import { getUser } from "~/server/account/user.server";
import { imageProblem } from "~/server/cards/cards.server";
import {
  campaignHasGifts,
  changeCampaignStatus,
  createCampaign,
  getOwnedCampaign,
  networkingOf,
  setCampaignImage,
  setNetworking,
  updateCampaign,
} from "~/server/fundraising/campaigns.server";
import { notFound } from "~/server/platform/http.server";
import { redirectWithToast, setToastHeader } from "~/server/platform/toast.server";

/** The campaign editor's loader and action (/campaigns/new and /campaigns/:id/edit): one page, four forms. */

type Args = { request: Request; params: { id?: string }; context: Readonly<RouterContextProvider> };

/** A new campaign (no id), or the owner's own with whether gifts fix its currency and what it is featured on. */
export async function loadCampaignEdit({ params, context }: Omit<Args, "request">) {
  const app = context.get(appContext);
  const user = getUser(context);
  if (!params.id) return { c: null, hasGifts: false, networking: null };
  const c = await getOwnedCampaign(app.db, user.workspace.id, params.id);
  if (!c) notFound();
  const [hasGifts, networking] = await Promise.all([
    campaignHasGifts(app.db, c.id),
    networkingOf(app.db, user.workspace.id, c.id),
  ]);
  return { c, hasGifts, networking };
}
const STATUS_TOASTS = {
  publish: "Campaign published",
  close: "Campaign closed",
  reopen: "Campaign reopened",
  archive: "Campaign archived",
  unarchive: "Campaign restored",
} as const;

/** Status changes, the image, the card and events it is featured on, and the campaign's own form, by intent. */
export async function runCampaignEdit({ request, params, context }: Args) {
  const app = context.get(appContext);
  const user = getUser(context);
  const formData = await request.formData();
  const intent = formData.get("intent");
  if (params.id && typeof intent === "string" && isOwnKey(STATUS_TOASTS, intent)) {
    const change = intent;
    const done = await changeCampaignStatus(app.env, app.db, user.workspace.id, params.id, change);
    if (!done) notFound();
    if (!done.ok)
      return redirectWithToast(href("/campaigns/:id/edit", { id: params.id }), {
        type: "error",
        title: "That change does not apply now",
      });
    return redirectWithToast(href("/campaigns/:id", { id: params.id }), {
      type: "success",
      title: STATUS_TOASTS[change],
    });
  }
  if (params.id && intent === "image") {
    const owned = await getOwnedCampaign(app.db, user.workspace.id, params.id);
    if (!owned) notFound();
    const file = formData.get("image");
    if (!(file instanceof File) || file.size === 0)
      return data({ reply: null, imageError: "Choose a JPEG, PNG or WebP image" }, { status: 400 });
    const bytes = new Uint8Array(await file.arrayBuffer());
    const problem = imageProblem(file.type, bytes, CAMPAIGN_IMAGE_MAX_BYTES);
    if (problem) return data({ reply: null, imageError: problem }, { status: 400 });
    await setCampaignImage(app.env, app.db, user.workspace.id, params.id, file.type, bytes);
    return redirectWithToast(href("/campaigns/:id/edit", { id: params.id }), { type: "success", title: "Image saved" });
  }
  if (params.id && intent === "networking") {
    const cardValue = String(formData.get("card") ?? "");
    const cardId = /^\d{1,12}$/.test(cardValue) ? Number(cardValue) : null;
    const eventIds = formData
      .getAll("event")
      .map(Number)
      .filter((n) => Number.isSafeInteger(n) && n > 0);
    if (!(await setNetworking(app.env, app.db, user.workspace.id, params.id, { cardId, eventIds }))) notFound();
    return redirectWithToast(href("/campaigns/:id/edit", { id: params.id }), {
      type: "success",
      title: "Card and events saved",
    });
  }
  if (intent !== "save") return data({ reply: null, imageError: null }, { status: 400 });
  const submission = parseWithZod(formData, { schema: campaignFormSchema });
  if (submission.status !== "success") return data({ reply: submission.reply(), imageError: null }, { status: 400 });
  if (!params.id) {
    const id = await createCampaign(app.db, user.workspace.id, submission.value);
    return redirectWithToast(href("/campaigns/:id/edit", { id: String(id) }), {
      type: "success",
      title: "Draft saved",
    });
  }
  const existing = await getOwnedCampaign(app.db, user.workspace.id, params.id);
  if (!existing) notFound();
  if (existing.currency !== submission.value.currency && (await campaignHasGifts(app.db, existing.id)))
    return data(
      {
        reply: submission.reply({
          fieldErrors: { currency: ["Gifts are recorded in this currency; it cannot change now"] },
        }),
        imageError: null,
      },
      { status: 400 },
    );
  await updateCampaign(app.env, app.db, user.workspace.id, params.id, submission.value);
  return redirect(href("/campaigns/:id", { id: params.id }), {
    headers: { "Set-Cookie": await setToastHeader({ type: "success", title: "Campaign saved" }) },
  });
}
