import type { ReactNode } from "react";

/**
 * The frame every chart shares: a caption, the drawing (an SVG with its own title and description),
 * and the same numbers as a table a click away, so the chart is never the only way to read them.
 */
export function ChartFigure({
  caption,
  tableCaption,
  columns,
  rows,
  children,
}: {
  caption: ReactNode;
  /** What the table holds, for screen readers. */
  tableCaption: string;
  /** The two column headings: what each row is, and its value. */
  columns: [string, string];
  /** The rows of the table; none means no table. */
  rows: { key: string; label: ReactNode; value: ReactNode }[];
  children: ReactNode;
}) {
  return (
    <figure className="rounded-xl border border-slate-200 p-4 break-inside-avoid dark:border-slate-800">
      <figcaption className="font-semibold">{caption}</figcaption>
      {children}
      {rows.length ? (
        <details className="mt-2 text-sm print:hidden">
          <summary className="cursor-pointer text-slate-700 dark:text-slate-300">Show the numbers</summary>
          <table className="mt-2 w-full text-left">
            <caption className="sr-only">{tableCaption}</caption>
            <thead>
              <tr>
                <th scope="col">{columns[0]}</th>
                <th scope="col" className="text-right">
                  {columns[1]}
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr key={r.key} className="border-slate-200 border-t dark:border-slate-800">
                  <th scope="row" className="py-1 font-normal">
                    {r.label}
                  </th>
                  <td className="py-1 text-right">{r.value}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </details>
      ) : null}
    </figure>
  );
}
