import { getFormProps, getInputProps, getSelectProps, type SubmissionResult, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, Link, useNavigation } from "react-router";
import { FeatureLocked } from "~/components/plan-gate";
import { TimesIn } from "~/components/times-in";
import { Field, inputClass } from "~/components/ui/field";
import { appContext } from "~/context";
import { addressBookUrl, appPasswordFormSchema } from "~/lib/carddav";
import {
  DEFAULT_HUBSPOT_MAPPING,
  HUBSPOT_FIELDS,
  hubspotFormSchema,
  hubspotSettingsSchema,
  krystalFormSchema,
  SCHEDULE_LABEL,
  SCHEDULES,
  tokenFormSchema,
  WEBHOOK_EVENT_LABEL,
  WEBHOOK_EVENTS,
  webhookFormSchema,
} from "~/lib/integrations";
import { can } from "~/lib/plans";
import { pageMeta } from "~/lib/site";
import { dateTimeFormat } from "~/lib/time";
import { requireUser } from "~/server/account/auth.server";
import { getSettings } from "~/server/account/settings.server";
import { getEntitlements, requireFeature } from "~/server/billing/plans.server";
import { createAppPassword, listAppPasswords, revokeAppPassword } from "~/server/dav/app-passwords.server";
import { createApiToken, listApiTokens, revokeApiToken } from "~/server/integrations/api-tokens.server";
import {
  connectHubspot,
  disconnectHubspot,
  getHubspot,
  hubspotBase,
  listSyncRuns,
  runHubspotSync,
  saveHubspotSettings,
} from "~/server/integrations/hubspot.server";
import { connectKrystal, disconnectKrystal, getKrystal, runKrystalSync } from "~/server/integrations/krystal.server";
import {
  addEndpoint,
  getEndpoint,
  isProduction,
  listDeliveries,
  listEndpoints,
  pauseEndpoint,
  removeEndpoint,
  resumeEndpoint,
  sendTest,
} from "~/server/integrations/webhooks.server";
import { notFound } from "~/server/platform/http.server";
import { redirectWithToast, setToastHeader } from "~/server/platform/toast.server";
import type { Route } from "./+types/integrations";

