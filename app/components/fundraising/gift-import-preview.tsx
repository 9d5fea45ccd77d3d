type PreviewGift = {
  row: number;
  name: string;
  email: string;
  amount: string;
  refunded: string | null;
  date: string;
  method: string;
  recurring: boolean;
  fileCampaign: string | null;
  /** The donor's yes to email, in the opt-in column's words. */
  optIn: string | null;
  match: { id: number; name: string } | null;
  already: boolean;
};

/** The gift import's preview rows: who, how much, when, and whether each donor is new, known or imported before. */
export function GiftPreviewList({ gifts }: { gifts: PreviewGift[] }) {
  return (
    <ul className="mt-3 divide-y divide-slate-200 text-sm dark:divide-slate-800" data-testid="gift-preview">
      {gifts.map((g) => (
        <li
          key={g.row}
          className={`grid gap-1 py-3 sm:grid-cols-[4rem_1fr_8rem_7rem_10rem] sm:items-center sm:gap-3 ${g.already ? "opacity-60" : ""}`}
        >
          <span className="text-slate-500 dark:text-slate-400">Row {g.row}</span>
          <span className="min-w-0 break-words">
            <span className="font-semibold">{g.name || g.email}</span>
            {g.name && g.email ? <span className="block text-slate-600 dark:text-slate-300">{g.email}</span> : null}
          </span>
          <span className="font-semibold sm:text-right">
            {g.amount}
            {g.refunded ? (
              <span className="block font-normal text-red-700 text-xs dark:text-red-300">{g.refunded} refunded</span>
            ) : null}
          </span>
          <span>
            {g.date}
            <span className="block text-slate-600 text-xs dark:text-slate-300">
              {g.method}
              {g.recurring ? " · recurring" : ""}
            </span>
          </span>
          <span className="text-xs">
            {g.already ? (
              "Imported before"
            ) : g.match ? (
              <span className="rounded bg-emerald-100 px-1.5 py-0.5 text-emerald-900 dark:bg-emerald-900/40 dark:text-emerald-100">
                In your network: {g.match.name}
              </span>
            ) : (
              <span className="rounded bg-sky-100 px-1.5 py-0.5 text-sky-900 dark:bg-sky-900/40 dark:text-sky-100">
                New donor
              </span>
            )}
            {g.fileCampaign ? (
              <span className="mt-1 block text-slate-600 dark:text-slate-300">“{g.fileCampaign}” in the file</span>
            ) : null}
            {g.optIn ? (
              <span className="mt-1 block text-slate-600 dark:text-slate-300">Agreed to email ({g.optIn})</span>
            ) : null}
          </span>
        </li>
      ))}
    </ul>
  );
}
