import { getFormProps, getInputProps, getSelectProps } from "@conform-to/react";
import { Form } from "react-router";
import { Field, inputClass } from "~/components/ui/field";
import { appContext } from "~/context";
import { tokenFormSchema } from "~/lib/integrations/rules";
import { ownersOf } from "~/server/account/app-shell.server";
import { getUser } from "~/server/account/user.server";
import { useIntegrations } from "./_layout";
import { runIntent } from "./+shared/intent.server";
import {
  Badge,
  box,
  IdForm,
  muted,
  primary,
  type SectionProps,
  ShownOnce,
  sectionMeta,
  useAnswer,
  useSectionForm,
} from "./+shared/parts";
import type { Route } from "./+types/api-tokens";
import { apiTokens, loadApiTokens } from "./api-tokens.server";

export const meta = sectionMeta("Personal API");

export async function loader({ context }: Route.LoaderArgs) {
  return loadApiTokens(context.get(appContext), ownersOf(getUser(context)));
}

export const action = (args: Route.ActionArgs) => runIntent(args, [apiTokens]);

export default function ApiTokensPage({ loaderData, actionData }: Route.ComponentProps) {
  const { shown, replyFor } = useAnswer(actionData);
  return <ApiTokensSection data={loaderData} reply={replyFor("create-token")} shown={shown} />;
}

export function ApiTokensSection({
  data,
  reply,
  shown,
}: SectionProps<Pick<Route.ComponentProps["loaderData"], "tokens">>) {
  const { tokens } = data;
  const { fmt } = useIntegrations();
  const [form, fields] = useSectionForm(tokenFormSchema, {
    id: "create-token",
    reply,
    defaultValue: { scope: "read" },
  });
  const live = tokens.filter((t) => !t.revokedAt);
  return (
    <section id="api" className={box} aria-labelledby="api-title">
      <h2 id="api-title" className="font-semibold text-xl">
        Personal API
      </h2>
      <p className={`mt-1 ${muted}`}>
        Add, read and change your people, read your events and manage webhooks from your own scripts at{" "}
        <code>/api/v1</code>. A read-only token changes nothing.{" "}
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
                <IdForm
                  intent="revoke-token"
                  id={t.id}
                  label={`Revoke ${t.name}`}
                  confirm={{
                    question: `Revoke the token ${t.name}?`,
                    consequence: "Scripts that use it are refused from now on. This cannot be undone.",
                    confirmLabel: "Revoke the token",
                  }}
                />
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
