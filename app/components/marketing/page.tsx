import type { ReactNode } from "react";
import { Link } from "react-router";
import { dateTimeFormat } from "~/lib/time/time";

export const btnPrimary =
  "inline-flex items-center justify-center rounded-md bg-brand-600 px-5 py-3 font-semibold text-white shadow-sm hover:bg-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600";
export const btnSecondary =
  "inline-flex items-center justify-center rounded-md border border-slate-300 bg-white px-5 py-3 font-semibold text-slate-800 hover:bg-slate-50 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100 dark:hover:bg-slate-800";
export const card = "rounded-xl border border-slate-200 bg-white p-6 dark:border-slate-800 dark:bg-slate-900";
export const linkClass = "font-semibold text-brand-700 underline-offset-2 hover:underline dark:text-brand-200";

/** The heading block every public page opens with. */
export function PageHero({ eyebrow, title, intro }: { eyebrow?: string; title: string; intro?: ReactNode }) {
  return (
    <div className="border-slate-200 border-b bg-gradient-to-b from-brand-50 to-white dark:border-slate-800 dark:from-brand-900/30 dark:to-slate-950">
      <div className="mx-auto max-w-5xl px-4 py-12 text-center sm:px-6 md:py-16">
        {eyebrow ? (
          <p className="font-semibold text-brand-700 text-sm uppercase tracking-wide dark:text-brand-200">{eyebrow}</p>
        ) : null}
        <h1 className="mt-2 font-extrabold text-3xl tracking-tight sm:text-5xl">{title}</h1>
        {intro ? <p className="mx-auto mt-4 max-w-2xl text-lg text-slate-600 dark:text-slate-300">{intro}</p> : null}
      </div>
    </div>
  );
}

/** External links always open in a new tab without handing over the opener. */
export function ExternalLink({
  href,
  className,
  children,
  newTab = " (opens in a new tab)",
}: {
  href: string;
  className?: string;
  children: ReactNode;
  /** What a screen reader hears after the link's name, in the page's language. */
  newTab?: string;
}) {
  return (
    <a href={href} target="_blank" rel="noopener noreferrer" className={className}>
      {children}
      <span className="sr-only">{newTab}</span>
    </a>
  );
}

export function Sections({ sections }: { sections: { heading: string; paragraphs: string[]; bullets?: string[] }[] }) {
  return (
    <div className="space-y-10">
      {sections.map((s) => (
        <section key={s.heading}>
          <h2 className="font-bold text-2xl tracking-tight">{s.heading}</h2>
          {s.paragraphs.map((p) => (
            <p key={p} className="mt-3 text-slate-700 leading-relaxed dark:text-slate-300">
              {p}
            </p>
          ))}
          {s.bullets ? (
            <ul className="mt-3 list-disc space-y-1.5 pl-6 text-slate-700 dark:text-slate-300">
              {s.bullets.map((b) => (
                <li key={b}>{b}</li>
              ))}
            </ul>
          ) : null}
        </section>
      ))}
    </div>
  );
}

export function CtaBanner({ title, text, to, label }: { title: string; text: string; to: string; label: string }) {
  return (
    <section className="mx-auto mt-16 max-w-5xl px-4 sm:px-6">
      <div className="flex flex-col items-start gap-4 rounded-2xl bg-brand-700 px-6 py-10 text-white sm:flex-row sm:items-center sm:justify-between sm:px-10">
        <div>
          <h2 className="font-bold text-2xl tracking-tight">{title}</h2>
          <p className="mt-2 text-white/85">{text}</p>
        </div>
        <Link to={to} className="shrink-0 rounded-md bg-white px-5 py-3 font-semibold text-brand-700 hover:bg-brand-50">
          {label}
        </Link>
      </div>
    </section>
  );
}

export function formatDate(iso: string) {
  return dateTimeFormat("UTC", { year: "numeric", month: "long", day: "numeric" }).format(
    new Date(`${iso.slice(0, 10)}T12:00:00Z`),
  );
}
