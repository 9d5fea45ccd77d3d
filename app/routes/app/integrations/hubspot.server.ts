import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import type { AppContext } from "~/context";
import { hubspotFormSchema, hubspotSettingsSchema } from "~/lib/integrations/rules";
import {
  connectHubspot,
  disconnectHubspot,
  getHubspot,
  hubspotBase,
  listSyncRuns,
  runHubspotSync,
  saveHubspotSettings,
} from "~/server/integrations/hubspot.server";
import { notFound } from "~/server/platform/http.server";
import type { Section } from "./+shared/intent.server";

/** People listed per run in the sync log; the rest are counted. */
const ITEMS_SHOWN = 100;

export async function loadHubspot(app: AppContext, userId: string) {
  const [hubspot, runs] = await Promise.all([getHubspot(app.db, userId), listSyncRuns(app.db, userId, "hubspot")]);
  return {
    hubspot: hubspot
      ? {
          schedule: hubspot.schedule,
          mapping: hubspot.mapping,
          status: hubspot.status,
          pausedReason: hubspot.pausedReason,
          lastRunAt: hubspot.lastRunAt,
          baseUrl: hubspot.baseUrl,
        }
      : null,
    hubspotRuns: runs.map((r) => ({
      ...r,
      items: r.items.slice(0, ITEMS_SHOWN),
      more: Math.max(0, r.items.length - ITEMS_SHOWN),
    })),
  };
}

/** An empty mapping field sends nothing: it is stored as "". */
const stored = (mapping: Record<string, string | undefined>) =>
  Object.fromEntries(Object.entries(mapping).map(([k, v]) => [k, v ?? ""]));

export const hubspot: Section = {
  free: new Set(["hubspot-disconnect"]),
  intents: {
    "hubspot-connect": async ({ app, user, form, intent, done }) => {
      const submission = parseWithZod(form, { schema: hubspotFormSchema });
      if (submission.status !== "success") return data({ form: intent, reply: submission.reply() }, { status: 400 });
      const baseUrl = hubspotBase(app, submission.value.baseUrl);
      if (typeof baseUrl !== "string")
        return data(
          { form: intent, reply: submission.reply({ fieldErrors: { baseUrl: [baseUrl.error] } }) },
          { status: 400 },
        );
      const mapping = stored(submission.value.mapping);
      const connected = await connectHubspot(app, user.workspace.id, { ...submission.value, baseUrl, mapping });
      if ("error" in connected)
        return data(
          {
            form: intent,
            reply: submission.reply({ fieldErrors: { token: [connected.error] }, hideFields: ["token"] }),
          },
          { status: 400 },
        );
      return done("HubSpot connected");
    },
    "hubspot-settings": async ({ app, user, form, intent, done }) => {
      const submission = parseWithZod(form, { schema: hubspotSettingsSchema });
      if (submission.status !== "success") return data({ form: intent, reply: submission.reply() }, { status: 400 });
      const settings = { schedule: submission.value.schedule, mapping: stored(submission.value.mapping) };
      if (!(await saveHubspotSettings(app.db, user.workspace.id, settings))) notFound();
      return done("HubSpot settings saved");
    },
    "hubspot-run": async ({ app, user, done }) => {
      const run = (await runHubspotSync(app, user.workspace.id, "manual")) ?? notFound();
      const failed = run.status === "failed";
      return done(failed ? "HubSpot sync stopped" : "HubSpot sync finished", failed ? "error" : "success", run.message);
    },
    "hubspot-disconnect": async ({ app, user, done }) => {
      await disconnectHubspot(app.db, user.workspace.id);
      return done("HubSpot disconnected");
    },
  },
};