export const meta = () => [...pageMeta("Integrations"), { name: "robots", content: "noindex" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const app = context.get(appContext);
  const user = await requireUser(app, request);
  const [endpoints, hubspot, krystal, tokens, hubspotRuns, krystalRuns, settings, appPasswords, plan] =
    await Promise.all([
      listEndpoints(app.db, user.id),
      getHubspot(app.db, user.id),
      getKrystal(app.db, user.id),
      listApiTokens(app.db, user.id),
      listSyncRuns(app.db, user.id, "hubspot"),
      listSyncRuns(app.db, user.id, "krystal"),
      getSettings(app.db, user.id),
      listAppPasswords(app.db, user.id),
      getEntitlements(app.db, user.id),
    ]);
  const deliveries = await Promise.all(endpoints.map((e) => listDeliveries(app.db, user.id, e.id, 10)));
  const krystalDeliveries = krystal ? await listDeliveries(app.db, user.id, krystal.id, 10) : [];
  return {
    // On Basic everything set up earlier stays listed (and removable); nothing new is sent or added.
    locked: !can(plan, "crmSync"),
    trialAvailable: plan.trialAvailable,
    timeZone: settings.timeZone,
    production: isProduction(app.env),
    endpoints: endpoints.map((e, i) => ({ ...e, deliveries: deliveries[i] ?? [] })),
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
    krystal: krystal
      ? {
          id: krystal.id,
          url: krystal.url,
          schedule: krystal.schedule,
          status: krystal.status,
          pausedReason: krystal.pausedReason,
          lastSyncAt: krystal.lastSyncAt,
          deliveries: krystalDeliveries,
        }
      : null,
    hubspotRuns: hubspotRuns.map((r) => ({
      ...r,
      items: r.items.slice(0, 100),
      more: Math.max(0, r.items.length - 100),
    })),
    krystalRuns: krystalRuns.map((r) => ({ ...r, items: [] as typeof r.items, more: 0 })),
    tokens,
    origin: new URL(request.url).origin,
    appPasswords: appPasswords.filter((p) => !p.revokedAt),
    dav: { email: user.email, url: addressBookUrl(new URL(request.url).origin, user.id) },
  };
}

type Shown =
  | { kind: "webhook-secret" | "krystal-secret" | "token" | "app-password"; value: string }
  | { kind: "test"; endpointId: number; ok: boolean; message: string };

const toast = async (title: string, type: "success" | "info" | "error" = "success", description?: string) => ({
  "Set-Cookie": await setToastHeader({ type, title, description }),
});

// The address book (CardDAV app passwords) is not a Card Pro feature; it works on every plan.
const REMOVALS = new Set([
  "pause-webhook",
  "delete-webhook",
  "hubspot-disconnect",
  "krystal-disconnect",
  "revoke-token",
  "create-app-password",
  "revoke-app-password",
]);

export async function action({ request, context }: Route.ActionArgs) {
  const app = context.get(appContext);
  const user = await requireUser(app, request);
  const type = (request.headers.get("content-type") ?? "").split(";")[0]?.trim();
  if (type !== "application/x-www-form-urlencoded" && type !== "multipart/form-data")
    throw new Response("Unsupported Media Type", { status: 415, statusText: "Unsupported Media Type" });
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  const id = Number(form.get("id"));
  const back = "/settings/integrations";
  const done = (title: string, type: "success" | "info" | "error" = "success", description?: string) =>
    redirectWithToast(back, { type, title, description });
  // Removing what was set up is always allowed (so is the address book); adding, sending and syncing are Card Pro.
  if (!REMOVALS.has(intent)) await requireFeature(app.db, user.id, "crmSync");

  switch (intent) {
    case "add-webhook": {
      const submission = parseWithZod(form, { schema: webhookFormSchema });
      if (submission.status !== "success") return data({ form: intent, reply: submission.reply() }, { status: 400 });
      const added = await addEndpoint(app, user.id, submission.value);
      if ("error" in added)
        return data(
          { form: intent, reply: submission.reply({ fieldErrors: { url: [added.error] } }) },
          { status: 400 },
        );
      return data(
        {
          form: intent,
          reply: submission.reply({ resetForm: true }),
          shown: { kind: "webhook-secret", value: added.secret } as Shown,
        },
        { headers: await toast("Webhook added") },
      );
    }
    case "test-webhook": {
      const result = Number.isSafeInteger(id) ? await sendTest(app, user.id, id) : null;
      if (!result) notFound();
      const message = result.ok
        ? `Test delivered: the endpoint answered ${result.responseStatus}.`
        : `Test not delivered: ${result.error ?? "no answer"}. It will be retried.`;
      return data({ shown: { kind: "test", endpointId: id, ok: result.ok, message } as Shown });
    }
    case "pause-webhook":
    case "resume-webhook":
    case "delete-webhook": {
      const endpoint = Number.isSafeInteger(id) ? await getEndpoint(app.db, user.id, id) : undefined;
      if (!endpoint) notFound();
      if (intent === "pause-webhook") await pauseEndpoint(app.db, user.id, id);
      else if (intent === "delete-webhook") await removeEndpoint(app.db, user.id, id);
      else {
        const sent = (await resumeEndpoint(app, user.id, id)) ?? 0;
        return done("Resumed", "success", sent ? `${sent} held deliveries are on their way.` : undefined);
      }
      return done(intent === "pause-webhook" ? "Paused" : "Webhook removed");
    }
    case "hubspot-connect": {
      const submission = parseWithZod(form, { schema: hubspotFormSchema });
      if (submission.status !== "success") return data({ form: intent, reply: submission.reply() }, { status: 400 });
      const baseUrl = hubspotBase(app, submission.value.baseUrl);
      if (typeof baseUrl !== "string")
        return data(
          { form: intent, reply: submission.reply({ fieldErrors: { baseUrl: [baseUrl.error] } }) },
          { status: 400 },
        );
      const mapping = Object.fromEntries(Object.entries(submission.value.mapping).map(([k, v]) => [k, v ?? ""]));
      const connected = await connectHubspot(app, user.id, { ...submission.value, baseUrl, mapping });
      if ("error" in connected)
        return data(
          {
            form: intent,
            reply: submission.reply({ fieldErrors: { token: [connected.error] }, hideFields: ["token"] }),
          },
          { status: 400 },
        );
      return done("HubSpot connected");
    }
    case "hubspot-settings": {
      const submission = parseWithZod(form, { schema: hubspotSettingsSchema });
      if (submission.status !== "success") return data({ form: intent, reply: submission.reply() }, { status: 400 });
      const mapping = Object.fromEntries(Object.entries(submission.value.mapping).map(([k, v]) => [k, v ?? ""]));
      if (!(await saveHubspotSettings(app.db, user.id, { schedule: submission.value.schedule, mapping }))) notFound();
      return done("HubSpot settings saved");
    }
    case "hubspot-run": {
      const run = await runHubspotSync(app, user.id, "manual");
      if (!run) notFound();
      return done(
        run.status === "failed" ? "HubSpot sync stopped" : "HubSpot sync finished",
        run.status === "failed" ? "error" : "success",
        run.message,
      );
    }
    case "hubspot-disconnect":
      await disconnectHubspot(app.db, user.id);
      return done("HubSpot disconnected");
    case "krystal-connect": {
      const submission = parseWithZod(form, { schema: krystalFormSchema });
      if (submission.status !== "success") return data({ form: intent, reply: submission.reply() }, { status: 400 });
      const saved = await connectKrystal(app, user.id, submission.value);
      if ("error" in saved)
        return data(
          { form: intent, reply: submission.reply({ fieldErrors: { url: [saved.error] } }) },
          { status: 400 },
        );
      if (saved.secret)
        return data(
          {
            form: intent,
            reply: submission.reply({ resetForm: true }),
            shown: { kind: "krystal-secret", value: saved.secret } as Shown,
          },
          { headers: await toast("Krystal AI connected") },
        );
      return done("Krystal AI settings saved");
    }
    case "krystal-run": {
      const run = await runKrystalSync(app, user.id, "manual");
      if (!run) notFound();
      return done("Krystal AI sync queued", "success", run.message);
    }
    case "krystal-disconnect":
      await disconnectKrystal(app.db, user.id);
      return done("Krystal AI disconnected");
    case "create-token": {
      const submission = parseWithZod(form, { schema: tokenFormSchema });
      if (submission.status !== "success") return data({ form: intent, reply: submission.reply() }, { status: 400 });
      const token = await createApiToken(app.db, user.id, submission.value.name, submission.value.scope);
      return data(
        { form: intent, reply: submission.reply({ resetForm: true }), shown: { kind: "token", value: token } as Shown },
        { headers: await toast("API token created") },
      );
    }
    case "revoke-token": {
      if (!Number.isSafeInteger(id) || !(await revokeApiToken(app.db, user.id, id))) notFound();
      return done("Token revoked");
    }
    case "create-app-password": {
      const submission = parseWithZod(form, { schema: appPasswordFormSchema });
      if (submission.status !== "success") return data({ form: intent, reply: submission.reply() }, { status: 400 });
      const password = await createAppPassword(app.db, user.id, submission.value.name);
      if (!password)
        return data(
          {
            form: intent,
            reply: submission.reply({ fieldErrors: { name: ["Revoke an app password before making another"] } }),
          },
          { status: 400 },
        );
      return data(
        {
          form: intent,
          reply: submission.reply({ resetForm: true }),
          shown: { kind: "app-password", value: password } as Shown,
        },
        { headers: await toast("App password created") },
      );
    }
    case "revoke-app-password": {
      if (!Number.isSafeInteger(id) || !(await revokeAppPassword(app.db, user.id, id))) notFound();
      return done("App password revoked");
    }
    default:
      throw new Response("Bad Request", { status: 400, statusText: "Bad Request" });
  }
}

const box = "mt-8 rounded-xl border border-slate-200 p-5 dark:border-slate-800";
const primary = "rounded-md bg-brand-600 px-4 py-2.5 font-semibold text-white hover:bg-brand-700";
const secondary = "rounded-md border border-slate-300 px-3 py-2 font-medium text-sm dark:border-slate-700";
const muted = "text-slate-700 text-sm dark:text-slate-300";
const statusBadge = (status: string) =>
  status === "succeeded" || status === "active"
    ? "bg-green-100 text-green-900 dark:bg-green-950 dark:text-green-100"
    : status === "pending"
      ? "bg-slate-100 text-slate-900 dark:bg-slate-800 dark:text-slate-100"
      : "bg-amber-100 text-amber-950 dark:bg-amber-950 dark:text-amber-100";

function Badge({ status, label }: { status: string; label?: string }) {
  return <span className={`rounded px-2 py-0.5 font-medium text-xs ${statusBadge(status)}`}>{label ?? status}</span>;
}

function ShownOnce({ label, value, hint }: { label: string; value: string; hint: string }) {
  return (
    <div
      className="mt-3 rounded-md border border-amber-300 bg-amber-50 p-3 dark:border-amber-700 dark:bg-amber-950"
      role="status"
    >
      <label htmlFor="shown-once" className="block font-medium text-sm">
        {label}
      </label>
      <input id="shown-once" readOnly value={value} className={`${inputClass} mt-1 font-mono text-xs`} />
      <p className="mt-1 text-xs">{hint}</p>
    </div>
  );
}

type LoaderData = Route.ComponentProps["loaderData"];
type ActionData = Route.ComponentProps["actionData"];

function replyFor(actionData: ActionData, form: string, idle: boolean): SubmissionResult<string[]> | undefined {
  if (!idle || !actionData || !("form" in actionData) || actionData.form !== form) return undefined;
  return actionData.reply as SubmissionResult<string[]>;
}

/** Why a delivery target stopped, said where the owner looks for it. */
function PausedNotice({ reason }: { reason: string | null | undefined }) {
  if (!reason) return null;
  return (
    <p
      className="mt-2 rounded-md bg-amber-50 p-2 text-amber-950 text-sm dark:bg-amber-950 dark:text-amber-100"
      role="status"
    >
      {reason}
    </p>
  );
}

export default function IntegrationsPage({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const idle = navigation.state === "idle";
  const shown = actionData && "shown" in actionData ? (actionData.shown as Shown) : undefined;
  const when = dateTimeFormat(loaderData.timeZone, { dateStyle: "medium", timeStyle: "short" }, "en-GB");
  const fmt = (d: Date | string | null) => (d ? when.format(new Date(d)) : "never");
  return (
    <section className="mx-auto max-w-3xl px-4 py-10 sm:px-6">
      <Link to="/settings" className="text-brand-700 text-sm underline dark:text-brand-200">
        ← Settings
      </Link>
      <h1 className="mt-2 font-bold text-3xl tracking-tight">Integrations</h1>
      <TimesIn timeZone={loaderData.timeZone} className="mt-1" />
      {loaderData.locked ? (
        <div className="mt-4">
          <FeatureLocked
            feature="crmSync"
            trialAvailable={loaderData.trialAvailable}
            redirectTo="/settings/integrations"
          >
            <p className="mt-2 text-sm">
              Anything you set up earlier is kept below and sends nothing until you upgrade; you can still pause or
              remove it.
            </p>
          </FeatureLocked>
        </div>
      ) : null}
      <p className={`mt-2 ${muted}`}>
        Send your network to the tools you already use: signed webhooks (Zapier, Make, n8n), HubSpot, Krystal AI, and
        your own scripts through the personal API.
      </p>
      <nav aria-label="On this page" className="mt-4 flex flex-wrap gap-3 text-sm">
        {[
          ["#webhooks", "Webhooks"],
          ["#hubspot", "HubSpot"],
          ["#krystal", "Krystal AI"],
          ["#api", "Personal API"],
          ["#carddav", "Address book"],
        ].map(([href, label]) => (
          <a key={href} href={href} className="text-brand-700 underline dark:text-brand-200">
            {label}
          </a>
        ))}
      </nav>
      <Webhooks loaderData={loaderData} reply={replyFor(actionData, "add-webhook", idle)} shown={shown} fmt={fmt} />
      <Hubspot
        loaderData={loaderData}
        connectReply={replyFor(actionData, "hubspot-connect", idle)}
        settingsReply={replyFor(actionData, "hubspot-settings", idle)}
        fmt={fmt}
      />
      <Krystal loaderData={loaderData} reply={replyFor(actionData, "krystal-connect", idle)} shown={shown} fmt={fmt} />
      <ApiTokens loaderData={loaderData} reply={replyFor(actionData, "create-token", idle)} shown={shown} fmt={fmt} />
      <AddressBook
        loaderData={loaderData}
        reply={replyFor(actionData, "create-app-password", idle)}
        shown={shown}
        fmt={fmt}
      />
    </section>
  );
}

type Fmt = (d: Date | string | null) => string;

/** A short stable tag for a value (FNV-1a), used in form ids. */
function version(text: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193);
  return (hash >>> 0).toString(36);
}

function IdForm({
  intent,
  id,
  label,
  className = secondary,
}: {
  intent: string;
  id?: number;
  label: string;
  className?: string;
}) {
  return (
    <Form method="post" preventScrollReset>
      <input type="hidden" name="intent" value={intent} />
      {id !== undefined ? <input type="hidden" name="id" value={id} /> : null}
      <button type="submit" className={className}>
        {label}
      </button>
    </Form>
  );
}

function DeliveryLog({
  deliveries,
  fmt,
  label,
}: {
  deliveries: LoaderData["endpoints"][number]["deliveries"];
  fmt: Fmt;
  label: string;
}) {
  if (!deliveries.length) return <p className={`mt-3 ${muted}`}>No deliveries yet.</p>;
  return (
    // Focusable so keyboard users can scroll the table sideways on a phone.
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard
    <section className="mt-3 overflow-x-auto" tabIndex={0} aria-label={label}>
      <table className="w-full text-left text-sm">
        <caption className="sr-only">{label}</caption>
        <thead>
          <tr className="border-slate-200 border-b dark:border-slate-800">
            <th scope="col" className="py-1 pr-3 font-medium">
              When
            </th>
            <th scope="col" className="py-1 pr-3 font-medium">
              Event
            </th>
            <th scope="col" className="py-1 pr-3 font-medium">
              Result
            </th>
            <th scope="col" className="py-1 pr-3 font-medium">
              Response
            </th>
            <th scope="col" className="py-1 font-medium">
              Tries
            </th>
          </tr>
        </thead>
        <tbody>
          {deliveries.map((d) => (
            <tr key={d.id} className="border-slate-100 border-b align-top dark:border-slate-900">
              <td className="py-1 pr-3 whitespace-nowrap">{fmt(d.createdAt)}</td>
              <td className="py-1 pr-3 font-mono text-xs">{d.eventType}</td>
              <td className="py-1 pr-3">
                <Badge status={d.status} />
              </td>
              <td className="py-1 pr-3">{d.responseStatus ?? d.error ?? "–"}</td>
              <td className="py-1">{d.attempts}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

function Webhooks({
  loaderData,
  reply,
  shown,
  fmt,
}: {
  loaderData: LoaderData;
  reply: SubmissionResult<string[]> | undefined;
  shown: Shown | undefined;
  fmt: Fmt;
}) {
  const [form, fields] = useForm({
    id: "add-webhook",
    lastResult: reply,
    defaultValue: { events: ["person.created", "shareback.received"] },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: webhookFormSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
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
      {loaderData.endpoints.map((e) => (
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
          {shown?.kind === "test" && shown.endpointId === e.id ? (
            <p
              role="status"
              className={`mt-2 text-sm ${shown.ok ? "text-green-800 dark:text-green-300" : "text-red-700 dark:text-red-300"}`}
            >
              {shown.message}
            </p>
          ) : null}
          <div className="mt-3 flex flex-wrap gap-2">
            <IdForm intent="test-webhook" id={e.id} label="Send test" />
            {e.status === "paused" ? (
              <IdForm intent="resume-webhook" id={e.id} label="Resume" />
            ) : (
              <IdForm intent="pause-webhook" id={e.id} label="Pause" />
            )}
            <IdForm intent="delete-webhook" id={e.id} label="Remove" />
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

function MappingFields({
  fields,
}: {
  fields: Record<string, { id: string; name: string; errors?: string[]; initialValue?: unknown }>;
}) {
  return (
    <fieldset>
      <legend className="font-medium text-sm">Field mapping (HubSpot property names; empty sends nothing)</legend>
      <p className="mt-1 text-slate-600 text-xs dark:text-slate-400">
        Email is the match key and is always sent as email.
      </p>
      <div className="mt-2 grid gap-3 sm:grid-cols-2">
        {HUBSPOT_FIELDS.map((f) => {
          const field = fields[f.key];
          if (!field) return null;
          return (
            <Field key={f.key} id={field.id} label={f.label} errors={field.errors}>
              <input
                id={field.id}
                name={field.name}
                defaultValue={typeof field.initialValue === "string" ? field.initialValue : ""}
                aria-invalid={field.errors?.length ? true : undefined}
                aria-describedby={field.errors?.length ? `${field.id}-error` : undefined}
                className={`${inputClass} font-mono text-sm`}
                spellCheck={false}
                autoCapitalize="off"
              />
            </Field>
          );
        })}
      </div>
    </fieldset>
  );
}

function SyncRuns({ runs, fmt, label }: { runs: LoaderData["hubspotRuns"]; fmt: Fmt; label: string }) {
  if (!runs.length) return <p className={`mt-2 ${muted}`}>No syncs yet.</p>;
  return (
    <ol className="mt-2 space-y-2" aria-label={label}>
      {runs.map((r) => (
        <li key={r.id} className="rounded-md border border-slate-200 p-3 text-sm dark:border-slate-800">
          <div className="flex flex-wrap items-center gap-2">
            <span>{fmt(r.createdAt)}</span>
            <Badge status={r.status} />
            <span className={muted}>{r.trigger === "manual" ? "by you" : "on schedule"}</span>
          </div>
          <p className="mt-1">{r.message}</p>
          {r.items.length ? (
            <details className="mt-1">
              <summary className="cursor-pointer text-brand-700 dark:text-brand-200">Details</summary>
              <ul className="mt-1 space-y-0.5">
                {r.items.map((i) => (
                  <li key={`${r.id}-${i.personId}`}>
                    {i.name}
                    {i.email ? ` <${i.email}>` : ""}: <strong>{i.outcome}</strong>
                    {i.reason ? ` (${i.reason})` : ""}
                  </li>
                ))}
                {r.more ? <li>…and {r.more} more</li> : null}
              </ul>
            </details>
          ) : null}
        </li>
      ))}
    </ol>
  );
}

function ScheduleSelect({
  field,
}: {
  field: Parameters<typeof getSelectProps>[0] & { errors?: string[]; id: string };
}) {
  return (
    <Field id={field.id} label="Sync" errors={field.errors}>
      <select {...getSelectProps(field)} className={inputClass}>
        {SCHEDULES.map((s) => (
          <option key={s} value={s}>
            {SCHEDULE_LABEL[s]}
          </option>
        ))}
      </select>
    </Field>
  );
}

function Hubspot({
  loaderData,
  connectReply,
  settingsReply,
  fmt,
}: {
  loaderData: LoaderData;
  connectReply: SubmissionResult<string[]> | undefined;
  settingsReply: SubmissionResult<string[]> | undefined;
  fmt: Fmt;
}) {
  const { hubspot } = loaderData;
  const [connectForm, connect] = useForm({
    id: `hubspot-connect-${version(JSON.stringify([hubspot?.schedule, hubspot?.mapping]))}`,
    lastResult: connectReply,
    defaultValue: {
      schedule: hubspot?.schedule ?? "daily",
      mapping: hubspot?.mapping ?? DEFAULT_HUBSPOT_MAPPING,
      baseUrl: "",
    },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: hubspotFormSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  const [settingsForm, settings] = useForm({
    // A new id when the stored values change, so the form shows what was saved, not its first defaults.
    id: `hubspot-settings-${version(JSON.stringify([hubspot?.schedule, hubspot?.mapping]))}`,
    lastResult: settingsReply,
    defaultValue: { schedule: hubspot?.schedule ?? "daily", mapping: hubspot?.mapping ?? DEFAULT_HUBSPOT_MAPPING },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: hubspotSettingsSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  const connectFields = (
    <>
      <input type="hidden" name="intent" value="hubspot-connect" />
      <Field
        id={connect.token.id}
        label="Private app access token"
        errors={connect.token.errors}
        hint="In HubSpot: Settings → Integrations → Private apps, with the crm.objects.contacts read and write scopes"
      >
        <input {...getInputProps(connect.token, { type: "password" })} autoComplete="off" className={inputClass} />
      </Field>
      <ScheduleSelect field={connect.schedule} />
      {!loaderData.production ? (
        <Field
          id={connect.baseUrl.id}
          label="API base URL (development only)"
          errors={connect.baseUrl.errors}
          hint="Empty: HubSpot itself"
        >
          <input {...getInputProps(connect.baseUrl, { type: "text" })} className={inputClass} />
        </Field>
      ) : null}
      <MappingFields fields={connect.mapping.getFieldset()} />
    </>
  );
  return (
    <section id="hubspot" className={box} aria-labelledby="hubspot-title">
      <h2 id="hubspot-title" className="font-semibold text-xl">
        HubSpot
      </h2>
      <p className={`mt-1 ${muted}`}>
        Your people become HubSpot contacts, matched by email: new ones are created, existing ones updated. Only people
        changed since the last sync are sent. Empty fields never clear what is in HubSpot.
      </p>
      {hubspot ? (
        <>
          <p className="mt-3 flex flex-wrap items-center gap-2 text-sm">
            <Badge status={hubspot.status} label={hubspot.status === "active" ? "Connected" : "Paused"} />
            <span>
              {SCHEDULE_LABEL[hubspot.schedule]} · last sync {fmt(hubspot.lastRunAt)}
            </span>
          </p>
          <PausedNotice reason={hubspot.pausedReason} />
          <div className="mt-3 flex flex-wrap gap-2">
            <IdForm intent="hubspot-run" label="Sync now" className={primary} />
            <IdForm intent="hubspot-disconnect" label="Disconnect" />
          </div>
          <h3 className="mt-5 font-medium">Sync log</h3>
          <SyncRuns runs={loaderData.hubspotRuns} fmt={fmt} label="HubSpot sync log" />
          <Form method="post" {...getFormProps(settingsForm)} className="mt-5 space-y-4" preventScrollReset>
            <h3 className="font-medium">Schedule and mapping</h3>
            <input type="hidden" name="intent" value="hubspot-settings" />
            <ScheduleSelect field={settings.schedule} />
            <MappingFields fields={settings.mapping.getFieldset()} />
            <button type="submit" className={secondary}>
              Save HubSpot settings
            </button>
          </Form>
          <details className="mt-5" open={Boolean(connectReply)}>
            <summary className="cursor-pointer font-medium">Replace the token</summary>
            <Form method="post" {...getFormProps(connectForm)} className="mt-3 space-y-4" preventScrollReset>
              {connectFields}
              <button type="submit" className={secondary}>
                Connect again
              </button>
            </Form>
          </details>
        </>
      ) : (
        <Form method="post" {...getFormProps(connectForm)} className="mt-4 space-y-4" preventScrollReset>
          {connectFields}
          <button type="submit" className={primary}>
            Connect HubSpot
          </button>
        </Form>
      )}
    </section>
  );
}

function Krystal({
  loaderData,
  reply,
  shown,
  fmt,
}: {
  loaderData: LoaderData;
  reply: SubmissionResult<string[]> | undefined;
  shown: Shown | undefined;
  fmt: Fmt;
}) {
  const { krystal } = loaderData;
  const [form, fields] = useForm({
    id: `krystal-connect-${version(JSON.stringify([krystal?.url, krystal?.schedule]))}`,
    lastResult: reply,
    defaultValue: { url: krystal?.url ?? "", schedule: krystal?.schedule ?? "daily" },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: krystalFormSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  return (
    <section id="krystal" className={box} aria-labelledby="krystal-title">
      <h2 id="krystal-title" className="font-semibold text-xl">
        Krystal AI
      </h2>
      <p className={`mt-1 ${muted}`}>
        On your schedule, people changed since the last sync go to your Krystal AI endpoint as signed{" "}
        <code>people.sync</code> events, 100 people per delivery, with your key as a bearer token.{" "}
        <Link to="/docs/krystal-integration" className="text-brand-700 underline dark:text-brand-200">
          How it works
        </Link>
      </p>
      {krystal ? (
        <>
          <p className="mt-3 flex flex-wrap items-center gap-2 text-sm">
            <Badge status={krystal.status} label={krystal.status === "active" ? "Connected" : "Paused"} />
            <span className="break-all font-mono text-xs">{krystal.url}</span>
            <span>
              {SCHEDULE_LABEL[krystal.schedule]} · last sync {fmt(krystal.lastSyncAt)}
            </span>
          </p>
          <PausedNotice reason={krystal.pausedReason} />
          <div className="mt-3 flex flex-wrap gap-2">
            <IdForm intent="krystal-run" label="Sync now" className={primary} />
            <IdForm intent="test-webhook" id={krystal.id} label="Send test" />
            {krystal.status === "paused" ? <IdForm intent="resume-webhook" id={krystal.id} label="Resume" /> : null}
            <IdForm intent="krystal-disconnect" label="Disconnect" />
          </div>
          {shown?.kind === "test" && shown.endpointId === krystal.id ? (
            <p
              role="status"
              className={`mt-2 text-sm ${shown.ok ? "text-green-800 dark:text-green-300" : "text-red-700 dark:text-red-300"}`}
            >
              {shown.message}
            </p>
          ) : null}
          <h3 className="mt-5 font-medium">Sync log</h3>
          <SyncRuns runs={loaderData.krystalRuns} fmt={fmt} label="Krystal AI sync log" />
          <h3 className="mt-5 font-medium">Delivery log</h3>
          <DeliveryLog deliveries={krystal.deliveries} fmt={fmt} label="Last deliveries to Krystal AI" />
        </>
      ) : null}
      {shown?.kind === "krystal-secret" ? (
        <ShownOnce
          label="Signing secret for Krystal AI (shown once; copy it now)"
          value={shown.value}
          hint="Paste it into Krystal AI so it can verify that deliveries come from us."
        />
      ) : null}
      <Form method="post" {...getFormProps(form)} className="mt-5 space-y-4" preventScrollReset>
        <h3 className="font-medium">{krystal ? "Change the connection" : "Connect Krystal AI"}</h3>
        <input type="hidden" name="intent" value="krystal-connect" />
        <Field id={fields.url.id} label="Krystal AI endpoint URL" errors={fields.url.errors} hint="https:// only">
          <input {...getInputProps(fields.url, { type: "url" })} className={inputClass} />
        </Field>
        <Field id={fields.apiKey.id} label="Krystal AI key" errors={fields.apiKey.errors}>
          <input {...getInputProps(fields.apiKey, { type: "password" })} autoComplete="off" className={inputClass} />
        </Field>
        <ScheduleSelect field={fields.schedule} />
        <button type="submit" className={krystal ? secondary : primary}>
          {krystal ? "Save Krystal AI" : "Connect Krystal AI"}
        </button>
      </Form>
    </section>
  );
}

function ApiTokens({
  loaderData,
  reply,
  shown,
  fmt,
}: {
  loaderData: LoaderData;
  reply: SubmissionResult<string[]> | undefined;
  shown: Shown | undefined;
  fmt: Fmt;
}) {
  const [form, fields] = useForm({
    id: "create-token",
    lastResult: reply,
    defaultValue: { scope: "read" },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: tokenFormSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  const live = loaderData.tokens.filter((t) => !t.revokedAt);
  return (
    <section id="api" className={box} aria-labelledby="api-title">
      <h2 id="api-title" className="font-semibold text-xl">
        Personal API
      </h2>
      <p className={`mt-1 ${muted}`}>
        Read your people and events and manage webhooks from your own scripts at <code>/api/v1</code>. People are
        read-only for now.{" "}
        <a href="/api/v1/reference" className="text-brand-700 underline dark:text-brand-200">
          API reference
        </a>{" "}
        ·{" "}
        <a href="/api/v1/openapi.json" className="text-brand-700 underline dark:text-brand-200">
          OpenAPI document
        </a>
      </p>
      {live.length ? (
        <ul className="mt-4 space-y-2" aria-label="Your API tokens">
          {live.map((t) => (
            <li
              key={t.id}
              className="flex flex-wrap items-center gap-2 rounded-md border border-slate-200 p-3 text-sm dark:border-slate-800"
            >
              <span className="font-medium">{t.name}</span>
              <code className="text-xs">{t.prefix}…</code>
              <Badge status="pending" label={t.scope === "write" ? "read and write" : "read only"} />
              <span className={muted}>last used {fmt(t.lastUsedAt)}</span>
              <span className="ms-auto">
                <IdForm intent="revoke-token" id={t.id} label={`Revoke ${t.name}`} />
              </span>
            </li>
          ))}
        </ul>
      ) : (
        <p className={`mt-3 ${muted}`}>No tokens yet.</p>
      )}
      {shown?.kind === "token" ? (
        <ShownOnce
          label="Your new token (shown once; copy it now)"
          value={shown.value}
          hint="Send it as Authorization: Bearer <token>."
        />
      ) : null}
      <Form
        method="post"
        {...getFormProps(form)}
        className="mt-5 grid gap-4 sm:grid-cols-[1fr_auto_auto] sm:items-end"
        preventScrollReset
      >
        <input type="hidden" name="intent" value="create-token" />
        <Field id={fields.name.id} label="Token name" errors={fields.name.errors}>
          <input {...getInputProps(fields.name, { type: "text" })} className={inputClass} placeholder="My script" />
        </Field>
        <Field id={fields.scope.id} label="Access" errors={fields.scope.errors}>
          <select {...getSelectProps(fields.scope)} className={inputClass}>
            <option value="read">Read only</option>
            <option value="write">Read and write</option>
          </select>
        </Field>
        <button type="submit" className={primary}>
          Create token
        </button>
      </Form>
    </section>
  );
}

function AddressBook({
  loaderData,
  reply,
  shown,
  fmt,
}: {
  loaderData: LoaderData;
  reply: SubmissionResult<string[]> | undefined;
  shown: Shown | undefined;
  fmt: Fmt;
}) {
  const [form, fields] = useForm({
    id: "create-app-password",
    lastResult: reply,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: appPasswordFormSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  return (
    <section id="carddav" className={box} aria-labelledby="carddav-title">
      <h2 id="carddav-title" className="font-semibold text-xl">
        Address book (CardDAV)
      </h2>
      <p className={`mt-1 ${muted}`}>
        Your people in the Contacts app of your phone or computer, both ways: a contact you edit there changes here, and
        the other way round. Add a CardDAV account with your email and an app password made here for each device (never
        your account password).
      </p>
      <dl className="mt-4 grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
        <dt className="font-medium">Server</dt>
        <dd className="break-all font-mono text-xs">{loaderData.origin}</dd>
        <dt className="font-medium">Address book URL</dt>
        <dd className="break-all font-mono text-xs">{loaderData.dav.url}</dd>
        <dt className="font-medium">User name</dt>
        <dd className="break-all font-mono text-xs">{loaderData.dav.email}</dd>
      </dl>
      {loaderData.appPasswords.length ? (
        <ul className="mt-4 space-y-2" aria-label="Your app passwords">
          {loaderData.appPasswords.map((p) => (
            <li
              key={p.id}
              className="flex flex-wrap items-center gap-2 rounded-md border border-slate-200 p-3 text-sm dark:border-slate-800"
            >
              <span className="font-medium">{p.name}</span>
              <span className={muted}>
                made {fmt(p.createdAt)}, last used {fmt(p.lastUsedAt)}
              </span>
              <span className="ms-auto">
                <IdForm intent="revoke-app-password" id={p.id} label={`Revoke ${p.name}`} />
              </span>
            </li>
          ))}
        </ul>
      ) : (
        <p className={`mt-3 ${muted}`}>No app passwords yet.</p>
      )}
      {shown?.kind === "app-password" ? (
        <ShownOnce
          label="Your new app password (shown once; type or paste it into the device now)"
          value={shown.value}
          hint="Use it with your email as the user name. Revoke it here when the device is gone."
        />
      ) : null}
      <Form
        method="post"
        {...getFormProps(form)}
        className="mt-5 grid gap-4 sm:grid-cols-[1fr_auto] sm:items-end"
        preventScrollReset
      >
        <input type="hidden" name="intent" value="create-app-password" />
        <Field id={fields.name.id} label="Device name" errors={fields.name.errors}>
          <input {...getInputProps(fields.name, { type: "text" })} className={inputClass} placeholder="My iPhone" />
        </Field>
        <button type="submit" className={primary}>
          Create app password
        </button>
      </Form>
    </section>
  );
}
