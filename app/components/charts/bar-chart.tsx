import { useId } from "react";
import { excerpt } from "~/lib/text/graphemes";
import { ChartFigure } from "./chart-figure";

export type Bar = { label: string; value: number };

/**
 * A horizontal bar chart as SVG with a title and description for screen readers, and the same
 * numbers as a table a click away, so the chart is never the only way to read them.
 */
export function BarChart({
  title,
  bars,
  unit = "people",
  format = String,
}: {
  title: string;
  bars: Bar[];
  unit?: string;
  /** How a value reads (money, say); counts by default. */
  format?: (n: number) => string;
}) {
  const id = useId();
  const max = Math.max(1, ...bars.map((b) => b.value));
  const row = 28;
  const height = Math.max(row, bars.length * row);
  const total = bars.reduce((sum, b) => sum + b.value, 0);
  const summary = bars.map((b) => `${b.label}: ${format(b.value)}`).join(", ");
  return (
    <ChartFigure
      caption={title}
      tableCaption={title}
      columns={["Group", "Count"]}
      rows={bars.map((b) => ({ key: b.label, label: b.label, value: format(b.value) }))}
    >
      {bars.length ? (
        <svg
          role="img"
          aria-labelledby={`${id}-title ${id}-desc`}
          viewBox={`0 0 320 ${height}`}
          className="mt-3 w-full max-w-sm"
          preserveAspectRatio="xMinYMin meet"
        >
          <title id={`${id}-title`}>{title}</title>
          <desc id={`${id}-desc`}>{`${summary}. ${format(total)} ${unit} in all.`}</desc>
          {bars.map((b, i) => {
            const width = Math.round((b.value / max) * 140);
            return (
              <g key={b.label} transform={`translate(0 ${i * row})`}>
                <text x="0" y="18" className="fill-slate-800 text-[13px] dark:fill-slate-100">
                  {excerpt(b.label, 18)}
                </text>
                <rect
                  x="140"
                  y="5"
                  width={Math.max(width, b.value ? 3 : 0)}
                  height="18"
                  rx="3"
                  className="fill-brand-600 dark:fill-brand-200"
                />
                <text x={146 + width} y="18" className="fill-slate-800 font-semibold text-[13px] dark:fill-slate-100">
                  {format(b.value)}
                </text>
              </g>
            );
          })}
        </svg>
      ) : (
        <p className="mt-3 text-slate-600 text-sm dark:text-slate-300">Nobody yet.</p>
      )}
    </ChartFigure>
  );
}
