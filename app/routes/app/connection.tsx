import { Link } from "react-router";
import { appContext } from "~/context";
import { safeHref } from "~/lib/card";
import { PRIORITY_LABEL, PRIORITY_STAR_CLASS } from "~/lib/connection-rules";
import { pageMeta } from "~/lib/site";
import { requireUser } from "~/server/auth.server";
import { getConnection } from "~/server/connections.server";
import type { Route } from "./+types/connection";

export const meta = () => [...pageMeta("Connection"), { name: "robots", content: "noindex" }];

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const app = context.get(appContext);
  const user = await requireUser(app, request);
  const id = Number(params.id);
  const row = Number.isSafeInteger(id) ? await getConnection(app.db, user.id, id) : undefined;
  if (!row) throw new Response("Not Found", { status: 404, statusText: "Not Found" });
  return { connection: row };
}

export default function ConnectionPage({ loaderData }: Route.ComponentProps) {
  const c = loaderData.connection;
  const rows: [string, string | null, string | null][] = [
    ["Email", c.email, c.email ? safeHref(`mailto:${c.email}`) : null],
    ["Phone", c.phone, c.phone ? safeHref(`tel:${c.phone.replace(/[^\d+]/g, "")}`) : null],
    ["Website", c.website, safeHref(c.website)],
    ["LinkedIn", c.linkedin, safeHref(c.linkedin)],
    ["Met at", c.eventName, null],
  ];
  return (
    <section className="mx-auto max-w-3xl px-4 py-10 sm:px-6">
      <Link to="/connections" className="text-brand-700 text-sm underline dark:text-brand-200">
        ← All connections
      </Link>
      <h1 className="mt-2 font-bold text-3xl tracking-tight">{c.name}</h1>
      <p className="text-slate-600 dark:text-slate-300">{[c.title, c.company].filter(Boolean).join(" at ")}</p>
      <p className="mt-3 flex flex-wrap items-center gap-2 text-sm">
        <span className={PRIORITY_STAR_CLASS[c.priority]} aria-hidden="true">
          ★
        </span>
        {PRIORITY_LABEL[c.priority]}
        <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs dark:bg-slate-800">{c.status}</span>
        {c.tags.map((t) => (
          <span
            key={t}
            className="rounded-full bg-brand-50 px-2 py-0.5 text-brand-900 text-xs dark:bg-brand-900 dark:text-brand-50"
          >
            {t}
          </span>
        ))}
      </p>
      <dl className="mt-6 grid grid-cols-[6rem_1fr] gap-2">
        {rows
          .filter(([, v]) => v)
          .map(([label, value, href]) => (
            <div key={label} className="contents">
              <dt className="text-slate-600 dark:text-slate-300">{label}</dt>
              <dd className="break-words">
                {href ? (
                  <a href={href} className="underline">
                    {value}
                  </a>
                ) : (
                  value
                )}
              </dd>
            </div>
          ))}
      </dl>
      {c.notes ? (
        <p className="mt-6 whitespace-pre-wrap rounded-lg bg-slate-50 p-4 dark:bg-slate-900">{c.notes}</p>
      ) : null}
    </section>
  );
}
