// The people list's filter sheet, bulk bar and export helpers: the route module keeps the loader, action and list.
import type { ChangeEvent, MouseEvent } from "react";
import { Form, href, Link } from "react-router";
import type { useDisclosure } from "~/components/site-header";
import { PRIORITIES, PRIORITY_LABEL, STATUSES } from "~/lib/people/connection-rules";
import { showToast } from "~/lib/platform/toast";

export const control = "rounded-md border border-slate-300 px-3 py-2 text-sm dark:border-slate-700 dark:bg-slate-900";

export const EXPORTS = [
  ["csv", "CSV"],
  ["xlsx", "Excel"],
  ["google", "Google CSV"],
  ["hubspot", "HubSpot CSV"],
  ["outlook", "Outlook CSV"],
  ["vcf", "vCard"],
] as const;

/** Downloads the checked people without leaving the page; without JavaScript the form does the same. */
function exportSelected(event: MouseEvent<HTMLButtonElement>) {
  const button = event.currentTarget;
  if (!button.form) return;
  event.preventDefault();
  const ids = new FormData(button.form).getAll("id").map(String);
  if (ids.length === 0) {
    showToast("warning", "Choose people to export");
    return;
  }
  const query = new URLSearchParams([["format", button.value], ...ids.map((id) => ["id", id])]);
  window.location.assign(`/api/connections/export?${query}`);
}

/** Checks or clears every person on this page. */
export function selectAll(event: ChangeEvent<HTMLInputElement>) {
  for (const box of document.querySelectorAll<HTMLInputElement>('input[form="bulk"][name="id"]'))
    box.checked = event.currentTarget.checked;
}

/** The filters: a bottom sheet on phones, a panel under the search on wider screens; part of the search form. */
export function FilterSheet({
  view,
  tags,
  events,
  active,
  disclosure,
}: {
  view: Record<string, string>;
  tags: string[];
  events: string[];
  active: number;
  disclosure: ReturnType<typeof useDisclosure>;
}) {
  return (
    <details {...disclosure.props}>
      <summary className={`${control} cursor-pointer font-medium`}>Filters{active ? ` (${active})` : ""}</summary>
      {/* A bottom sheet on phones, a panel under the search on wider screens. */}
      <button
        type="button"
        tabIndex={-1}
        aria-hidden="true"
        className="fixed inset-0 z-40 bg-black/40 md:hidden"
        onClick={() => disclosure.setOpen(false)}
      />
      <div className="fixed inset-x-0 bottom-0 z-50 grid max-h-[85dvh] gap-3 overflow-y-auto rounded-t-2xl bg-white p-4 pb-0 shadow-2xl sm:grid-cols-2 md:absolute md:inset-x-0 md:top-full md:bottom-auto md:z-30 md:mt-2 md:max-h-none md:grid-cols-4 md:rounded-xl md:border md:border-slate-200 md:pb-4 md:shadow-lg dark:bg-slate-900 md:dark:border-slate-800">
        <div className="flex items-center justify-between sm:col-span-2 md:hidden">
          <h2 className="font-semibold text-lg">Filters</h2>
          <button type="button" className="px-2 py-1 text-sm underline" onClick={() => disclosure.setOpen(false)}>
            Close
          </button>
        </div>
        <label className="text-sm">
          <span className="mb-1 block font-medium">Tag</span>
          <select name="tag" defaultValue={view.tag} className={`${control} w-full`}>
            <option value="">Any</option>
            {tags.map((t) => (
              <option key={t}>{t}</option>
            ))}
          </select>
        </label>
        <label className="text-sm">
          <span className="mb-1 block font-medium">Priority</span>
          <select name="priority" defaultValue={view.priority} className={`${control} w-full`}>
            <option value="">Any</option>
            {PRIORITIES.map((p) => (
              <option key={p} value={p}>
                {PRIORITY_LABEL[p]}
              </option>
            ))}
          </select>
        </label>
        <label className="text-sm">
          <span className="mb-1 block font-medium">Status</span>
          <select name="status" defaultValue={view.status} className={`${control} w-full`}>
            <option value="">Any</option>
            {STATUSES.map((s) => (
              <option key={s}>{s}</option>
            ))}
          </select>
        </label>
        <label className="text-sm">
          <span className="mb-1 block font-medium">Event</span>
          <select name="event" defaultValue={view.event} className={`${control} w-full`}>
            <option value="">Any</option>
            {events.map((e) => (
              <option key={e}>{e}</option>
            ))}
          </select>
        </label>
        <label className="text-sm">
          <span className="mb-1 block font-medium">Met from</span>
          <input type="date" name="from" defaultValue={view.from} className={`${control} w-full`} />
        </label>
        <label className="text-sm">
          <span className="mb-1 block font-medium">Met until</span>
          <input type="date" name="to" defaultValue={view.to} className={`${control} w-full`} />
        </label>
        <label className="text-sm">
          <span className="mb-1 block font-medium">Donor</span>
          <select name="donor" defaultValue={view.donor} className={`${control} w-full`}>
            <option value="">Anyone</option>
            <option value="donor">Has given</option>
            <option value="non-donor">Has not given</option>
          </select>
        </label>
        <label className="text-sm">
          <span className="mb-1 block font-medium">Given at least</span>
          <input name="givenMin" inputMode="decimal" defaultValue={view.givenMin} className={`${control} w-full`} />
        </label>
        <label className="text-sm">
          <span className="mb-1 block font-medium">Given at most</span>
          <input name="givenMax" inputMode="decimal" defaultValue={view.givenMax} className={`${control} w-full`} />
        </label>
        <label className="text-sm">
          <span className="mb-1 block font-medium">Sort</span>
          <select name="sort" defaultValue={view.sort || "newest"} className={`${control} w-full`}>
            <option value="newest">Newest first</option>
            <option value="oldest">Oldest first</option>
            <option value="name">Name</option>
            <option value="priority">Priority</option>
          </select>
        </label>
        {/* On a phone the sheet scrolls; Apply stays in reach at its foot. */}
        <div className="sticky bottom-0 -mx-4 flex items-end gap-2 border-slate-200 border-t bg-white px-4 pt-3 pb-[calc(1rem+env(safe-area-inset-bottom))] sm:col-span-2 md:static md:col-span-1 md:mx-0 md:border-0 md:bg-transparent md:px-0 md:pt-0 md:pb-0 dark:border-slate-800 dark:bg-slate-900 md:dark:bg-transparent">
          <button
            type="submit"
            className="rounded-md bg-slate-900 px-4 py-2 font-medium text-sm text-white dark:bg-white dark:text-slate-900"
          >
            Apply
          </button>
          <Link to={href("/connections")} className="px-2 py-2 text-sm underline">
            Reset
          </Link>
        </div>
      </div>
    </details>
  );
}

