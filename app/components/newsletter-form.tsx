import type { SubmissionResult } from "@conform-to/react";
import { type FormEvent, useId, useRef, useState } from "react";
import { href, useFetcher, useLocation } from "react-router";
import { SentNote } from "~/components/ui/field";

export type NewsletterResult = { ok: boolean; message: string; reply?: SubmissionResult<string[]> };

type Check = (form: FormData) => string | undefined;

/**
 * One form for the header dropdown, the footer, the slide-in and the newsletter page; posts to /newsletter.
 * It is on every page, so it carries no form library: the address rule (zod) loads when the form is first
 * focused, and a post before then is checked by the server alone, with the same message (decision 0262).
 */
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
  const id = `newsletter-${useId()}`;
  const result = fetcher.data;
  const busy = fetcher.state !== "idle";
  const check = useRef<Check | null>(null);
  // The browser's own message once it has checked (null: the address is fine); undefined: the server's, if any.
  const [own, setOwn] = useState<string | null | undefined>(undefined);
  const reply = busy ? undefined : (result?.reply ?? lastResult);
  const error = own === undefined ? reply?.error?.email_address?.[0] : (own ?? undefined);
  const load = () => {
    if (check.current) return;
    import("~/lib/forms/newsletter")
      .then((rules) => {
        check.current = rules.newsletterError;
      })
      // Offline or a stale build: the server's answer still names the field.
      .catch(() => {});
  };
  const recheck = (event: FormEvent<HTMLFormElement>) => {
    if (error !== undefined && check.current) setOwn(check.current(new FormData(event.currentTarget)) ?? null);
  };
  const submit = (event: FormEvent<HTMLFormElement>) => {
    const message = check.current?.(new FormData(event.currentTarget));
    if (message) event.preventDefault();
    setOwn(message);
  };
  if (result?.ok) {
    return <SentNote>{result.message}</SentNote>;
  }
  const inputId = `${id}-email_address`;
  const errorId = `${inputId}-error`;
  return (
    <fetcher.Form
      method="post"
      action={href("/newsletter")}
      id={id}
      noValidate
      onFocus={load}
      onInput={recheck}
      onSubmit={submit}
      className={compact ? "space-y-2" : "space-y-3"}
    >
      <input type="hidden" name="source" value={source} />
      <input type="hidden" name="redirectTo" value={redirectTo ?? location.pathname + location.search} />
      <label htmlFor={inputId} className="block font-medium text-sm">
        {words.label}
      </label>
      <div className="flex gap-2">
        <input
          id={inputId}
          name="email_address"
          type="email"
          defaultValue={lastResult?.initialValue?.email_address?.toString()}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
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
      {error ? (
        <p id={errorId} className="text-red-700 text-sm dark:text-red-300">
          {error}
        </p>
      ) : result && !result.ok && own === undefined ? (
        <p role="alert" className="text-red-700 text-sm dark:text-red-300">
          {result.message}
        </p>
      ) : null}
    </fetcher.Form>
  );
}
