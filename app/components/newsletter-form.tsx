import { getFormProps, getInputProps, type SubmissionResult, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useId } from "react";
import { href, useFetcher, useLocation } from "react-router";
import { z } from "zod";
import { requiredEmailField } from "~/lib/forms/email";

export const NEWSLETTER_SUCCESS = "Success! Now check your email to confirm your subscription.";

/** The subscribe form's one field, as the specification names it; checked in the browser and by /newsletter. */
export const newsletterSchema = z.object({
  email_address: requiredEmailField,
  source: z.string().trim().max(40).catch("site"),
});

export type NewsletterResult = { ok: boolean; message: string; reply?: SubmissionResult<string[]> };

/** One form for the header dropdown, the footer, the slide-in and the newsletter page; posts to /newsletter. */
export function NewsletterForm({
  source,
  compact = false,
  lastResult,
  redirectTo,
  words = { label: "Email address", submit: "Subscribe", busy: "Subscribing..." },
}: {
  source: string;
  /** The label and button in the page's language (the header's and footer's words); English elsewhere. */
  words?: { label: string; submit: string; busy: string };
  /** Where "Back to where you were" leads after a post without JavaScript; this page by default. */
  redirectTo?: string;
  compact?: boolean;
  /** The refusal to show when the page itself is /newsletter's answer (posted without JavaScript). */
  lastResult?: SubmissionResult<string[]>;
}) {
  const fetcher = useFetcher<NewsletterResult>();
  const location = useLocation();
  const id = useId();
  const result = fetcher.data;
  const busy = fetcher.state !== "idle";
  const [form, fields] = useForm({
    id: `newsletter-${id}`,
    lastResult: busy ? undefined : (result?.reply ?? lastResult),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: newsletterSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  const email = fields.email_address;
  if (result?.ok) {
    return (
      <p
        role="status"
        className="rounded-md bg-emerald-50 p-3 text-emerald-900 text-sm dark:bg-emerald-950 dark:text-emerald-100"
      >
        {result.message}
      </p>
    );
  }
  return (
    <fetcher.Form
      method="post"
      action={href("/newsletter")}
      {...getFormProps(form)}
      className={compact ? "space-y-2" : "space-y-3"}
    >
      <input type="hidden" name="source" value={source} />
      <input type="hidden" name="redirectTo" value={redirectTo ?? location.pathname + location.search} />
      <label htmlFor={email.id} className="block font-medium text-sm">
        {words.label}
      </label>
      <div className="flex gap-2">
        <input
          {...getInputProps(email, { type: "email" })}
          autoComplete="email"
          placeholder="you@example.org"
          className="min-w-0 flex-1 rounded-md border border-slate-300 bg-white px-3 py-2 text-slate-900 text-sm placeholder:text-slate-500 focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-500/30 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100 dark:placeholder:text-slate-400"
        />
        <button
          type="submit"
          disabled={busy}
          className="rounded-md bg-brand-600 px-4 py-2 font-semibold text-sm text-white hover:bg-brand-700 disabled:opacity-60"
        >
          {busy ? words.busy : words.submit}
        </button>
      </div>
      {email.errors?.length ? (
        <p id={email.errorId} className="text-red-700 text-sm dark:text-red-300">
          {email.errors[0]}
        </p>
      ) : result && !result.ok ? (
        <p role="alert" className="text-red-700 text-sm dark:text-red-300">
          {result.message}
        </p>
      ) : null}
    </fetcher.Form>
  );
}
