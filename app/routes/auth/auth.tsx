import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useEffect, useRef } from "react";
import { data, Form, href, Link, redirect, useNavigation } from "react-router";
import { z } from "zod";
import { LanguageSwitch } from "~/components/language-switch";
import { Field, FormError, inputClass } from "~/components/ui/field";
import { appContext } from "~/context";
import { PASSWORD_MAX, PASSWORD_MIN, userNameSchema } from "~/lib/account/auth";
import { inLanguage } from "~/lib/account/auth-language";
import { TRIAL_DAYS } from "~/lib/billing/plans";
import { requiredEmailField } from "~/lib/forms/fields";
import { PERSON_NAME_MAX } from "~/lib/forms/limits";
import { negotiateLocale } from "~/lib/i18n/locales";
import { type MessageKey, translator, withCatalog } from "~/lib/i18n/translate";
import { carryCookies } from "~/lib/platform/carry-cookies";
import { useNonce } from "~/lib/platform/nonce";
import { localizedPageWithSwitch } from "~/lib/platform/page-handle";
import { safeRedirect } from "~/lib/platform/safe-redirect";
import { pageMeta } from "~/lib/site";
import { canonicalTimeZone } from "~/lib/time/time";
import { asAuthResponse, createAuth, getSessionUser } from "~/server/account/auth.server";
import { ssoForRequest } from "~/server/account/sso.server";
import { saveSettings } from "~/server/settings/settings.server";
import { BusySubmit } from "./+shared/busy-submit";
import type { Route } from "./+types/auth";

const email = requiredEmailField;

const signInSchema = z.object({
  intent: z.literal("signin"),
  email,
  // Optional here: an address whose team signs in by SSO goes to its provider without one (checked below).
  password: z.string().max(PASSWORD_MAX, "Incorrect email or password").optional(),
});

const signUpSchema = z.object({
  intent: z.literal("signup"),
  name: userNameSchema,
  email,
  password: z
    .string({ error: `Password must be at least ${PASSWORD_MIN} characters` })
    .min(PASSWORD_MIN, `Password must be at least ${PASSWORD_MIN} characters`)
    .max(PASSWORD_MAX, `Password must be at most ${PASSWORD_MAX} characters`),
  // Filled in by the page from the browser; anything that is not a real zone is dropped, not refused.
  timeZone: z
    .string()
    .optional()
    .transform((v) => canonicalTimeZone(v) ?? undefined),
  // Ticked by the person (the box shows, unticked, only where the browser has passkeys): Settings offers one next.
  passkey: z.literal("on").optional(),
});

const schema = z.discriminatedUnion("intent", [signInSchema, signUpSchema]);

type Mode = "signin" | "signup";

const LIMITS = { min: PASSWORD_MIN, max: PASSWORD_MAX };
const FIELD_ERRORS: MessageKey[] = [
  "auth.error.credentials",
  "auth.error.passwordMin",
  "auth.error.passwordMax",
  "auth.error.email",
  "auth.error.nameMin",
  "auth.error.nameMax",
];

// Served as HTML with /site.js (the zone, the busy button), not React, in the visitor's language.
export const handle = localizedPageWithSwitch;

export const meta: Route.MetaFunction = ({ loaderData }) => {
  const t = translator(loaderData?.locale ?? "en");
  return pageMeta(t(loaderData?.mode === "signup" ? "auth.signUp.title" : "auth.signIn.title"));
};

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const redirectTo = safeRedirect(url.searchParams.get("redirectTo"));
  if (await getSessionUser(context.get(appContext), request)) throw redirect(redirectTo);
  const mode: Mode = url.searchParams.get("mode") === "signup" ? "signup" : "signin";
  const { locale } = negotiateLocale(request);
  return { mode, redirectTo, locale };
}

/** A client navigation here renders in the page's language: its catalog is loaded first (decision 0270). */
export const clientLoader = (args: Route.ClientLoaderArgs) => withCatalog(args);

/** Pages that need a confirmed address before they work: sign-up's confirmation link brings their opener back. */
const WAITS_FOR_CONFIRMED = /^\/teams\/(join|claim)\?/;

