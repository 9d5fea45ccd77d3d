// The plan pages' shared look, so each section reads the same on its own page and on the overview.
export const box = "rounded-xl border border-slate-200 p-5 dark:border-slate-800";
export const muted = "text-slate-600 text-sm dark:text-slate-300";
export const primary =
  "inline-flex items-center justify-center rounded-md bg-brand-600 px-4 py-2.5 font-semibold text-sm text-white hover:bg-brand-700";
export const secondary =
  "inline-flex items-center justify-center rounded-md border border-slate-300 px-4 py-2.5 font-semibold text-sm hover:bg-slate-50 dark:border-slate-700 dark:hover:bg-slate-800";
