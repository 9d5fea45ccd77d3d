import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import type { AppContext } from "~/context";
import { krystalFormSchema } from "~/lib/integrations/rules";
import { listSyncRuns } from "~/server/integrations/hubspot.server";
import { connectKrystal, disconnectKrystal, getKrystal, runKrystalSync } from "~/server/integrations/krystal.server";
import { listDeliveries } from "~/server/integrations/webhooks.server";
import { notFound } from "~/server/platform/http.server";
import { type Section, toastHeaders } from "./+shared/intent.server";
import type { Shown } from "./+shared/parts";
import { webhooks } from "./webhooks.server";

export async function loadKrystal(app: AppContext, userId: string) {
  const [krystal, runs] = await Promise.all([getKrystal(app.db, userId), listSyncRuns(app.db, userId, "krystal")]);
  const deliveries = krystal ? await listDeliveries(app.db, userId, krystal.id, 10) : [];
  return {
    krystal: krystal
      ? {
          id: krystal.id,
          url: krystal.url,
          schedule: krystal.schedule,
          status: krystal.status,
          pausedReason: krystal.pausedReason,
          lastSyncAt: krystal.lastSyncAt,
          deliveries,
        }
      : null,
    // Krystal AI's log says how many went in each delivery; the people are in the delivery log.
    krystalRuns: runs.map((r) => ({ ...r, items: [] as typeof r.items, more: 0 })),
  };
}

export const krystal: Section = {
  free: new Set(["krystal-disconnect"]),
  intents: {
    "krystal-connect": async ({ app, user, form, intent, done }) => {
      const submission = parseWithZod(form, { schema: krystalFormSchema });
      if (submission.status !== "success") return data({ form: intent, reply: submission.reply() }, { status: 400 });
      const saved = await connectKrystal(app, user.workspace.id, submission.value);
      if ("error" in saved)
        return data(
          { form: intent, reply: submission.reply({ fieldErrors: { url: [saved.error] } }) },
          { status: 400 },
        );
      if (!saved.secret) return done("Krystal AI settings saved");
      const shown: Shown = { kind: "krystal-secret", value: saved.secret };
      return data(
        { form: intent, reply: submission.reply({ resetForm: true }), shown },
        { headers: await toastHeaders("Krystal AI connected") },
      );
    },
    "krystal-run": async ({ app, user, done }) => {
      const run = (await runKrystalSync(app, user.workspace.id, "manual")) ?? notFound();
      return done("Krystal AI sync queued", "success", run.message);
    },
    "krystal-disconnect": async ({ app, user, done }) => {
      await disconnectKrystal(app.db, user.workspace.id);
      return done("Krystal AI disconnected");
    },
  },
};

/** The Krystal AI page also sends a test and resumes its endpoint, which is a webhook like any other. */
export const krystalEndpoint: Section = {
  free: new Set(),
  intents: {
    "test-webhook": webhooks.intents["test-webhook"] ?? (async () => notFound()),
    "resume-webhook": webhooks.intents["resume-webhook"] ?? (async () => notFound()),
  },
};