export async function action({ request, context }: Route.ActionArgs) {
  const app = context.get(appContext);
  const formData = await request.formData();
  const redirectTo = safeRedirect(formData.get("redirectTo"));
  const t = translator(negotiateLocale(request).locale);
  const submission = parseWithZod(formData, { schema });
  if (submission.status !== "success") {
    return data(inLanguage(submission.reply({ hideFields: ["password"] }), t, FIELD_ERRORS, LIMITS), { status: 400 });
  }
  const { value } = submission;
  if (value.intent === "signin") {
    // An address on a team's proved domain with single sign-on goes to the team's provider (decision 0214).
    if (await ssoForRequest(app.db, request, value.email)) {
      return redirect(`${href("/auth/sso")}?${new URLSearchParams({ email: value.email, redirectTo })}`);
    }
    if (!value.password)
      return data(submission.reply({ fieldErrors: { password: [t("auth.error.passwordMissing")] } }), {
        status: 400,
      });
  }
  // The rate limit and the name rule live in createAuth's hooks, shared with the /api/auth endpoints.
  const auth = createAuth(app, request);
  const response = await asAuthResponse(() =>
    value.intent === "signup"
      ? auth.api.signUpEmail({
          body: {
            name: value.name,
            email: value.email,
            password: value.password,
            // A page that waits for a confirmed address (a team's invitation or card) is where the link comes back to.
            callbackURL: WAITS_FOR_CONFIRMED.test(redirectTo)
              ? redirectTo
              : `${href("/settings/account")}?email=verified`,
          },
          headers: request.headers,
          asResponse: true,
        })
      : auth.api.signInEmail({
          body: { email: value.email, password: value.password ?? "" },
          headers: request.headers,
          asResponse: true,
        }),
  );

  if (response.status === 429) {
    return data(submission.reply({ formErrors: [t("auth.error.tooMany")], hideFields: ["password"] }), {
      status: 429,
      headers: { "Retry-After": response.headers.get("retry-after") ?? "60" },
    });
  }
  if (!response.ok) {
    const reply =
      value.intent === "signup" && response.status === 422
        ? submission.reply({
            fieldErrors: { email: [t("auth.error.exists")] },
            hideFields: ["password"],
          })
        : value.intent === "signin" && response.status === 401
          ? submission.reply({ formErrors: [t("auth.error.credentials")], hideFields: ["password"] })
          : value.intent === "signin" && response.status === 403
            ? submission.reply({ formErrors: [t("auth.error.ssoOnly")], hideFields: ["password"] })
            : submission.reply({
                formErrors: [t("auth.error.generic")],
                hideFields: ["password"],
              });
    return data(reply, { status: response.status >= 500 ? 503 : 400 });
  }

  const headers = carryCookies(response);
  if (value.intent === "signup") {
    const created = (await response.json().catch(() => null)) as { user?: { id?: unknown } } | null;
    if (typeof created?.user?.id === "string") {
      // A new account starts the guided start, in the time zone its browser is in.
      await saveSettings(app.db, created.user.id, {
        onboarding: "card",
        ...(value.timeZone ? { timeZone: value.timeZone } : {}),
      });
    }
    if (value.passkey) return redirect(`${href("/settings/account")}?passkey=new#passkeys`, { headers });
    // Someone who signed up on the way somewhere (saving a card, say) goes there; the rest start the guide.
    return redirect(redirectTo === href("/dashboard") ? href("/welcome") : redirectTo, { headers });
  }
  // An account with two-step sign-in gets no session yet: the code comes first.
  const signedIn = (await response.json().catch(() => null)) as { twoFactorRedirect?: boolean } | null;
  if (signedIn?.twoFactorRedirect)
    return redirect(`${href("/auth/two-factor")}?redirectTo=${encodeURIComponent(redirectTo)}`, { headers });
  return redirect(redirectTo, { headers });
}

