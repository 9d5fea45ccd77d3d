import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { APIError } from "better-auth/api";
import { data, Form, href, Link, useNavigation } from "react-router";
import { LanguageSwitch } from "~/components/language-switch";
import { Field, FormError, inputClass, SentNote } from "~/components/ui/field";
import { appContext } from "~/context";
import { inLanguage } from "~/lib/account/auth-language";
import { forgotSchema } from "~/lib/account/forms";
import { negotiateLocale } from "~/lib/i18n/locales";
import { translator, withCatalog } from "~/lib/i18n/translate";
import { localizedPageWithSwitch } from "~/lib/platform/page-handle";
import { pageMeta } from "~/lib/site";
import { createAuth } from "~/server/account/auth.server";
import { allow, clientKey } from "~/server/platform/rate-limit.server";
import { BusySubmit } from "./+shared/busy-submit";
import type { Route } from "./+types/forgot";

// Served as HTML with /site.js (the busy button), not React, in the visitor's language.
export const handle = localizedPageWithSwitch;

export const meta: Route.MetaFunction = ({ loaderData }) => [
  ...pageMeta(translator(loaderData?.locale ?? "en")("auth.forgot.title")),
  { name: "robots", content: "noindex" },
];

export function loader({ request }: Route.LoaderArgs) {
  return { locale: negotiateLocale(request).locale };
}

/** A client navigation here renders in the page's language: its catalog is loaded first (decision 0270). */
export const clientLoader = (args: Route.ClientLoaderArgs) => withCatalog(args);

export async function action({ request, context }: Route.ActionArgs) {
  const app = context.get(appContext);
  // The form posts to this page's own address, so a `?lang=` choice comes back with it; the mail is in it too.
  const t = translator(negotiateLocale(request).locale);
  const submission = parseWithZod(await request.formData(), { schema: forgotSchema });
  if (submission.status !== "success")
    return data({ result: inLanguage(submission.reply(), t, ["auth.error.email"]), sentTo: null }, { status: 400 });
  const email = submission.value.email.toLowerCase();
  if (!(await allow(app.env, "strict", `reset:${clientKey(request)}:${email}`))) {
    return data(
      {
        result: submission.reply({ formErrors: [t("auth.error.tooMany")] }),
        sentTo: null,
      },
      { status: 429 },
    );
  }
  // The same answer whether or not the address has an account: this page must not tell who is a user.
  try {
    await createAuth(app, request).api.requestPasswordReset({
      body: { email, redirectTo: href("/auth/reset") },
      headers: request.headers,
    });
  } catch (error) {
    // The shared auth rate limit (createAuth's hook) refuses with 429: say so, as above.
    if (!(error instanceof APIError && error.statusCode === 429)) throw error;
    return data({ result: submission.reply({ formErrors: [t("auth.error.tooMany")] }), sentTo: null }, { status: 429 });
  }
  return { result: submission.reply({ resetForm: true }), sentTo: email };
}

export default function ForgotPassword({ loaderData, actionData }: Route.ComponentProps) {
  const { locale } = loaderData;
  const t = translator(locale);
  const navigation = useNavigation();
  const [form, fields] = useForm({
    id: "forgot-password",
    lastResult: navigation.state === "idle" ? actionData?.result : undefined,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: forgotSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  return (
    <section className="mx-auto max-w-md px-4 py-12 sm:py-16">
      <LanguageSwitch locale={locale} label={t("lang.label")} className="mb-4" />
      <h1 className="font-bold text-3xl tracking-tight">{t("auth.forgot.title")}</h1>
      <p className="mt-2 text-slate-600 dark:text-slate-300">{t("auth.forgot.intro")}</p>
      {actionData?.sentTo ? (
        <SentNote className="mt-6">{t("auth.forgot.sent", { email: actionData.sentTo })}</SentNote>
      ) : null}
      <Form method="post" className="mt-8 space-y-5" {...getFormProps(form)}>
        <FormError id={form.errorId} errors={form.errors} />
        <Field id={fields.email.id} label={t("auth.email")} errors={fields.email.errors}>
          <input {...getInputProps(fields.email, { type: "email" })} autoComplete="email" className={inputClass} />
        </Field>
        <BusySubmit label={t("auth.forgot.submit")} busyLabel={t("auth.forgot.busy")} />
      </Form>
      <p className="mt-6 text-center text-slate-600 text-sm dark:text-slate-300">
        {t("auth.forgot.remembered")}{" "}
        <Link to={href("/auth")} className="font-semibold text-brand-700 underline dark:text-brand-200">
          {t("auth.signIn.submit")}
        </Link>
      </p>
    </section>
  );
}
