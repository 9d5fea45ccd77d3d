import type { ReactNode } from "react";
import type { UpdateCategory } from "~/content/updates";
import { formatDay } from "~/lib/i18n/format";
import type { SayPage } from "~/lib/i18n/pages";

const CATEGORY_CLASS: Record<UpdateCategory, string> = {
  feature: "bg-brand-100 text-brand-700 dark:bg-brand-900 dark:text-brand-100",
  improvement: "bg-emerald-100 text-emerald-800 dark:bg-emerald-950 dark:text-emerald-200",
  "bug-fix": "bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-200",
  announcement: "bg-sky-100 text-sky-900 dark:bg-sky-950 dark:text-sky-200",
};

/**
 * An update's date and kind in the page's language (decision 0285), as the list and the update's own page both
 * show them; `children` follow.
 */
export function UpdateMeta({
  update,
  t,
  className = "",
  children,
}: {
  update: { date: string; category: UpdateCategory };
  t: SayPage;
  className?: string;
  children?: ReactNode;
}) {
  return (
    <div className={`flex flex-wrap items-center gap-2 text-sm ${className}`.trim()}>
      <time dateTime={update.date} className="text-slate-600 dark:text-slate-300">
        {formatDay(update.date, t.locale)}
      </time>
      <span className={`rounded-full px-2.5 py-0.5 font-semibold text-xs ${CATEGORY_CLASS[update.category]}`}>
        {t(`updates.category.${update.category}`)}
      </span>
      {children}
    </div>
  );
}
