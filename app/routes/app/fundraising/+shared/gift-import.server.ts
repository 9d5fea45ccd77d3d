import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, href, type RouterContextProvider, redirect } from "react-router";
import { appContext } from "~/context";
import { GIFT_METHOD_LABELS } from "~/lib/fundraising/donation";
import {
  droppedColumns,
  GIFT_FIELDS,
  type GiftMapping,
  guessMapping,
  PROVIDER_LABELS,
  readGiftTable,
  recogniseProvider,
} from "~/lib/fundraising/gift-import";
import { confirmSchema, mappingSchema, PREVIEW_EXPIRED, uploadSchema } from "~/lib/fundraising/gift-import-forms";
import { formatMoney } from "~/lib/money";
import { getUser } from "~/server/account/user.server";
import {
  agreedDonors,
  confirmGiftImport,
  forgetGiftFile,
  keepGiftFile,
  ownedCampaign,
  planGiftImport,
  readGiftFile,
} from "~/server/fundraising/gift-import.server";
import { notFound } from "~/server/platform/http.server";
import { redirectWithToast } from "~/server/platform/toast.server";

/** The gift import's loader and action (the page at /campaigns/:id/import): read, preview, map, confirm. */

type Args = { request: Request; params: { id: string }; context: Readonly<RouterContextProvider> };

const SHOWN_GIFTS = 100;
const SHOWN_PROBLEMS = 300;

/** The campaign, and the preview of the file kept under `?preview=` (or that it expired). */
export async function loadGiftImport({ request, params, context }: Args) {
  const app = context.get(appContext);
  const user = getUser(context);
  const c = await ownedCampaign(app.db, user.workspace.id, params.id);
  if (!c) notFound();
  const id = new URL(request.url).searchParams.get("preview");
  const file = id ? await readGiftFile(app, user.workspace.id, id) : null;
  if (!id || !file || file.campaignId !== c.id) return { c, expired: Boolean(id), preview: null };
  const plan = await planGiftImport(app.db, user.workspace.id, c, file);
  const fresh = plan.gifts.filter((g) => !g.already);
  const newDonors = new Set(fresh.filter((g) => !g.match).map((g) => g.donorEmail || g.donorName.toLowerCase()));
  const matched = new Set(fresh.filter((g) => g.match).map((g) => g.match?.id));
  return {
    c,
    expired: false,
    preview: {
      id,
      filename: file.filename,
      format: PROVIDER_LABELS[file.provider],
      encoding: file.encoding,
      headers: file.headers.map((h, index) => ({ index, label: h || `Column ${index + 1}` })),
      mapping: file.mapping,
      dropped: droppedColumns(file.headers, file.mapping),
      count: fresh.length,
      total: fresh.reduce((sum, g) => sum + g.amount - g.refunded, 0),
      newDonors: newDonors.size,
      matchedDonors: matched.size,
      agreed: agreedDonors(fresh),
      gifts: plan.gifts.slice(0, SHOWN_GIFTS).map((g) => ({
        row: g.row,
        name: g.donorName,
        email: g.donorEmail,
        amount: formatMoney(g.amount, g.currency),
        refunded: g.refunded ? formatMoney(g.refunded, g.currency) : null,
        date: g.date,
        method: GIFT_METHOD_LABELS[g.method],
        recurring: g.recurring,
        // The file's own campaign name, when it differs from the campaign every row goes to.
        fileCampaign: g.campaign && g.campaign !== c.title ? g.campaign : null,
        optIn: g.optIn,
        match: g.match,
        already: g.already,
      })),
      moreGifts: Math.max(0, plan.gifts.length - SHOWN_GIFTS),
      errors: plan.errors.slice(0, SHOWN_PROBLEMS),
      errorCount: plan.errors.length,
      errorRows: new Set(plan.errors.map((e) => e.row)).size,
      notes: plan.notes.slice(0, SHOWN_PROBLEMS),
      noteCount: plan.notes.length,
    },
  };
}

export type ActionData = { form: "upload" | "map" | "confirm"; reply: SubmissionResult<string[]> };

/** Upload (keep the file, guess its columns), map (choose the columns again) or confirm (import it all). */
export async function runGiftImport({ request, params, context }: Args) {
  const app = context.get(appContext);
  const user = getUser(context);
  const c = await ownedCampaign(app.db, user.workspace.id, params.id);
  if (!c) notFound();
  const formData = await request.formData();
  const intent = formData.get("intent");
  const here = href("/campaigns/:id/import", { id: String(c.id) });

  if (intent === "map" || intent === "confirm") {
    const submission = parseWithZod(formData, { schema: intent === "map" ? mappingSchema : confirmSchema });
    if (submission.status !== "success")
      return data<ActionData>({ form: intent, reply: submission.reply() }, { status: 400 });
    const v = submission.value;
    const file = await readGiftFile(app, user.workspace.id, v.preview);
    if (!file || file.campaignId !== c.id)
      return data<ActionData>(
        { form: intent, reply: submission.reply({ formErrors: [PREVIEW_EXPIRED] }) },
        { status: 400 },
      );
    if (v.intent === "map") {
      const mapping: GiftMapping = {};
      for (const f of GIFT_FIELDS) if (v[f] !== undefined && v[f] < file.headers.length) mapping[f] = v[f];
      await keepGiftFile(app, user.workspace.id, { ...file, mapping }, v.preview);
      return redirect(`${here}?preview=${v.preview}`);
    }
    const done = await confirmGiftImport(app, user.workspace.id, c, file, {
      skipErrors: v.skipErrors,
      previewId: v.preview,
      alreadyThanked: v.alreadyThanked,
    });
    if (!done.ok)
      return data<ActionData>(
        { form: intent, reply: submission.reply({ formErrors: [done.message] }) },
        { status: done.conflict ? 409 : 400 },
      );
    await forgetGiftFile(app, user.workspace.id, v.preview);
    return redirectWithToast(href("/campaigns/:id", { id: String(c.id) }), {
      type: "success",
      title: "Import finished",
      description: `${done.imported} gift${done.imported === 1 ? "" : "s"} imported, ${done.donors} new donor${done.donors === 1 ? "" : "s"}, ${done.skipped} row${done.skipped === 1 ? "" : "s"} skipped.`,
    });
  }

  const submission = parseWithZod(formData, { schema: uploadSchema });
  if (submission.status !== "success")
    return data<ActionData>({ form: "upload", reply: submission.reply() }, { status: 400 });
  const file = submission.value.file;
  const table = readGiftTable(new Uint8Array(await file.arrayBuffer()));
  if ("error" in table)
    return data<ActionData>(
      { form: "upload", reply: submission.reply({ fieldErrors: { file: [table.error] } }) },
      { status: 400 },
    );
  const id = await keepGiftFile(app, user.workspace.id, {
    ...table,
    filename: file.name.slice(0, 200),
    campaignId: c.id,
    provider: recogniseProvider(table.headers),
    mapping: guessMapping(table.headers),
  });
  return redirect(`${here}?preview=${id}`);
}
