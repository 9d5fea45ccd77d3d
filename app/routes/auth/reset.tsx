import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, href, Link, useNavigation } from "react-router";
import { LanguageSwitch } from "~/components/language-switch";
import { NewPasswordFields } from "~/components/new-password-fields";
import { FormError } from "~/components/ui/field";
import { appContext } from "~/context";
import { PASSWORD_MAX, PASSWORD_MIN } from "~/lib/account/auth";
import { inLanguage } from "~/lib/account/auth-language";
import { resetSchema } from "~/lib/account/forms";
import { negotiateLocale } from "~/lib/i18n/locales";
import { type MessageKey, translator, withCatalog } from "~/lib/i18n/translate";
import { localizedPageWithSwitch } from "~/lib/platform/page-handle";
import { pageMeta } from "~/lib/site";
import { createAuth } from "~/server/account/auth.server";
import { redirectWithToast } from "~/server/platform/toast.server";
import { BusySubmit } from "./+shared/busy-submit";
import type { Route } from "./+types/reset";

// Served as HTML with /site.js (the busy button), not React, in the visitor's language.
export const handle = localizedPageWithSwitch;

export const meta: Route.MetaFunction = ({ loaderData }) => [
  ...pageMeta(translator(loaderData?.locale ?? "en")("auth.reset.title")),
  { name: "robots", content: "noindex" },
];

const LIMITS = { min: PASSWORD_MIN, max: PASSWORD_MAX };
const FIELD_ERRORS: MessageKey[] = ["auth.error.passwordMin", "auth.error.passwordMax", "auth.reset.differ"];

/** better-auth checks the emailed link and sends the browser here with ?token=, or ?error= when it is no good. */
export function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const { locale } = negotiateLocale(request);
  return { token: url.searchParams.has("error") ? null : tokenShape(url.searchParams.get("token")), locale };
}

/** A client navigation here renders in the page's language: its catalog is loaded first (decision 0270). */
export const clientLoader = (args: Route.ClientLoaderArgs) => withCatalog(args);

const tokenShape = (token: unknown) => (typeof token === "string" && /^[\w-]{8,200}$/.test(token) ? token : null);

export async function action({ request, context }: Route.ActionArgs) {
  const app = context.get(appContext);
  const t = translator(negotiateLocale(request).locale);
  const submission = parseWithZod(await request.formData(), { schema: resetSchema });
  if (submission.status !== "success") {
    return data(inLanguage(submission.reply({ hideFields: ["password", "confirm"] }), t, FIELD_ERRORS, LIMITS), {
      status: 400,
    });
  }
  const response = await createAuth(app, request).api.resetPassword({
    body: { newPassword: submission.value.password, token: submission.value.token },
    headers: request.headers,
    asResponse: true,
  });
  if (!response.ok) {
    return data(submission.reply({ formErrors: [t("auth.reset.expired")], hideFields: ["password", "confirm"] }), {
      status: response.status >= 500 ? 503 : 400,
    });
  }
  return redirectWithToast(href("/auth"), {
    type: "success",
    title: t("auth.reset.done.title"),
    description: t("auth.reset.done.body"),
  });
}

export default function ResetPassword({ loaderData, actionData }: Route.ComponentProps) {
  const { locale } = loaderData;
  const t = translator(locale);
  const navigation = useNavigation();
  // A form posted to the bare path (no script, no ?token=) comes back with the token it carried.
  const token = loaderData.token ?? tokenShape(actionData?.initialValue?.token);
  const [form, fields] = useForm({
    id: "reset-password",
    lastResult: navigation.state === "idle" ? actionData : undefined,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: resetSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  return (
    <section className="mx-auto max-w-md px-4 py-12 sm:py-16">
      <LanguageSwitch locale={locale} label={t("lang.label")} className="mb-4" />
      <h1 className="font-bold text-3xl tracking-tight">{t("auth.reset.title")}</h1>
      {token === null ? (
        <>
          <p role="alert" className="mt-4 text-slate-700 dark:text-slate-300">
            {t("auth.reset.expired")}
          </p>
          <p className="mt-6">
            <Link to={href("/auth/forgot")} className="font-semibold text-brand-700 underline dark:text-brand-200">
              {t("auth.reset.again")}
            </Link>
          </p>
        </>
      ) : (
        <Form method="post" className="mt-8 space-y-5" {...getFormProps(form)}>
          <input type="hidden" name="token" value={token} />
          <FormError id={form.errorId} errors={form.errors}>
            {" "}
            <Link to={href("/auth/forgot")} className="font-semibold underline">
              {t("auth.reset.again")}
            </Link>
          </FormError>
          <NewPasswordFields
            password={fields.password}
            confirm={fields.confirm}
            words={{
              password: t("auth.reset.password"),
              confirm: t("auth.reset.confirm"),
              hint: t("auth.password.hint", { min: PASSWORD_MIN }),
            }}
          />
          <BusySubmit label={t("auth.reset.submit")} busyLabel={t("auth.reset.busy")} />
        </Form>
      )}
    </section>
  );
}
