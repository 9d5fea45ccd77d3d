import { getFormProps, getInputProps } from "@conform-to/react";
import { Form } from "react-router";
import { Field, inputClass } from "~/components/ui/field";
import { appContext } from "~/context";
import {
  DEFAULT_HUBSPOT_MAPPING,
  HUBSPOT_FIELDS,
  hubspotFormSchema,
  hubspotSettingsSchema,
  SCHEDULE_LABEL,
} from "~/lib/integrations/rules";
import { getUser } from "~/server/account/user.server";
import { useIntegrations } from "./_layout";
import { runIntent } from "./+shared/intent.server";
import {
  Badge,
  box,
  IdForm,
  muted,
  PausedNotice,
  primary,
  type Reply,
  ScheduleSelect,
  SyncRuns,
  secondary,
  sectionMeta,
  useAnswer,
  useSectionForm,
  version,
} from "./+shared/parts";
import type { Route } from "./+types/hubspot";
import { hubspot as hubspotIntents, loadHubspot } from "./hubspot.server";

export const meta = sectionMeta("HubSpot");

export async function loader({ context }: Route.LoaderArgs) {
  return loadHubspot(context.get(appContext), getUser(context).workspace.id);
}

export const action = (args: Route.ActionArgs) => runIntent(args, [hubspotIntents]);

export default function HubspotPage({ loaderData, actionData }: Route.ComponentProps) {
  const { replyFor } = useAnswer(actionData);
  return (
    <HubspotSection
      data={loaderData}
      connectReply={replyFor("hubspot-connect")}
      settingsReply={replyFor("hubspot-settings")}
    />
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

export function HubspotSection({
  data,
  connectReply,
  settingsReply,
}: {
  data: Route.ComponentProps["loaderData"];
  connectReply: Reply;
  settingsReply: Reply;
}) {
  const { fmt, production } = useIntegrations();
  const { hubspot } = data;
  // A new id when the stored values change, so the forms show what was saved, not their first defaults.
  const saved = version(JSON.stringify([hubspot?.schedule, hubspot?.mapping]));
  const [connectForm, connect] = useSectionForm(hubspotFormSchema, {
    id: `hubspot-connect-${saved}`,
    reply: connectReply,
    defaultValue: {
      schedule: hubspot?.schedule ?? "daily",
      mapping: hubspot?.mapping ?? DEFAULT_HUBSPOT_MAPPING,
      baseUrl: "",
    },
  });
  const [settingsForm, settings] = useSectionForm(hubspotSettingsSchema, {
    id: `hubspot-settings-${saved}`,
    reply: settingsReply,
    defaultValue: { schedule: hubspot?.schedule ?? "daily", mapping: hubspot?.mapping ?? DEFAULT_HUBSPOT_MAPPING },
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
      {!production ? (
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
          <SyncRuns runs={data.hubspotRuns} fmt={fmt} label="HubSpot sync log" />
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
