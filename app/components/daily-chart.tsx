import { useId } from "react";

/**
 * Counts per day as SVG columns, with a title and a description that reads the numbers out, and the
 * same numbers as a table a click away: the chart is never the only way to read them.
 */
export function DailyChart({
  title,
  points,
  unit,
}: {
  title: string;
  points: { day: string; value: number }[];
  unit: string;
}) {
  const id = useId();
  const max = Math.max(1, ...points.map((p) => p.value));
  const width = 600;
  const height = 120;
  const step = width / Math.max(1, points.length);
  const total = points.reduce((s, p) => s + p.value, 0);
  const busiest = points.reduce((b, p) => (p.value > b.value ? p : b), points[0] ?? { day: "", value: 0 });
  const label = (day: string) =>
    new Date(`${day}T00:00:00Z`).toLocaleDateString("en-US", { month: "short", day: "numeric", timeZone: "UTC" });
  return (
    <figure className="rounded-xl border border-slate-200 p-4 dark:border-slate-800">
      <figcaption className="font-semibold">
        {title} <span className="font-normal text-slate-600 text-sm dark:text-slate-300">({total} in all)</span>
      </figcaption>
      <svg
        role="img"
        aria-labelledby={`${id}-title ${id}-desc`}
        viewBox={`0 0 ${width} ${height + 20}`}
        className="mt-3 h-auto w-full"
        preserveAspectRatio="none"
      >
        <title id={`${id}-title`}>{title}</title>
        <desc id={`${id}-desc`}>
          {total
            ? `${total} ${unit} over ${points.length} days, most on ${label(busiest.day)} (${busiest.value}).`
            : `No ${unit} in these ${points.length} days.`}
        </desc>
        <line x1="0" y1={height} x2={width} y2={height} className="stroke-slate-300 dark:stroke-slate-600" />
        {points.map((p, i) => {
          const h = Math.round((p.value / max) * (height - 10));
          return (
            <rect
              key={p.day}
              x={i * step + 1}
              y={height - h}
              width={Math.max(1, step - 2)}
              height={h}
              rx="1.5"
              className="fill-brand-600 dark:fill-brand-200"
            >
              <title>{`${label(p.day)}: ${p.value}`}</title>
            </rect>
          );
        })}
        <text x="0" y={height + 16} className="fill-slate-700 text-[12px] dark:fill-slate-300">
          {points[0] ? label(points[0].day) : ""}
        </text>
        <text x={width} y={height + 16} textAnchor="end" className="fill-slate-700 text-[12px] dark:fill-slate-300">
          {points.at(-1) ? label(points.at(-1)?.day ?? "") : ""}
        </text>
      </svg>
      <details className="mt-2 text-sm">
        <summary className="cursor-pointer text-slate-700 dark:text-slate-300">Show the numbers</summary>
        <table className="mt-2 w-full text-left">
          <caption className="sr-only">{title} per day</caption>
          <thead>
            <tr>
              <th scope="col">Day</th>
              <th scope="col" className="text-right">
                Count
              </th>
            </tr>
          </thead>
          <tbody>
            {points
              .filter((p) => p.value > 0)
              .map((p) => (
                <tr key={p.day} className="border-slate-200 border-t dark:border-slate-800">
                  <th scope="row" className="py-1 font-normal">
                    {label(p.day)}
                  </th>
                  <td className="py-1 text-right">{p.value}</td>
                </tr>
              ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}
