import { type ReactNode, useId, useState } from "react";

/**
 * One item open at a time; pressing the open item closes it. Buttons carry aria-expanded and controls.
 * On a page without framework JavaScript /site.js drives the same markup (`data-accordion`).
 */
export function Accordion({ items }: { items: { question: string; answer: ReactNode }[] }) {
  const [open, setOpen] = useState<number | null>(null);
  const base = useId();
  return (
    <div
      data-accordion=""
      className="divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white dark:divide-slate-800 dark:border-slate-800 dark:bg-slate-900"
    >
      {items.map((item, i) => {
        const expanded = open === i;
        return (
          <div key={item.question}>
            <h3>
              <button
                type="button"
                id={`${base}-b${i}`}
                aria-expanded={expanded}
                aria-controls={`${base}-p${i}`}
                onClick={() => setOpen(expanded ? null : i)}
                className="group flex w-full items-center justify-between gap-4 px-5 py-4 text-left font-semibold hover:bg-slate-50 dark:hover:bg-slate-800/60"
              >
                {item.question}
                <span aria-hidden="true" className="transition-transform group-aria-expanded:rotate-45">
                  +
                </span>
              </button>
            </h3>
            <section
              id={`${base}-p${i}`}
              aria-labelledby={`${base}-b${i}`}
              hidden={!expanded}
              className="px-5 pb-5 text-slate-700 dark:text-slate-300"
            >
              {item.answer}
            </section>
          </div>
        );
      })}
    </div>
  );
}
