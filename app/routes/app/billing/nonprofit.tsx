import { getFormProps, getInputProps, type SubmissionResult, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, useNavigation } from "react-router";
import { REGISTRATION_NUMBER_HINT, RegistrationCountryField } from "~/components/registration-fields";
import { Field, FormError, inputClass } from "~/components/ui/field";
import { appContext } from "~/context";
import { nonprofitSchema } from "~/lib/billing/nonprofit-form";
import { formatPlanDate, NONPROFIT_MONTHS } from "~/lib/billing/plans";
import { pageMeta } from "~/lib/site";
import { shellSettings } from "~/server/account/app-shell.server";
import { getUser } from "~/server/account/user.server";
import { runBillingIntent } from "./+shared/intents.server";
import { type Application, loadApplications, nonprofitPrefill } from "./+shared/load.server";
import { box, muted, primary } from "./+shared/parts";
import type { Route } from "./+types/nonprofit";

export const meta = () => [...pageMeta("Nonprofit offer · Plan and billing"), { name: "robots", content: "noindex" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const app = context.get(appContext);
  const user = getUser(context);
  const [applications, prefill, settings] = await Promise.all([
    loadApplications(app, user.workspace.id),
    nonprofitPrefill(app, user.workspace.id),
    shellSettings(context, request),
  ]);
  return { applications, prefill, timeZone: settings.timeZone };
}

export const action = (args: Route.ActionArgs) => runBillingIntent(args);

export default function NonprofitPage({ loaderData, actionData }: Route.ComponentProps) {
  const reply = actionData && "nonprofit" in actionData ? actionData.nonprofit : undefined;
  return (
    <Nonprofit
      applications={loaderData.applications}
      prefill={loaderData.prefill}
      reply={reply}
      timeZone={loaderData.timeZone}
    />
  );
}

const STATUS_TEXT = { pending: "Waiting for a decision", approved: "Approved", declined: "Declined" } as const;

export function Nonprofit({
  applications,
  prefill,
  reply,
  timeZone,
}: {
  applications: Application[];
  /** The organisation profile's name, country and number, so nobody types them twice. */
  prefill: Awaited<ReturnType<typeof nonprofitPrefill>>;
  reply: SubmissionResult<string[]> | undefined;
  timeZone: string;
}) {
  const navigation = useNavigation();
  const [form, fields] = useForm({
    id: "nonprofit-form",
    defaultValue: prefill,
    lastResult: navigation.state === "idle" ? reply : undefined,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: nonprofitSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  const pending = applications.find((a) => a.status === "pending");
  const approved = applications.find((a) => a.status === "approved");
  return (
    <section id="nonprofit" aria-labelledby="nonprofit-title" className={`mt-6 scroll-mt-24 ${box}`}>
      <h2 id="nonprofit-title" className="font-semibold text-lg">
        Nonprofit offer
      </h2>
      <p className={`mt-1 ${muted}`}>
        {`Nonprofit early adopters get ${NONPROFIT_MONTHS} months of Card Pro free. Tell us who you work for; an operator checks the registration and replies by email.`}
      </p>
      {applications.length ? (
        <ul className="mt-3 space-y-2 text-sm" aria-label="Your applications">
          {applications.map((a) => (
            <li key={a.id} className="rounded-md bg-slate-50 p-3 dark:bg-slate-900" data-testid="nonprofit-application">
              <span className="font-medium">{a.organisation}</span> ({a.countryName}, {a.registrationNumber}):{" "}
              <span className="font-semibold">{STATUS_TEXT[a.status]}</span>
              <span className="block text-slate-600 dark:text-slate-400">
                {`Sent ${formatPlanDate(a.createdAt, timeZone)}${a.decidedAt ? `, decided ${formatPlanDate(a.decidedAt, timeZone)}` : ""}`}
              </span>
            </li>
          ))}
        </ul>
      ) : null}
      {pending || approved ? null : (
        <Form method="post" className="mt-4 space-y-4" {...getFormProps(form)}>
          <input type="hidden" name="intent" value="apply-nonprofit" />
          <FormError id={form.errorId} errors={form.errors} />
          <Field id={fields.organisation.id} label="Organisation name" errors={fields.organisation.errors}>
            <input
              {...getInputProps(fields.organisation, { type: "text" })}
              autoComplete="organization"
              maxLength={160}
              className={inputClass}
            />
          </Field>
          <RegistrationCountryField field={fields.country} />
          <Field
            id={fields.registrationNumber.id}
            label="Registration number"
            hint={REGISTRATION_NUMBER_HINT}
            errors={fields.registrationNumber.errors}
          >
            <input
              {...getInputProps(fields.registrationNumber, { type: "text" })}
              maxLength={60}
              className={inputClass}
            />
          </Field>
          <Field id={fields.website.id} label="Website (optional)" errors={fields.website.errors}>
            <input
              {...getInputProps(fields.website, { type: "text" })}
              inputMode="url"
              maxLength={300}
              className={inputClass}
            />
          </Field>
          <button type="submit" className={primary}>
            Apply for the nonprofit offer
          </button>
        </Form>
      )}
    </section>
  );
}
