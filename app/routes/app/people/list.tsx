import { useEffect, useRef } from "react";
import { Form, href, Link, redirect, useLocation, useSubmit } from "react-router";
import { PersonPhoto } from "~/components/people/person-photo";
import { useDisclosure } from "~/components/site-header";
import { appContext } from "~/context";
import { PRIORITIES, PRIORITY_LABEL, PRIORITY_STAR_CLASS, STATUSES } from "~/lib/people/connection-rules";
import { pageMeta } from "~/lib/site";
import { ownersOf, pageRows } from "~/server/account/app-shell.server";
import { getUser } from "~/server/account/user.server";
import { type BulkChange, bulkChange } from "~/server/people/edit.server";
import { connectionsView, PAGE_SIZE } from "~/server/people/list.server";
import { MAX_MERGE } from "~/server/people/merge.server";
import { parseIds, unknownIntent } from "~/server/platform/http.server";
import { redirectWithToast } from "~/server/platform/toast.server";
import { BulkBar, control, EXPORTS, FilterSheet, selectAll } from "./+shared/parts";
import type { Route } from "./+types/list";

export const meta = () => [...pageMeta("Connections"), { name: "robots", content: "noindex" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const app = context.get(appContext);
  const user = getUser(context);
  const url = new URL(request.url);
  const { view, after, before, reads } = connectionsView(url);
  // On a load the list's reads came with the session and the shell, in one D1 round trip.
  const list = await reads.page(app.db, ownersOf(user), (await pageRows(context, app.db, ownersOf(user), reads)).rows);
  const asked = Math.max(1, Math.min(10_000, Number.parseInt(url.searchParams.get("page") ?? "1", 10) || 1));
  // A cursor that led nowhere (or no cursor) is the first page, whatever number the link carried.
  const page = list.prev === null ? 1 : Math.max(2, asked);
  return { view, page, pageSize: PAGE_SIZE, cursor: { after, before }, ...list };
}

export async function action({ request, context }: Route.ActionArgs) {
  const app = context.get(appContext);
  const user = getUser(context);
  const form = await request.formData();
  const ids = parseIds(form.getAll("id"));
  const back = String(form.get("back") ?? href("/connections"));
  const to = back.startsWith(href("/connections")) ? back : href("/connections");
  if (form.get("intent") === "merge") {
    if (ids.length < 2) {
      return redirectWithToast(to, { type: "warning", title: "Choose two or more people to merge" });
    }
    if (ids.length > MAX_MERGE)
      return redirectWithToast(to, { type: "warning", title: `Choose at most ${MAX_MERGE} people to merge at once` });
    // Nothing is merged here: the owner sees everyone side by side first and confirms there.
    return redirect(`${href("/connections/merge")}?${new URLSearchParams(ids.map((id) => ["id", String(id)]))}`);
  }
  if (form.get("intent") !== "bulk") unknownIntent();
  const [kind, value = ""] = String(form.get("change") ?? "").split(":");
  const tag = String(form.get("tag") ?? "").trim();
  const change: BulkChange | null =
    kind === "priority" && (PRIORITIES as readonly string[]).includes(value)
      ? { kind, value: value as "high" | "medium" | "low" }
      : kind === "status" && (STATUSES as readonly string[]).includes(value)
        ? { kind, value: value as "Active" }
        : (kind === "add-tag" || kind === "remove-tag") && tag
          ? { kind, value: tag }
          : null;
  if (!change || ids.length === 0) {
    return redirectWithToast(to, { type: "warning", title: "Choose people and a change first" });
  }
  const count = await bulkChange(app.db, ownersOf(user), ids, change, app);
  return redirectWithToast(to, {
    type: "success",
    title: count ? `Updated ${count} ${count === 1 ? "person" : "people"}` : "Nothing to change: they already had that",
  });
}

export default function Connections({ loaderData }: Route.ComponentProps) {
  const { rows, total, view, page, pageSize, tags, events, next, prev, cursor } = loaderData;
  const pages = Math.max(page, Math.ceil(total / pageSize));
  const filtered = Object.fromEntries(Object.entries(view).filter(([, v]) => v));
  const params = (p: number, at: Record<string, string | undefined>) =>
    `?${new URLSearchParams({
      ...filtered,
      ...Object.fromEntries(Object.entries(at).filter((e): e is [string, string] => Boolean(e[1]))),
      ...(p > 1 ? { page: String(p) } : {}),
    })}`;
  const here = `${href("/connections")}${params(page, cursor)}`;
  // Every navigation (each bulk action redirects back here) remounts the boxes, so a selection never
  // outlives the action it was made for.
  const { key: selectionKey } = useLocation();
  const filters = useDisclosure();
  const exportMenu = useDisclosure();
  const activeFilters = (Object.keys(view) as (keyof typeof view)[]).filter(
    (k) => k !== "q" && k !== "sort" && view[k],
  ).length;
  const submit = useSubmit();
  const typing = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(typing.current), []);
  // Search as you type, a moment after the last key; the URL keeps the query, so back and reload work.
  const searchAsYouType = (form: HTMLFormElement | null) => {
    clearTimeout(typing.current);
    typing.current = setTimeout(() => {
      if (form) submit(form, { replace: true, preventScrollReset: true });
    }, 300);
  };
  return (
    <section data-people-list="" className="mx-auto max-w-5xl px-4 py-6 sm:px-6 sm:py-10">
      {/* People first: one row of actions (exports in a menu), then search; filters wait in a sheet. */}
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="font-bold text-2xl tracking-tight sm:text-3xl">Connections</h1>
        <div className="flex flex-wrap items-center gap-2">
          <Link
            to={href("/connections/new")}
            className="rounded-md bg-brand-600 px-4 py-2 font-semibold text-sm text-white hover:bg-brand-700"
          >
            Add someone
          </Link>
          <Link to={href("/connections/import")} className={`${control} font-medium`}>
            Import
          </Link>
          <Link to={href("/connections/duplicates")} className={`${control} font-medium`}>
            Possible duplicates
          </Link>
          <details {...exportMenu.props} className="relative">
            <summary className={`${control} cursor-pointer font-medium`}>Export</summary>
            <div className="absolute right-0 z-30 mt-2 flex w-52 flex-col gap-1 rounded-lg border border-slate-200 bg-white p-2 shadow-lg dark:border-slate-800 dark:bg-slate-900">
              {EXPORTS.map(([format, label]) => (
                <a
                  key={format}
                  href={`/api/connections/export?format=${format}`}
                  download
                  className="rounded-md px-3 py-2 text-sm hover:bg-slate-100 dark:hover:bg-slate-800"
                >
                  Export {label}
                </a>
              ))}
            </div>
          </details>
        </div>
      </div>

      <Form
        method="get"
        className="relative mt-4 flex items-start gap-2"
        role="search"
        onSubmit={() => filters.setOpen(false)}
      >
        <label className="min-w-0 flex-1">
          <span className="sr-only">Search name, company, email or notes</span>
          <input
            name="q"
            type="search"
            defaultValue={view.q}
            placeholder="Search name, company, email or notes"
            onChange={(e) => searchAsYouType(e.currentTarget.form)}
            className={`${control} w-full`}
          />
        </label>
        <FilterSheet view={view} tags={tags} events={events} active={activeFilters} disclosure={filters} />
      </Form>

      <div className="mt-4 flex items-center justify-between gap-3 text-sm">
        <p className="text-slate-600 dark:text-slate-300">
          {total} {total === 1 ? "person" : "people"}
        </p>
        <label className="flex items-center gap-2">
          <input type="checkbox" onChange={selectAll} className="size-4" />
          All on this page
        </label>
      </div>

      <ul
        key={selectionKey}
        className="mt-2 divide-y divide-slate-200 rounded-xl border border-slate-200 dark:divide-slate-800 dark:border-slate-800"
      >
        {rows.map((c) => (
          <li key={c.id} className="flex items-center gap-3 p-4">
            <input
              type="checkbox"
              name="id"
              value={c.id}
              form="bulk"
              aria-label={`Select ${c.name}`}
              className="size-4"
            />
            <PersonPhoto name={c.name} url={c.photoUrl} size="sm" />
            <Link
              to={href("/connections/:id", { id: String(c.id) })}
              className="flex min-w-0 flex-1 flex-wrap items-center justify-between gap-2 hover:underline"
            >
              <div className="min-w-0">
                <p className="font-medium">{c.name}</p>
                <p className="truncate text-slate-600 text-sm dark:text-slate-300">
                  {[c.title, c.company].filter(Boolean).join(" at ") || c.email}
                  {c.eventName ? ` · Met at ${c.eventName}` : ""}
                </p>
              </div>
              <div className="flex items-center gap-2 text-sm">
                <span className={PRIORITY_STAR_CLASS[c.priority]} aria-hidden="true">
                  ★
                </span>
                <span>{PRIORITY_LABEL[c.priority]}</span>
                <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs dark:bg-slate-800">{c.status}</span>
              </div>
            </Link>
          </li>
        ))}
        {rows.length === 0 ? (
          <li className="p-6 text-center text-slate-600 dark:text-slate-300">Nobody here yet.</li>
        ) : null}
      </ul>
      {/* Shown once someone is ticked (where :has works), and kept in view above the tab bar while the list scrolls. */}
      <BulkBar key={selectionKey} here={here} />
      {next || prev ? (
        <nav aria-label="Pages" className="mt-4 flex items-center justify-between text-sm">
          {prev ? (
            <Link to={page <= 2 ? params(1, {}) : params(page - 1, { before: prev })}>← Previous</Link>
          ) : (
            <span />
          )}
          <span>
            Page {page} of {Math.max(pages, next ? page + 1 : page)}
          </span>
          {next ? <Link to={params(page + 1, { after: next })}>Next →</Link> : <span />}
        </nav>
      ) : null}
    </section>
  );
}
