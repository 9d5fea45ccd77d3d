import { href, Link } from "react-router";
import { pageMeta } from "~/lib/site";
import { auditActionName, auditTime } from "~/lib/teams/audit";
import { auditPage } from "~/server/teams/audit.server";
import { managedTeamOr404 } from "./+shared/managed-team.server";
import type { Route } from "./+types/audit";

export const meta = ({ loaderData }: Route.MetaArgs) => [
  ...pageMeta(`Audit log · ${loaderData?.team.name ?? "Team"}`),
  { name: "robots", content: "noindex" },
];

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { db, team } = await managedTeamOr404(context, params.id);
  const raw = new URL(request.url).searchParams.get("before") ?? "";
  const before = /^[1-9]\d{0,15}$/.test(raw) ? Number(raw) : null;
  const { entries, more } = await auditPage(db, team.id, before);
  return { team, entries, more, first: before === null };
}

export default function Audit({ loaderData }: Route.ComponentProps) {
  const { team, entries, more, first } = loaderData;
  const last = entries.at(-1);
  const here = href("/teams/:id/audit", { id: team.id });
  return (
    <section className="mx-auto max-w-3xl px-4 py-10 sm:px-6">
      <Link to={href("/teams/:id", { id: team.id })} className="text-brand-700 text-sm underline dark:text-brand-200">
        ← {team.name}
      </Link>
      <h1 className="mt-2 font-bold text-3xl tracking-tight">Audit log</h1>
      <p className="mt-2 text-slate-600 dark:text-slate-300">
        Who changed what in {team.name}, newest first. Entries keep the name and address their author had at the time,
        also after they leave.
      </p>
      <p className="mt-4">
        <a
          href={href("/teams/:id/audit.csv", { id: team.id })}
          download
          className="inline-block rounded-md border border-slate-300 px-3 py-1.5 font-medium text-sm dark:border-slate-700"
        >
          Download the whole log as CSV
        </a>
      </p>
      {entries.length === 0 ? (
        <p className="mt-8 text-slate-600 dark:text-slate-300">
          {first ? "Nothing recorded yet." : "No older entries."}
        </p>
      ) : (
        <ol aria-label="Audit entries" className="mt-6 divide-y divide-slate-200 dark:divide-slate-800">
          {entries.map((e) => (
            <li key={e.id} className="py-3">
              <p className="font-medium [overflow-wrap:anywhere]">
                {auditActionName(e.action)}
                {e.subject ? <span className="font-normal">: {e.subject}</span> : null}
                {e.detail ? (
                  <span className="font-normal text-slate-600 dark:text-slate-300"> · {e.detail}</span>
                ) : null}
              </p>
              <p className="mt-1 text-slate-600 text-sm [overflow-wrap:anywhere] dark:text-slate-300">
                {e.actorName} ({e.actorEmail}){e.actorGone ? ", account since deleted" : ""} ·{" "}
                <time dateTime={e.at.toISOString()} className="whitespace-nowrap">
                  {auditTime(e.at)}
                </time>
              </p>
            </li>
          ))}
        </ol>
      )}
      <nav aria-label="Pages of the log" className="mt-6 flex gap-4 text-sm">
        {first ? null : (
          <Link to={here} className="text-brand-700 underline dark:text-brand-200">
            Newest entries
          </Link>
        )}
        {more && last ? (
          <Link to={`${here}?before=${last.id}`} className="text-brand-700 underline dark:text-brand-200">
            Older entries
          </Link>
        ) : null}
      </nav>
    </section>
  );
}
