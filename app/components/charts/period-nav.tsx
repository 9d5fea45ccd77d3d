import { Link } from "react-router";

/** The periods card analytics offer, in days. */
const PERIODS = [7, 30, 90] as const;

/** The period a page's `?days=` asks for, when it is one offered; else 30 days. */
export function periodOf(request: Request): number {
  const asked = Number(new URL(request.url).searchParams.get("days"));
  return PERIODS.includes(asked as 30) ? asked : 30;
}

/** The links between the periods, the current one marked. */
export function PeriodNav({ days }: { days: number }) {
  return (
    <nav aria-label="Period" className="mt-4 flex gap-2">
      {PERIODS.map((p) => (
        <Link
          key={p}
          to={`?days=${p}`}
          aria-current={p === days ? "page" : undefined}
          className={`rounded-md border px-3 py-1.5 font-medium text-sm ${p === days ? "border-brand-600 bg-brand-600 text-white" : "border-slate-300 dark:border-slate-700"}`}
        >
          {p} days
        </Link>
      ))}
    </nav>
  );
}