export default function AuthPage({ loaderData, actionData }: Route.ComponentProps) {
  const { redirectTo, locale } = loaderData;
  const t = translator(locale);
  // A refused form comes back in the mode it was sent in, whatever the address says (a page with no script).
  const sent = actionData?.initialValue?.intent;
  const mode: Mode = sent === "signup" || sent === "signin" ? sent : loaderData.mode;
  const navigation = useNavigation();
  const [form, fields] = useForm({
    id: `auth-${mode}`,
    lastResult: navigation.state === "idle" ? actionData : undefined,
    // Never run: the page is not hydrated; the server's answer, in the visitor's language, is what shows.
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  const signup = mode === "signup";
  const zoneRef = useRef<HTMLInputElement>(null);
  // The browser's own time zone, so "today" and reminders fall on the owner's day from the start.
  useEffect(() => {
    if (signup && zoneRef.current) zoneRef.current.value = Intl.DateTimeFormat().resolvedOptions().timeZone;
  }, [signup]);
  const nonce = useNonce();
  const other = signup ? "signin" : "signup";
  const otherHref = `${href("/auth")}?${new URLSearchParams({ ...(other === "signup" ? { mode: "signup" } : {}), redirectTo })}`;

  return (
    <section className="mx-auto max-w-md px-4 py-12 sm:py-16">
      <LanguageSwitch locale={locale} label={t("lang.label")} className="mb-4" />
      <h1 className="font-bold text-3xl tracking-tight">{t(signup ? "auth.signUp.title" : "auth.signIn.title")}</h1>
      <p className="mt-2 text-slate-600 dark:text-slate-300">
        {signup ? t("auth.signUp.intro", { days: TRIAL_DAYS }) : t("auth.signIn.intro")}
      </p>
      {/* The first choice where the browser has passkeys: /passkey.js shows it and runs it. */}
      {signup ? null : (
        <div data-passkey-sign-in="" data-redirect-to={redirectTo} hidden className="mt-8 space-y-3">
          <p
            data-passkey-error=""
            role="alert"
            hidden
            className="rounded-md bg-red-50 p-3 text-red-900 text-sm dark:bg-red-950 dark:text-red-100"
          />
          <button
            type="button"
            data-busy={t("auth.passkey.busy")}
            className="w-full rounded-md bg-brand-600 px-4 py-3 font-semibold text-white hover:bg-brand-700 disabled:opacity-60"
          >
            {t("auth.passkey.continue")}
          </button>
          <p className="pt-2 text-center text-slate-600 text-sm dark:text-slate-300">{t("auth.passkey.or")}</p>
        </div>
      )}
      <Form method="post" className="mt-8 space-y-5" {...getFormProps(form)}>
        <input type="hidden" name="intent" value={mode} />
        <input type="hidden" name="redirectTo" value={redirectTo} />
        {/* No value prop: React would write it back over the zone on every re-render of the form. */}
        {signup ? <input ref={zoneRef} type="hidden" name="timeZone" data-time-zone="" /> : null}
        <FormError id={form.errorId} errors={form.errors} />
        {signup ? (
          <Field id={fields.name.id} label={t("auth.name")} errors={fields.name.errors}>
            <input
              {...getInputProps(fields.name, { type: "text" })}
              autoComplete="name"
              className={inputClass}
              maxLength={PERSON_NAME_MAX}
            />
          </Field>
        ) : null}
        <Field id={fields.email.id} label={t("auth.email")} errors={fields.email.errors}>
          <input {...getInputProps(fields.email, { type: "email" })} autoComplete="email" className={inputClass} />
        </Field>
        <Field
          id={fields.password.id}
          label={t("auth.password")}
          errors={fields.password.errors}
          hint={signup ? t("auth.password.hint", { min: PASSWORD_MIN }) : undefined}
        >
          <input
            {...getInputProps(fields.password, { type: "password" })}
            autoComplete={signup ? "new-password" : "current-password"}
            className={inputClass}
          />
        </Field>
        {signup ? (
          <label data-passkey-offer="" hidden className="flex items-center gap-2 text-sm">
            {/* Shown by /passkey.js, unticked; a hidden box sends nothing from a page without script. */}
            <input type="checkbox" name="passkey" value="on" className="size-4" />
            {t("auth.passkey.offer")}
          </label>
        ) : (
          <p className="-mt-2 text-right text-sm">
            <Link to={href("/auth/forgot")} className="font-medium text-brand-700 underline dark:text-brand-200">
              {t("auth.forgot")}
            </Link>
          </p>
        )}
        <BusySubmit
          label={t(signup ? "auth.signUp.submit" : "auth.signIn.submit")}
          busyLabel={t(signup ? "auth.signUp.busy" : "auth.signIn.busy")}
        />
      </Form>
      <p className="mt-6 text-center text-slate-600 text-sm dark:text-slate-300">
        {t(signup ? "auth.signUp.have" : "auth.signIn.new")}{" "}
        <Link to={otherHref} className="font-semibold text-brand-700 underline dark:text-brand-200">
          {t(signup ? "auth.signIn.submit" : "auth.signUp.switch")}
        </Link>
      </p>
      <script src="/passkey.js" async nonce={nonce} />
    </section>
  );
}
