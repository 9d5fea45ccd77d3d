import { getFormProps, getInputProps, getSelectProps, getTextareaProps } from "@conform-to/react";
import { Form, href, Link } from "react-router";
import { REGISTRATION_NUMBER_HINT, RegistrationCountryField } from "~/components/registration-fields";
import { Field, inputClass } from "~/components/ui/field";
import { appContext } from "~/context";
import { MONTH_OPTIONS, type Organisation, organisationForm, receiptText } from "~/lib/fundraising/receipt";
import { pageMeta } from "~/lib/site";
import { getUser } from "~/server/account/user.server";
import { getOrganisation, saveOrganisation } from "~/server/fundraising/organisation.server";
import { purgePublicPages } from "~/server/platform/page-cache.server";
import { ProfilePage, profileFormClass, saveButtonClass, useProfileForm } from "./+shared/profile-form";
import { saveProfileForm } from "./+shared/profile-form.server";
import type { Route } from "./+types/organisation";

export const meta = () => [...pageMeta("Organisation profile"), { name: "robots", content: "noindex" }];

export async function loader({ context }: Route.LoaderArgs) {
  const app = context.get(appContext);
  const user = getUser(context);
  const org = await getOrganisation(app.db, user.workspace.id);
  const sample = receiptText(
    org,
    {
      donorName: "Jordan Lee",
      amount: 2500,
      currency: "USD",
      date: "2026-11-23",
      recurring: true,
      campaign: "Your campaign",
    },
    "Your campaign's organisation",
  );
  return { org, sample };
}

export async function action({ request, context }: Route.ActionArgs) {
  const app = context.get(appContext);
  const user = getUser(context);
  const save = async (value: Organisation) => {
    await saveOrganisation(app.db, user.workspace.id, value);
    // The campaign pages show the contact address and are cached at the edge.
    await purgePublicPages(app.env, ["campaigns"]);
  };
  return saveProfileForm(request, organisationForm, save, {
    to: href("/campaigns/organisation"),
    title: "Organisation profile saved",
  });
}

export default function OrganisationProfile({ loaderData, actionData }: Route.ComponentProps) {
  const { org, sample } = loaderData;
  const [form, fields] = useProfileForm(
    "organisation",
    organisationForm,
    { ...org, fiscalYearStart: String(org.fiscalYearStart) },
    actionData?.reply,
  );
  return (
    <ProfilePage
      title="Organisation profile"
      intro="The charity your campaigns raise for, as every receipt and year-end statement names it."
    >
      <Form method="post" {...getFormProps(form)} className={profileFormClass}>
        <Field id={fields.legalName.id} label="Legal name" errors={fields.legalName.errors}>
          <input
            {...getInputProps(fields.legalName, { type: "text" })}
            autoComplete="organization"
            className={inputClass}
          />
        </Field>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field
            id={fields.taxId.id}
            label="Registration or tax id"
            errors={fields.taxId.errors}
            hint={REGISTRATION_NUMBER_HINT}
          >
            <input {...getInputProps(fields.taxId, { type: "text" })} className={inputClass} />
          </Field>
          <RegistrationCountryField field={fields.country} />
        </div>
        <Field id={fields.address.id} label="Address" errors={fields.address.errors}>
          <textarea {...getTextareaProps(fields.address)} rows={3} className={inputClass} />
        </Field>
        <Field
          id={fields.contactEmail.id}
          label="Contact email for donors"
          errors={fields.contactEmail.errors}
          hint="Your campaigns' pages link to it for questions and other ways to give; without it they show no contact link"
        >
          <input
            {...getInputProps(fields.contactEmail, { type: "email" })}
            autoComplete="email"
            className={inputClass}
          />
        </Field>
        <Field
          id={fields.receiptWording.id}
          label="Receipt wording"
          errors={fields.receiptWording.errors}
          hint="Ends every receipt and statement, e.g. that no goods or services were given in return"
        >
          <textarea {...getTextareaProps(fields.receiptWording)} rows={3} className={inputClass} />
        </Field>
        <Field id={fields.fiscalYearStart.id} label="Fiscal year starts in" errors={fields.fiscalYearStart.errors}>
          <select {...getSelectProps(fields.fiscalYearStart)} className={inputClass}>
            {MONTH_OPTIONS.map((m) => (
              <option key={m.value} value={String(m.value)}>
                {m.name}
              </option>
            ))}
          </select>
        </Field>
        <button type="submit" className={saveButtonClass}>
          Save profile
        </button>
      </Form>
      <h2 className="mt-8 font-semibold text-lg">How a receipt reads</h2>
      <pre className="mt-2 whitespace-pre-wrap rounded-xl border border-slate-200 p-5 font-sans text-sm dark:border-slate-800">
        {sample}
      </pre>
      <p className="mt-4 text-sm">
        <Link to={href("/campaigns/statements")} className="font-semibold underline">
          Year-end statements
        </Link>{" "}
        for each donor, by calendar or fiscal year.
      </p>
    </ProfilePage>
  );
}
