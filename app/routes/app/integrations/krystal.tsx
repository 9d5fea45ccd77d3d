import { getFormProps, getInputProps } from "@conform-to/react";
import { Form, href, Link } from "react-router";
import { Field, inputClass } from "~/components/ui/field";
import { appContext } from "~/context";
import { krystalFormSchema, SCHEDULE_LABEL } from "~/lib/integrations/rules";
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
  ScheduleSelect,
  type SectionProps,
  ShownOnce,
  SyncRuns,
  secondary,
  sectionMeta,
  TestResult,
  useAnswer,
  useSectionForm,
  version,
} from "./+shared/parts";
import type { Route } from "./+types/krystal";
import { krystalEndpoint, krystal as krystalIntents, loadKrystal } from "./krystal.server";

export const meta = sectionMeta("Krystal AI");

export async function loader({ context }: Route.LoaderArgs) {
  return loadKrystal(context.get(appContext), getUser(context).workspace.id);
}

export const action = (args: Route.ActionArgs) => runIntent(args, [krystalIntents, krystalEndpoint]);

export default function KrystalPage({ loaderData, actionData }: Route.ComponentProps) {
  const { shown, replyFor } = useAnswer(actionData);
  return <KrystalSection data={loaderData} reply={replyFor("krystal-connect")} shown={shown} />;
}

export function KrystalSection({ data, reply, shown }: SectionProps<Route.ComponentProps["loaderData"]>) {
  const { fmt } = useIntegrations();
  const { krystal } = data;
  const [form, fields] = useSectionForm(krystalFormSchema, {
    id: `krystal-connect-${version(JSON.stringify([krystal?.url, krystal?.schedule]))}`,
    reply,
    defaultValue: { url: krystal?.url ?? "", schedule: krystal?.schedule ?? "daily" },
  });
  return (
    <section id="krystal" className={box} aria-labelledby="krystal-title">
      <h2 id="krystal-title" className="font-semibold text-xl">
        Krystal AI
      </h2>
      <p className={`mt-1 ${muted}`}>
        On your schedule, people changed since the last sync go to your Krystal AI endpoint as signed{" "}
        <code>people.sync</code> events, 100 people per delivery, with your key as a bearer token.{" "}
        <Link
          to={href("/docs/:docId", { docId: "krystal-integration" })}
          className="text-brand-700 underline dark:text-brand-200"
        >
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
          <TestResult shown={shown} endpointId={krystal.id} />
          <h3 className="mt-5 font-medium">Sync log</h3>
          <SyncRuns runs={data.krystalRuns} fmt={fmt} label="Krystal AI sync log" />
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
