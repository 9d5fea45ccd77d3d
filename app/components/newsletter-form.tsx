import { useId } from "react";
import { useFetcher, useLocation } from "react-router";

export const NEWSLETTER_SUCCESS = "Success! Now check your email to confirm your subscription.";

type NewsletterResult = { ok: boolean; message: string; fieldError?: string; email?: string };

/** One form for the header dropdown, the footer and the slide-in; posts to /newsletter. */
export function NewsletterForm({ source, compact = false }: { source: string; compact?: boolean }) {
  const fetcher = useFetcher<NewsletterResult>();
  const location = useLocation();
  const id = useId();
  const result = fetcher.data;
  const busy = fetcher.state !== "idle";
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
    <fetcher.Form method="post" action="/newsletter" className={compact ? "space-y-2" : "space-y-3"} noValidate>
      <input type="hidden" name="source" value={source} />
      <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
      <label htmlFor={`${id}-email`} className="block font-medium text-sm">
        Email address
      </label>
      <div className="flex gap-2">
        <input
          id={`${id}-email`}
          name="email_address"
          type="email"
          required
          autoComplete="email"
          placeholder="you@example.org"
          defaultValue={result?.email}
          aria-invalid={result?.fieldError ? true : undefined}
          aria-describedby={result?.fieldError ? `${id}-error` : undefined}
          className="min-w-0 flex-1 rounded-md border border-slate-300 bg-white px-3 py-2 text-slate-900 text-sm placeholder:text-slate-500 focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-500/30 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100 dark:placeholder:text-slate-400"
        />
        <button
          type="submit"
          disabled={busy}
          className="rounded-md bg-brand-600 px-4 py-2 font-semibold text-sm text-white hover:bg-brand-700 disabled:opacity-60"
        >
          {busy ? "Subscribing..." : "Subscribe"}
        </button>
      </div>
      {result?.fieldError ? (
        <p id={`${id}-error`} className="text-red-700 text-sm dark:text-red-300">
          {result.fieldError}
        </p>
      ) : result && !result.ok ? (
        <p role="alert" className="text-red-700 text-sm dark:text-red-300">
          {result.message}
        </p>
      ) : null}
    </fetcher.Form>
  );
}
