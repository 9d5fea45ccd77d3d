import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import type { AppContext } from "~/context";
import { webhookFormSchema } from "~/lib/integrations/rules";
import {
  addEndpoint,
  getEndpoint,
  listDeliveries,
  listEndpoints,
  pauseEndpoint,
  removeEndpoint,
  resumeEndpoint,
  sendTest,
} from "~/server/integrations/webhooks.server";
import { notFound, parseId } from "~/server/platform/http.server";
import { type Section, toastHeaders } from "./+shared/intent.server";
import type { Shown } from "./+shared/parts";

export async function loadWebhooks(app: AppContext, userId: string) {
  const endpoints = await listEndpoints(app.db, userId);
  const deliveries = await Promise.all(endpoints.map((e) => listDeliveries(app.db, userId, e.id, 10)));
  return { endpoints: endpoints.map((e, i) => ({ ...e, deliveries: deliveries[i] ?? [] })) };
}

/** Pause, resume or remove one of the owner's endpoints (Krystal AI's included); anyone else's is a 404. */
const endpointIntent: Section["intents"][string] = async ({ app, user, form, intent, done }) => {
  const id = parseId(form.get("id"));
  if (!(await getEndpoint(app.db, user.workspace.id, id))) notFound();
  if (intent === "pause-webhook") {
    await pauseEndpoint(app.db, user.workspace.id, id);
    return done("Paused");
  }
  if (intent === "delete-webhook") {
    await removeEndpoint(app.db, user.workspace.id, id);
    return done("Webhook removed");
  }
  const sent = (await resumeEndpoint(app, user.workspace.id, id)) ?? 0;
  return done("Resumed", "success", sent ? `${sent} held deliveries are on their way.` : undefined);
};

export const webhooks: Section = {
  free: new Set(["pause-webhook", "delete-webhook"]),
  confirm: new Set(["delete-webhook"]),
  intents: {
    "add-webhook": async ({ app, user, form, intent }) => {
      const submission = parseWithZod(form, { schema: webhookFormSchema });
      if (submission.status !== "success") return data({ form: intent, reply: submission.reply() }, { status: 400 });
      const added = await addEndpoint(app, user.workspace.id, submission.value);
      if ("error" in added)
        return data(
          { form: intent, reply: submission.reply({ fieldErrors: { url: [added.error] } }) },
          { status: 400 },
        );
      const shown: Shown = { kind: "webhook-secret", value: added.secret };
      return data(
        { form: intent, reply: submission.reply({ resetForm: true }), shown },
        { headers: await toastHeaders("Webhook added") },
      );
    },
    "test-webhook": async ({ app, user, form }) => {
      const id = parseId(form.get("id"));
      const result = (await sendTest(app, user.workspace.id, id)) ?? notFound();
      const message = result.ok
        ? `Test delivered: the endpoint answered ${result.responseStatus}.`
        : `Test not delivered: ${result.error ?? "no answer"}. It will be retried.`;
      const shown: Shown = { kind: "test", endpointId: id, ok: result.ok, message };
      return data({ shown });
    },
    "pause-webhook": endpointIntent,
    "resume-webhook": endpointIntent,
    "delete-webhook": endpointIntent,
  },
};
