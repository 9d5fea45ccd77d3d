import { useId } from "react";
import { ChartFigure } from "../charts/chart-figure";

/**
 * Raised over time against the goal: a step line of the running total and a dashed goal line, as SVG
 * with a title and description for screen readers, and the same numbers as a table.
 */
export function RaisedChart({
  series,
  goal,
  start,
  format,
}: {
  series: { date: string; total: number }[];
  goal: number;
  start: number;
  format: (n: number) => string;
}) {
  const id = useId();
  const points = series.map((p) => ({ ...p, total: p.total + start }));
  const top = Math.max(goal, ...points.map((p) => p.total), 1);
  const w = 320;
  const h = 140;
  const x = (i: number) => (points.length <= 1 ? w / 2 : 10 + (i / (points.length - 1)) * (w - 20));
  const y = (v: number) => h - 10 - (v / top) * (h - 30);
  const path = points.map((p, i) => `${i ? "L" : "M"}${x(i).toFixed(1)} ${y(p.total).toFixed(1)}`).join(" ");
  const last = points.at(-1)?.total ?? start;
  const summary = points.length
    ? `${format(last)} raised by ${points.at(-1)?.date} against a goal of ${format(goal)}, over ${points.length} days with gifts.`
    : `No gifts yet; the goal is ${format(goal)}.`;
  return (
    <ChartFigure
      caption="Raised over time"
      tableCaption="Raised over time"
      columns={["Date", "Raised to date"]}
      rows={points.map((p) => ({ key: p.date, label: p.date, value: format(p.total) }))}
    >
      <svg role="img" aria-labelledby={`${id}-t ${id}-d`} viewBox={`0 0 ${w} ${h}`} className="mt-3 w-full max-w-md">
        <title id={`${id}-t`}>Raised over time against the goal</title>
        <desc id={`${id}-d`}>{summary}</desc>
        <line x1="0" x2={w} y1={y(goal)} y2={y(goal)} strokeDasharray="4 4" className="stroke-slate-500" />
        <text x="4" y={y(goal) - 4} className="fill-slate-700 text-[11px] dark:fill-slate-200">
          Goal {format(goal)}
        </text>
        {points.length ? <path d={path} fill="none" strokeWidth="2.5" className="stroke-emerald-600" /> : null}
        {points.map((p, i) => (
          <circle key={p.date} cx={x(i)} cy={y(p.total)} r="3" className="fill-emerald-600" />
        ))}
      </svg>
    </ChartFigure>
  );
}