/** Changes, merges or exports the ticked people; `here` is the page to come back to. */
export function BulkBar({ here }: { here: string }) {
  return (
    <Form
      method="post"
      id="bulk"
      className="sticky bottom-[calc(4.5rem+env(safe-area-inset-bottom))] z-30 mt-3 flex flex-wrap items-end gap-2 rounded-xl border border-slate-200 bg-slate-50 p-3 shadow-lg md:bottom-4 dark:border-slate-800 dark:bg-slate-900"
    >
      <input type="hidden" name="back" value={here} />
      <label className="text-sm">
        <span className="mb-1 block font-medium">Change the selected</span>
        <select name="change" className={control} defaultValue="">
          <option value="" disabled>
            Choose…
          </option>
          {PRIORITIES.map((p) => (
            <option key={p} value={`priority:${p}`}>
              Priority: {PRIORITY_LABEL[p]}
            </option>
          ))}
          {STATUSES.map((s) => (
            <option key={s} value={`status:${s}`}>
              Status: {s}
            </option>
          ))}
          <option value="add-tag">Add the tag</option>
          <option value="remove-tag">Remove the tag</option>
        </select>
      </label>
      <label className="text-sm">
        <span className="mb-1 block font-medium">Tag</span>
        <input name="tag" maxLength={40} className={control} />
      </label>
      <button type="submit" name="intent" value="bulk" className={`${control} font-medium`}>
        Apply to selected
      </button>
      <button type="submit" name="intent" value="merge" className={`${control} font-medium`}>
        Merge selected
      </button>
      <input type="hidden" name="selection" value="1" />
      {EXPORTS.map(([format, label]) => (
        <button
          key={format}
          type="submit"
          name="format"
          value={format}
          formMethod="get"
          formAction="/api/connections/export"
          onClick={exportSelected}
          className={`${control} font-medium`}
        >
          {label} of selected
        </button>
      ))}
    </Form>
  );
}
