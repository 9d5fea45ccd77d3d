import { Form, href, Link } from "react-router";
import { formatInZone } from "~/lib/time/time";
import type { loadSuggestions } from "../suggestions.server";
import { small } from "./parts";

type Suggestions = Awaited<ReturnType<typeof loadSuggestions>>;

/** What might change the person, for the owner to take or leave: nothing here changes them by itself. */
export function SuggestionsSection({
  c,
  data: { offered, suggestion, enrichmentLocked, merges, duplicates },
  timeZone,
  mergeError,
}: {
  c: { id: number };
  data: Suggestions;
  timeZone: string;
  mergeError: string | undefined;
}) {
  return (
    <>
      {offered.length ? (
        <section
          aria-labelledby="offered-title"
          className="mt-4 rounded-lg border border-dashed border-slate-300 p-3 text-sm dark:border-slate-700"
        >
          <h2 id="offered-title" className="font-semibold">
            They gave different details
          </h2>
          <p className="text-slate-600 dark:text-slate-300">Nothing you have was changed. Take what is newer.</p>
          <ul className="mt-2 space-y-2">
            {offered.map((o) => (
              <li key={o.id} className="flex flex-wrap items-center gap-2">
                <span className="[overflow-wrap:anywhere]">
                  {o.label}: <strong>{o.value}</strong>
                  {o.detail ? <span className="text-slate-600 dark:text-slate-300"> ({o.detail})</span> : null}
                </span>
                <Form method="post" className="contents">
                  <input type="hidden" name="suggestionId" value={o.id} />
                  <button
                    type="submit"
                    name="intent"
                    value="accept-offered"
                    className={small}
                    aria-label={`Use ${o.label.toLowerCase()} ${o.value}`}
                  >
                    Use {o.label.toLowerCase()}
                  </button>
                  <button
                    type="submit"
                    name="intent"
                    value="dismiss-offered"
                    className={small}
                    aria-label={`Dismiss ${o.label.toLowerCase()} ${o.value}`}
                  >
                    Dismiss
                  </button>
                </Form>
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      {suggestion ? (
        <Form
          method="post"
          className="mt-4 flex flex-wrap items-center gap-2 rounded-lg border border-dashed border-slate-300 p-3 text-sm dark:border-slate-700"
        >
          <input type="hidden" name="intent" value="accept-suggestion" />
          <span>
            Suggested from their email (a guess, not something they gave):{" "}
            {[suggestion.company, suggestion.website].filter(Boolean).join(" · ")}
          </span>
          <button type="submit" className={small}>
            Accept suggestion
          </button>
        </Form>
      ) : enrichmentLocked ? (
        <p className="mt-4 rounded-lg border border-dashed border-slate-300 p-3 text-sm dark:border-slate-700">
          Card Pro suggests a company and website from a work email, for you to accept.{" "}
          <Link to={href("/settings/billing")} className="font-medium text-brand-700 underline dark:text-brand-200">
            See plans
          </Link>
        </p>
      ) : null}

      {merges.length ? (
        <Form method="post" className="mt-4 flex flex-wrap items-center gap-2 text-sm">
          <input type="hidden" name="intent" value="undo-merge" />
          <input type="hidden" name="mergeId" value={merges[0]?.id} />
          <span>
            Merged on {formatInZone(merges[0]?.createdAt ?? 0, timeZone, { dateStyle: "medium", timeStyle: "short" })}.
          </span>
          <button type="submit" className={small}>
            Undo merge
          </button>
        </Form>
      ) : null}
      {mergeError ? (
        <p role="alert" className="mt-2 text-red-700 text-sm dark:text-red-300">
          {mergeError}
        </p>
      ) : null}

      {duplicates.length ? (
        <section
          aria-labelledby="duplicates-title"
          className="mt-6 rounded-lg border border-amber-300 bg-amber-50 p-4 text-amber-950 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-50"
        >
          <h2 id="duplicates-title" className="font-semibold">
            Possible duplicates
          </h2>
          <ul className="mt-2 space-y-2 text-sm">
            {duplicates.map((d) => (
              <li key={d.id}>
                <div className="flex flex-wrap items-center gap-2">
                  <Link to={href("/connections/:id", { id: String(d.id) })} className="font-medium underline">
                    {d.name}
                  </Link>
                  <span>{[d.company, d.email].filter(Boolean).join(" · ")}</span>
                  <Link
                    to={`${href("/connections/merge")}?id=${c.id}&id=${d.id}`}
                    className={`${small} bg-white dark:bg-slate-900`}
                  >
                    Compare and merge
                  </Link>
                </div>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </>
  );
}
