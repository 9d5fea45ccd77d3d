import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, href, Link, redirect, useNavigation } from "react-router";
import { LanguageSwitch } from "~/components/language-switch";
import { Field, FormError, inputClass } from "~/components/ui/field";
import { appContext } from "~/context";
import { inLanguage } from "~/lib/account/auth-language";
import { twoFactorSchema } from "~/lib/account/forms";
import { negotiateLocale } from "~/lib/i18n/locales";
import { translator, withCatalog } from "~/lib/i18n/translate";
import { carryCookies } from "~/lib/platform/carry-cookies";
import { localizedPageWithSwitch } from "~/lib/platform/page-handle";
import { safeRedirect } from "~/lib/platform/safe-redirect";
import { pageMeta } from "~/lib/site";
import { asAuthResponse, createAuth, getSessionUser } from "~/server/account/auth.server";
import { BusySubmit } from "./+shared/busy-submit";
import type { Route } from "./+types/two-factor";

// Served as HTML with /site.js (the busy button), not React, in the visitor's language.
export const handle = localizedPageWithSwitch;

export const meta: Route.MetaFunction = ({ loaderData }) => [
  ...pageMeta(translator(loaderData?.locale ?? "en")("auth.twoFactor.title")),
  { name: "robots", content: "noindex" },
];

/** Only reached from a password sign-in that asked for a code (better-auth's signed two_factor cookie). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const redirectTo = safeRedirect(url.searchParams.get("redirectTo"));
  if (await getSessionUser(context.get(appContext), request)) throw redirect(redirectTo);
  const pending = /(?:^|;\s*)(?:__Secure-)?better-auth\.two_factor=/.test(request.headers.get("cookie") ?? "");
  const { locale } = negotiateLocale(request);
  return { redirectTo, recovery: url.searchParams.get("with") === "recovery", pending, locale };
}

/** A client navigation here renders in the page's language: its catalog is loaded first (decision 0270). */
export const clientLoader = (args: Route.ClientLoaderArgs) => withCatalog(args);

export async function action({ request, context }: Route.ActionArgs) {
  const app = context.get(appContext);
  const formData = await request.formData().catch(() => null);
  if (!formData) return data({ result: null, expired: false }, { status: 415 });
  const t = translator(negotiateLocale(request).locale);
  const submission = parseWithZod(formData, { schema: twoFactorSchema });
  if (submission.status !== "success") {
    const result = inLanguage(submission.reply(), t, ["auth.twoFactor.codeFormat", "auth.twoFactor.recoveryFormat"]);
    return data({ result, expired: false }, { status: 400 });
  }
  const { value } = submission;
  const auth = createAuth(app, request);
  const response = await asAuthResponse(() =>
    value.intent === "totp"
      ? auth.api.verifyTOTP({ body: { code: value.code }, headers: request.headers, asResponse: true })
      : auth.api.verifyBackupCode({ body: { code: value.code }, headers: request.headers, asResponse: true }),
  );
  if (response.ok) {
    const headers = carryCookies(response);
    return redirect(safeRedirect(value.redirectTo), { headers });
  }
  const refusal = (await response.json().catch(() => null)) as { code?: string } | null;
  const refuse = (message: string, status: number, expired = false) =>
    data({ result: submission.reply({ formErrors: [message] }), expired }, { status });
  if (response.status === 429) return refuse(t("auth.error.tooMany"), 429);
  if (refusal?.code === "CODE_ALREADY_USED") return refuse(t("auth.twoFactor.used"), 400);
  if (refusal?.code === "INVALID_TWO_FACTOR_COOKIE" || refusal?.code === "TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE")
    return refuse(t("auth.twoFactor.expired"), 401, true);
  if (response.status >= 500) return refuse(t("auth.error.generic"), 503);
  return refuse(t(value.intent === "totp" ? "auth.twoFactor.wrongCode" : "auth.twoFactor.wrongRecovery"), 400);
}

export default function TwoFactor({ loaderData, actionData }: Route.ComponentProps) {
  const { redirectTo, recovery, pending, locale } = loaderData;
  const t = translator(locale);
  const navigation = useNavigation();
  const [form, fields] = useForm({
    id: recovery ? "two-factor-recovery" : "two-factor-code",
    lastResult: navigation.state === "idle" ? actionData?.result : undefined,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: twoFactorSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  const other = `${href("/auth/two-factor")}?redirectTo=${encodeURIComponent(redirectTo)}${recovery ? "" : "&with=recovery"}`;
  return (
    <section className="mx-auto max-w-md px-4 py-12 sm:py-16">
      <LanguageSwitch locale={locale} label={t("lang.label")} className="mb-4" />
      <h1 className="font-bold text-3xl tracking-tight">{t("auth.twoFactor.title")}</h1>
      <p className="mt-2 text-slate-600 dark:text-slate-300">
        {t(recovery ? "auth.twoFactor.recoveryIntro" : "auth.twoFactor.intro")}
      </p>
      <Form method="post" className="mt-8 space-y-5" {...getFormProps(form)}>
        {pending || actionData ? null : (
          <p
            role="alert"
            className="rounded-md bg-amber-50 p-3 text-amber-950 text-sm dark:bg-amber-950 dark:text-amber-100"
          >
            {t("auth.twoFactor.expired")}{" "}
            <Link to={`${href("/auth")}?redirectTo=${encodeURIComponent(redirectTo)}`} className="underline">
              {t("auth.signIn.submit")}
            </Link>
          </p>
        )}
        <FormError id={form.errorId} errors={form.errors}>
          {actionData?.expired ? (
            <>
              {" "}
              <Link to={`${href("/auth")}?redirectTo=${encodeURIComponent(redirectTo)}`} className="underline">
                {t("auth.signIn.submit")}
              </Link>
            </>
          ) : null}
        </FormError>
        <input type="hidden" name="intent" value={recovery ? "recovery" : "totp"} />
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <Field
          id={fields.code.id}
          label={t(recovery ? "auth.twoFactor.recoveryCode" : "auth.twoFactor.code")}
          errors={fields.code.errors}
        >
          <input
            {...getInputProps(fields.code, { type: "text" })}
            autoComplete="one-time-code"
            inputMode={recovery ? "text" : "numeric"}
            className={inputClass}
          />
        </Field>
        <BusySubmit label={t("auth.signIn.submit")} busyLabel={t("auth.twoFactor.busy")} />
      </Form>
      <p className="mt-6 text-center text-slate-600 text-sm dark:text-slate-300">
        <a href={other} className="font-semibold text-brand-700 underline dark:text-brand-200">
          {t(recovery ? "auth.twoFactor.useApp" : "auth.twoFactor.useRecovery")}
        </a>
      </p>
    </section>
  );
}
