import { getFormProps, getInputProps, getTextareaProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, Link, useNavigation } from "react-router";
import { Field, inputClass } from "~/components/ui/field";
import { appContext } from "~/context";
import { pageMeta } from "~/lib/site";
import { templateSchema } from "~/lib/thank-you";
import { getUser } from "~/server/account/user.server";
import { getOrganisation } from "~/server/fundraising/organisation.server";
import { getTemplate, renderThankYou, saveTemplate } from "~/server/fundraising/thank-you.server";
import { redirectWithToast } from "~/server/platform/toast.server";
import type { Route } from "./+types/thank-you";

export const meta = () => [...pageMeta("Thank-you message"), { name: "robots", content: "noindex" }];

export async function loader({ context }: Route.LoaderArgs) {
  const app = context.get(appContext);
  const user = getUser(context);
  const t = await getTemplate(app, user.id);
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
    await getOrganisation(app.db, user.id),
  );
  // The preview shows the text part; the HTML part is not sent to the browser.
  return { t, sample: { subject: sample.subject, text: sample.text } };
}

export async function action({ request, context }: Route.ActionArgs) {
  const app = context.get(appContext);
  const user = getUser(context);
  const submission = parseWithZod(await request.formData(), { schema: templateSchema });
  if (submission.status !== "success") return data({ reply: submission.reply() }, { status: 400 });
  await saveTemplate(app, user.id, submission.value);
  return redirectWithToast("/campaigns/thank-you", { type: "success", title: "Thank-you message saved" });
}

export default function ThankYou({ loaderData, actionData }: Route.ComponentProps) {
  const { t, sample } = loaderData;
  const navigation = useNavigation();
  const [form, fields] = useForm({
    id: "thank-you",
    lastResult: navigation.state === "idle" ? actionData?.reply : undefined,
    defaultValue: t,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: templateSchema }),
    shouldValidate: "onBlur",
  });
  return (
    <section className="mx-auto max-w-3xl px-4 py-8 sm:px-6">
      <Link to="/campaigns" className="text-brand-700 text-sm underline dark:text-brand-200">
        ← Your campaigns
      </Link>
      <h1 className="mt-2 font-bold text-3xl tracking-tight">Thank-you message</h1>
      <p className="mt-2 text-slate-600 dark:text-slate-300">
        Every gift is thanked with this message and a receipt. Write {"{name}"}, {"{amount}"}, {"{date}"},{" "}
        {"{campaign}"} and {"{organization}"} where the gift's own details go. The receipt below the message names your
        organisation as its{" "}
        <Link to="/campaigns/organisation" className="text-brand-700 underline dark:text-brand-200">
          organisation profile
        </Link>{" "}
        gives it (legal name, tax id, address and receipt wording).
      </p>
      <Form
        method="post"
        {...getFormProps(form)}
        className="mt-6 space-y-4 rounded-xl border border-slate-200 p-5 dark:border-slate-800"
      >
        <Field id={fields.organization.id} label="Organisation" errors={fields.organization.errors}>
          <input {...getInputProps(fields.organization, { type: "text" })} className={inputClass} />
        </Field>
        <Field id={fields.subject.id} label="Subject" errors={fields.subject.errors}>
          <input {...getInputProps(fields.subject, { type: "text" })} className={inputClass} />
        </Field>
        <Field id={fields.body.id} label="Message" errors={fields.body.errors}>
          <textarea {...getTextareaProps(fields.body)} rows={8} className={inputClass} />
        </Field>
        <button type="submit" className="rounded-md bg-brand-600 px-4 py-2.5 font-semibold text-sm text-white">
          Save message
        </button>
      </Form>
      <h2 className="mt-8 font-semibold text-lg">How it reads</h2>
      <div className="mt-2 rounded-xl border border-slate-200 p-5 text-sm dark:border-slate-800">
        <p className="font-semibold">{sample.subject}</p>
        <pre className="mt-3 whitespace-pre-wrap font-sans">{sample.text}</pre>
      </div>
    </section>
  );
}
