import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, href, Link, redirect, useNavigation } from "react-router";
import { Field, inputClass } from "~/components/ui/field";
import { appContext } from "~/context";
import { twoFactorSchema } from "~/lib/account/forms";
import { staticPage } from "~/lib/platform/page-handle";
import { safeRedirect } from "~/lib/platform/safe-redirect";
import { pageMeta } from "~/lib/site";
import { asAuthResponse, createAuth, getSessionUser, TOO_MANY_AUTH_ATTEMPTS } from "~/server/account/auth.server";
import { CODE_USED } from "~/server/account/two-factor.server";
import type { Route } from "./+types/two-factor";

// Served as HTML with /site.js (the busy button), not React: the second step works without JavaScript.
export const handle = staticPage;

export const meta = () => [...pageMeta("Two-step sign-in"), { name: "robots", content: "noindex" }];

const EXPIRED = "This sign-in has expired. Sign in with your password again.";

/** Only reached from a password sign-in that asked for a code (better-auth's signed two_factor cookie). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const redirectTo = safeRedirect(url.searchParams.get("redirectTo"));
  if (await getSessionUser(context.get(appContext), request)) throw redirect(redirectTo);
  const pending = /(?:^|;\s*)(?:__Secure-)?better-auth\.two_factor=/.test(request.headers.get("cookie") ?? "");
  return { redirectTo, recovery: url.searchParams.get("with") === "recovery", pending };
}

export async function action({ request, context }: Route.ActionArgs) {
  const app = context.get(appContext);
  const formData = await request.formData().catch(() => null);
  if (!formData) return data({ result: null, expired: false }, { status: 415 });
  const submission = parseWithZod(formData, { schema: twoFactorSchema });
  if (submission.status !== "success") return data({ result: submission.reply(), expired: false }, { status: 400 });
  const { value } = submission;
  const auth = createAuth(app, request);
  const response = await asAuthResponse(() =>
    value.intent === "totp"
      ? auth.api.verifyTOTP({ body: { code: value.code }, headers: request.headers, asResponse: true })
      : auth.api.verifyBackupCode({ body: { code: value.code }, headers: request.headers, asResponse: true }),
  );
  if (response.ok) {
    const headers = new Headers();
    for (const cookie of response.headers.getSetCookie()) headers.append("Set-Cookie", cookie);
    return redirect(safeRedirect(value.redirectTo), { headers });
  }
  const refusal = (await response.json().catch(() => null)) as { code?: string } | null;
  const refuse = (message: string, status: number, expired = false) =>
    data({ result: submission.reply({ formErrors: [message] }), expired }, { status });
  if (response.status === 429) return refuse(TOO_MANY_AUTH_ATTEMPTS, 429);
  if (refusal?.code === "CODE_ALREADY_USED") return refuse(CODE_USED, 400);
  if (refusal?.code === "INVALID_TWO_FACTOR_COOKIE" || refusal?.code === "TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE")
    return refuse(EXPIRED, 401, true);
  if (response.status >= 500) return refuse("We couldn't do that just now. Please try again.", 503);
  return refuse(
    value.intent === "totp"
      ? "That code is not right. Enter the code your authenticator app shows now."
      : "That recovery code is not right, or was already used.",
    400,
  );
}

export default function TwoFactor({ loaderData, actionData }: Route.ComponentProps) {
  const { redirectTo, recovery, pending } = loaderData;
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
      <h1 className="font-bold text-3xl tracking-tight">Two-step sign-in</h1>
      <p className="mt-2 text-slate-600 dark:text-slate-300">
        {recovery
          ? "Enter one of the recovery codes you saved when you set up two-step sign-in. Each works once."
          : "Enter the 6-digit code your authenticator app shows for KnowWho."}
      </p>
      <Form method="post" className="mt-8 space-y-5" {...getFormProps(form)}>
        {pending || actionData ? null : (
          <p
            role="alert"
            className="rounded-md bg-amber-50 p-3 text-amber-950 text-sm dark:bg-amber-950 dark:text-amber-100"
          >
            {EXPIRED}{" "}
            <Link to={`${href("/auth")}?redirectTo=${encodeURIComponent(redirectTo)}`} className="underline">
              Sign in
            </Link>
          </p>
        )}
        {form.errors?.length ? (
          <p
            id={form.errorId}
            role="alert"
            className="rounded-md bg-red-50 p-3 text-red-900 text-sm dark:bg-red-950 dark:text-red-100"
          >
            {form.errors[0]}
            {actionData?.expired ? (
              <>
                {" "}
                <Link to={`${href("/auth")}?redirectTo=${encodeURIComponent(redirectTo)}`} className="underline">
                  Sign in
                </Link>
              </>
            ) : null}
          </p>
        ) : null}
        <input type="hidden" name="intent" value={recovery ? "recovery" : "totp"} />
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <Field id={fields.code.id} label={recovery ? "Recovery code" : "Code"} errors={fields.code.errors}>
          <input
            {...getInputProps(fields.code, { type: "text" })}
            autoComplete="one-time-code"
            inputMode={recovery ? "text" : "numeric"}
            className={inputClass}
          />
        </Field>
        <button
          type="submit"
          disabled={navigation.state === "submitting"}
          data-busy="Checking..."
          className="w-full rounded-md bg-brand-600 px-4 py-3 font-semibold text-white hover:bg-brand-700 disabled:opacity-60"
        >
          {navigation.state === "submitting" ? "Checking..." : "Sign in"}
        </button>
      </Form>
      <p className="mt-6 text-center text-slate-600 text-sm dark:text-slate-300">
        <a href={other} className="font-semibold text-brand-700 underline dark:text-brand-200">
          {recovery ? "Use a code from your app instead" : "Use a recovery code instead"}
        </a>
      </p>
    </section>
  );
}
