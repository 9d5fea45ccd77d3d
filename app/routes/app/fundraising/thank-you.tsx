import { getFormProps, getInputProps, getTextareaProps } from "@conform-to/react";
import { Form, href, Link } from "react-router";
import { Field, inputClass } from "~/components/ui/field";
import { appContext } from "~/context";
import { templateSchema } from "~/lib/fundraising/thank-you";
import { pageMeta } from "~/lib/site";
import { getUser } from "~/server/account/user.server";
import { getOrganisation } from "~/server/fundraising/organisation.server";
import { getTemplate, renderThankYou, saveTemplate } from "~/server/fundraising/thank-you.server";
import { ProfilePage, profileFormClass, saveButtonClass, useProfileForm } from "./+shared/profile-form";
import { saveProfileForm } from "./+shared/profile-form.server";
import type { Route } from "./+types/thank-you";

export const meta = () => [...pageMeta("Thank-you message"), { name: "robots", content: "noindex" }];

export async function loader({ context }: Route.LoaderArgs) {
  const app = context.get(appContext);
  const user = getUser(context);
  const t = await getTemplate(app, user.workspace.id);
  const sample = renderThankYou(
    t,
    {
      donorName: "Jordan",
      amount: 5000,
      currency: "USD",
      date: "2026-11-23",
      campaign: "Your campaign",
      recurring: false,
    },
    await getOrganisation(app.db, user.workspace.id),
  );
  // The preview shows the text part; the HTML part is not sent to the browser.
  return { t, sample: { subject: sample.subject, text: sample.text } };
}

export async function action({ request, context }: Route.ActionArgs) {
  const app = context.get(appContext);
  const user = getUser(context);
  return saveProfileForm(request, templateSchema, (value) => saveTemplate(app, user.workspace.id, value), {
    to: href("/campaigns/thank-you"),
    title: "Thank-you message saved",
  });
}

export default function ThankYou({ loaderData, actionData }: Route.ComponentProps) {
  const { t, sample } = loaderData;
  const [form, fields] = useProfileForm("thank-you", templateSchema, t, actionData?.reply);
  return (
    <ProfilePage
      title="Thank-you message"
      intro={
        <>
          Every gift is thanked with this message and a receipt. Write {"{name}"}, {"{amount}"}, {"{date}"},{" "}
          {"{campaign}"} and {"{organization}"} where the gift's own details go. The receipt below the message names
          your organisation as its{" "}
          <Link to={href("/campaigns/organisation")} className="text-brand-700 underline dark:text-brand-200">
            organisation profile
          </Link>{" "}
          gives it (legal name, tax id, address and receipt wording).
        </>
      }
    >
      <Form method="post" {...getFormProps(form)} className={profileFormClass}>
        <Field id={fields.organization.id} label="Organisation" errors={fields.organization.errors}>
          <input {...getInputProps(fields.organization, { type: "text" })} className={inputClass} />
        </Field>
        <Field id={fields.subject.id} label="Subject" errors={fields.subject.errors}>
          <input {...getInputProps(fields.subject, { type: "text" })} className={inputClass} />
        </Field>
        <Field id={fields.body.id} label="Message" errors={fields.body.errors}>
          <textarea {...getTextareaProps(fields.body)} rows={8} className={inputClass} />
        </Field>
        <button type="submit" className={saveButtonClass}>
          Save message
        </button>
      </Form>
      <h2 className="mt-8 font-semibold text-lg">How it reads</h2>
      <div className="mt-2 rounded-xl border border-slate-200 p-5 text-sm dark:border-slate-800">
        <p className="font-semibold">{sample.subject}</p>
        <pre className="mt-3 whitespace-pre-wrap font-sans">{sample.text}</pre>
      </div>
    </ProfilePage>
  );
}
