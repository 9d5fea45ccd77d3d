import { Form, Link } from "react-router";
import { appContext } from "~/context";
import { PRIORITY_LABEL, PRIORITY_STAR_CLASS } from "~/lib/connection-rules";
import { pageMeta } from "~/lib/site";
import { requireUser } from "~/server/auth.server";
import { listConnections, PAGE_SIZE } from "~/server/connections.server";
import type { Route } from "./+types/connections";

export const meta = () => [...pageMeta("Connections"), { name: "robots", content: "noindex" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const app = context.get(appContext);
  const user = await requireUser(app, request);
  const url = new URL(request.url);
  const q = (url.searchParams.get("q") ?? "").slice(0, 100);
  const page = Math.max(1, Math.min(10_000, Number.parseInt(url.searchParams.get("page") ?? "1", 10) || 1));
  return { q, page, pageSize: PAGE_SIZE, ...(await listConnections(app.db, user.id, { q, page })) };
}

export default function Connections({ loaderData }: Route.ComponentProps) {
  const { rows, total, q, page, pageSize } = loaderData;
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const href = (p: number) => `?${new URLSearchParams({ ...(q ? { q } : {}), page: String(p) })}`;
  return (
    <section className="mx-auto max-w-5xl px-4 py-10 sm:px-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <h1 className="font-bold text-3xl tracking-tight">Connections</h1>
        <div className="flex flex-wrap gap-2">
          {(
            [
              ["csv", "Export CSV"],
              ["hubspot", "HubSpot CSV"],
              ["vcf", "Export vCard"],
            ] as const
          ).map(([format, label]) => (
            <a
              key={format}
              href={`/api/connections/export?format=${format}`}
              download
              className="rounded-md border border-slate-300 px-3 py-2.5 font-medium text-sm dark:border-slate-700"
            >
              {label}
            </a>
          ))}
          <Link
            to="/connections/import"
            className="rounded-md border border-slate-300 px-3 py-2.5 font-medium text-sm dark:border-slate-700"
          >
            Import
          </Link>
          <Link
            to="/capture"
            className="rounded-md bg-brand-600 px-4 py-2.5 font-semibold text-white hover:bg-brand-700"
          >
            Add someone
          </Link>
        </div>
      </div>
      <Form method="get" className="mt-6 flex gap-2" role="search">
        <label htmlFor="q" className="sr-only">
          Search name, company, email or notes
        </label>
        <input
          id="q"
          name="q"
          type="search"
          defaultValue={q}
          placeholder="Search name, company, email or notes"
          className="min-w-0 flex-1 rounded-md border border-slate-300 px-3 py-2 dark:border-slate-700 dark:bg-slate-900"
        />
        <button
          type="submit"
          className="rounded-md border border-slate-300 px-4 py-2 font-medium dark:border-slate-700"
        >
          Search
        </button>
      </Form>
      <p className="mt-4 text-slate-600 text-sm dark:text-slate-300">
        {total} {total === 1 ? "person" : "people"}
        {q ? ` matching “${q}”` : ""}
      </p>
      <ul className="mt-3 divide-y divide-slate-200 rounded-xl border border-slate-200 dark:divide-slate-800 dark:border-slate-800">
        {rows.map((c) => (
          <li key={c.id}>
            <Link
              to={`/connections/${c.id}`}
              className="flex flex-wrap items-center justify-between gap-2 p-4 hover:bg-slate-50 dark:hover:bg-slate-900"
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
      {pages > 1 ? (
        <nav aria-label="Pages" className="mt-4 flex items-center justify-between text-sm">
          {page > 1 ? <Link to={href(page - 1)}>← Newer</Link> : <span />}
          <span>
            Page {page} of {pages}
          </span>
          {page < pages ? <Link to={href(page + 1)}>Older →</Link> : <span />}
        </nav>
      ) : null}
    </section>
  );
}
