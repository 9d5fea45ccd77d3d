import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { APIError } from "better-auth/api";
import { data, Form, href, Link, useNavigation } from "react-router";
import { Field, inputClass } from "~/components/ui/field";
import { appContext } from "~/context";
import { forgotSchema } from "~/lib/account/forms";
import { staticPage } from "~/lib/platform/page-handle";
import { pageMeta } from "~/lib/site";
import { createAuth, TOO_MANY_AUTH_ATTEMPTS } from "~/server/account/auth.server";
import { allow, clientKey } from "~/server/platform/rate-limit.server";
import type { Route } from "./+types/forgot";

// Served as HTML with /site.js (the busy button), not React: the form works without JavaScript.
export const handle = staticPage;

export const meta = () => [...pageMeta("Reset your password"), { name: "robots", content: "noindex" }];

export async function action({ request, context }: Route.ActionArgs) {
  const app = context.get(appContext);
  const submission = parseWithZod(await request.formData(), { schema: forgotSchema });
  if (submission.status !== "success") return data({ result: submission.reply(), sentTo: null }, { status: 400 });
  const email = submission.value.email.toLowerCase();
  if (!(await allow(app.env, "strict", `reset:${clientKey(request)}:${email}`))) {
    return data(
      {
        result: submission.reply({ formErrors: ["Too many attempts. Please wait a minute and try again."] }),
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
    return data({ result: submission.reply({ formErrors: [TOO_MANY_AUTH_ATTEMPTS] }), sentTo: null }, { status: 429 });
  }
  return { result: submission.reply({ resetForm: true }), sentTo: email };
}

export default function ForgotPassword({ actionData }: Route.ComponentProps) {
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
      <h1 className="font-bold text-3xl tracking-tight">Reset your password</h1>
      <p className="mt-2 text-slate-600 dark:text-slate-300">
        Enter the email address of your account and we'll send you a link to choose a new password.
      </p>
      {actionData?.sentTo ? (
        <p
          role="status"
          className="mt-6 rounded-md bg-emerald-50 p-3 text-emerald-900 text-sm dark:bg-emerald-950 dark:text-emerald-100"
        >
          If {actionData.sentTo} has a KnowWho account, a reset link is on its way. It works once, for one hour.
        </p>
      ) : null}
      <Form method="post" className="mt-8 space-y-5" {...getFormProps(form)}>
        {form.errors?.length ? (
          <p
            id={form.errorId}
            role="alert"
            className="rounded-md bg-red-50 p-3 text-red-900 text-sm dark:bg-red-950 dark:text-red-100"
          >
            {form.errors[0]}
          </p>
        ) : null}
        <Field id={fields.email.id} label="Email" errors={fields.email.errors}>
          <input {...getInputProps(fields.email, { type: "email" })} autoComplete="email" className={inputClass} />
        </Field>
        <button
          type="submit"
          disabled={navigation.state === "submitting"}
          data-busy="Sending..."
          className="w-full rounded-md bg-brand-600 px-4 py-3 font-semibold text-white hover:bg-brand-700 disabled:opacity-60"
        >
          {navigation.state === "submitting" ? "Sending..." : "Send the reset link"}
        </button>
      </Form>
      <p className="mt-6 text-center text-slate-600 text-sm dark:text-slate-300">
        Remembered it?{" "}
        <Link to={href("/auth")} className="font-semibold text-brand-700 underline dark:text-brand-200">
          Sign in
        </Link>
      </p>
    </section>
  );
}
