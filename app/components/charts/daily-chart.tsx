import { useId } from "react";
import { dateTimeFormat } from "~/lib/time/time";
import { ChartFigure } from "./chart-figure";

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
    dateTimeFormat("UTC", { month: "short", day: "numeric" }).format(new Date(`${day}T00:00:00Z`));
  return (
    <ChartFigure
      caption={
        <>
          {title} <span className="font-normal text-slate-600 text-sm dark:text-slate-300">({total} in all)</span>
        </>
      }
      tableCaption={`${title} per day`}
      columns={["Day", "Count"]}
      rows={points.filter((p) => p.value > 0).map((p) => ({ key: p.day, label: label(p.day), value: p.value }))}
    >
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
    </ChartFigure>
  );
}
