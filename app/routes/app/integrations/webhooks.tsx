import { getFormProps, getInputProps } from "@conform-to/react";
import { Form } from "react-router";
import { Field, inputClass } from "~/components/ui/field";
import { appContext } from "~/context";
import { WEBHOOK_EVENT_LABEL, WEBHOOK_EVENTS, webhookFormSchema } from "~/lib/integrations/rules";
import { getUser } from "~/server/account/user.server";
import { useIntegrations } from "./_layout";
import { runIntent } from "./+shared/intent.server";
import {
  Badge,
  box,
  DeliveryLog,
  IdForm,
  muted,
  PausedNotice,
  primary,
  type SectionProps,
  ShownOnce,
  sectionMeta,
  TestResult,
  useAnswer,
  useSectionForm,
} from "./+shared/parts";
import type { Route } from "./+types/webhooks";
import { loadWebhooks, webhooks } from "./webhooks.server";

export const meta = sectionMeta("Webhooks");

export async function loader({ context }: Route.LoaderArgs) {
  return loadWebhooks(context.get(appContext), getUser(context).workspace.id);
}

export const action = (args: Route.ActionArgs) => runIntent(args, [webhooks]);

export default function WebhooksPage({ loaderData, actionData }: Route.ComponentProps) {
  const { shown, replyFor } = useAnswer(actionData);
  return <WebhooksSection data={loaderData} reply={replyFor("add-webhook")} shown={shown} />;
}

type Endpoint = Route.ComponentProps["loaderData"]["endpoints"][number];

export function WebhooksSection({ data, reply, shown }: SectionProps<{ endpoints: Endpoint[] }>) {
  const { endpoints } = data;
  const { fmt } = useIntegrations();
  const [form, fields] = useSectionForm(webhookFormSchema, {
    id: "add-webhook",
    reply,
    defaultValue: { events: ["person.created", "shareback.received"] },
  });
  const chosen = new Set(
    fields.events.value === undefined ? [] : ([] as string[]).concat(fields.events.value as string[]),
  );
  return (
    <section id="webhooks" className={box} aria-labelledby="webhooks-title">
      <h2 id="webhooks-title" className="font-semibold text-xl">
        Webhooks
      </h2>
      <p className={`mt-1 ${muted}`}>
        We POST a JSON event to your URL, signed following the Standard Webhooks specification (headers{" "}
        <code>webhook-id</code>, <code>webhook-timestamp</code>, <code>webhook-signature</code>). Failed deliveries are
        retried after 30 seconds, then 2, 8 and 32 minutes; after 5 failures in a row the webhook is paused and its
        deliveries are held until you resume it.
      </p>
      {endpoints.map((e) => (
        <article
          key={e.id}
          className="mt-5 rounded-lg border border-slate-200 p-4 dark:border-slate-800"
          aria-label={`Webhook ${e.url}`}
        >
          <div className="flex flex-wrap items-center gap-2">
            <h3 className="min-w-0 break-all font-mono text-sm">{e.url}</h3>
            <Badge status={e.status} />
          </div>
          {e.description ? <p className={`mt-1 ${muted}`}>{e.description}</p> : null}
          <p className={`mt-1 ${muted}`}>Events: {e.events.join(", ")}</p>
          <PausedNotice reason={e.status === "paused" ? e.pausedReason : null} />
          <TestResult shown={shown} endpointId={e.id} />
          <div className="mt-3 flex flex-wrap gap-2">
            <IdForm intent="test-webhook" id={e.id} label="Send test" />
            {e.status === "paused" ? (
              <IdForm intent="resume-webhook" id={e.id} label="Resume" />
            ) : (
              <IdForm intent="pause-webhook" id={e.id} label="Pause" />
            )}
            <IdForm
              intent="delete-webhook"
              id={e.id}
              label="Remove"
              confirm={{
                question: `Remove the webhook to ${e.url}?`,
                consequence: "Nothing more is sent there, and its delivery log goes with it. This cannot be undone.",
                confirmLabel: "Remove the webhook",
              }}
            />
          </div>
          <h4 className="mt-4 font-medium text-sm">Delivery log</h4>
          <DeliveryLog deliveries={e.deliveries} fmt={fmt} label={`Last deliveries to ${e.url}`} />
        </article>
      ))}
      {shown?.kind === "webhook-secret" ? (
        <ShownOnce
          label="Signing secret (shown once; copy it now)"
          value={shown.value}
          hint="Verify each delivery with it using any Standard Webhooks library."
        />
      ) : null}
      <Form method="post" {...getFormProps(form)} className="mt-6 space-y-4" preventScrollReset>
        <h3 className="font-medium">Add a webhook</h3>
        <input type="hidden" name="intent" value="add-webhook" />
        <Field
          id={fields.url.id}
          label="URL"
          errors={fields.url.errors}
          hint="https:// only; a Zapier, Make or n8n catch hook works"
        >
          <input
            {...getInputProps(fields.url, { type: "url" })}
            className={inputClass}
            placeholder="https://hooks.example.com/…"
          />
        </Field>
        <Field id={fields.description.id} label="Description (optional)" errors={fields.description.errors}>
          <input {...getInputProps(fields.description, { type: "text" })} className={inputClass} />
        </Field>
        <fieldset aria-describedby={fields.events.errors ? `${fields.events.id}-error` : undefined}>
          <legend className="font-medium text-sm">Events</legend>
          <div className="mt-1 grid gap-1 sm:grid-cols-2">
            {WEBHOOK_EVENTS.map((ev) => (
              <label key={ev} className="flex items-center gap-2 text-sm">
                <input
                  type="checkbox"
                  name={fields.events.name}
                  value={ev}
                  defaultChecked={chosen.has(ev)}
                  key={`${ev}-${form.key}`}
                  className="size-4"
                />
                <span>
                  {WEBHOOK_EVENT_LABEL[ev]} <code className="text-xs">{ev}</code>
                </span>
              </label>
            ))}
          </div>
          {fields.events.errors ? (
            <p id={`${fields.events.id}-error`} className="mt-1 text-red-700 text-sm dark:text-red-300">
              {fields.events.errors[0]}
            </p>
          ) : null}
        </fieldset>
        <button type="submit" className={primary}>
          Add webhook
        </button>
      </Form>
    </section>
  );
}
