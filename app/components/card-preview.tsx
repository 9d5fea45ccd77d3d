import { initials, safeHref, textOn } from "~/lib/card";
import { SITE } from "~/lib/site";
import { NetworkIcon, QrIcon } from "./icons";

export type PreviewCard = {
  avatarUrl?: string | null;
  name?: string;
  title?: string;
  company?: string;
  email?: string;
  phone?: string;
  website?: string;
  linkedin?: string;
  location?: string;
  notes?: string;
  template?: string;
  colour?: string;
  socialAccounts?: ({ platform?: string; url?: string } | undefined)[];
};

/** The owner's view of their card: what visitors see, with the default view's "QR Code" and "Share". */
export function CardPreview({ card }: { card: PreviewCard }) {
  const colour = /^#[0-9a-f]{6}$/i.test(card.colour ?? "") ? (card.colour as string) : "#4f46e5";
  const fg = textOn(colour);
  const minimal = card.template === "minimal";
  const name = card.name?.trim() || "Your name";
  const rows = [
    ["Email", card.email],
    ["Phone", card.phone],
    ["Website", safeHref(card.website) ? card.website?.replace(/^https:\/\/(www\.)?/, "") : undefined],
    ["LinkedIn", safeHref(card.linkedin) ? card.linkedin?.replace(/^https:\/\/(www\.)?/, "") : undefined],
    ["Location", card.location],
  ].filter(([, v]) => v);
  return (
    <section
      className="overflow-hidden rounded-2xl shadow-xl ring-1 ring-slate-200 dark:ring-slate-800"
      aria-label="Card preview"
    >
      <div
        className={`flex items-center gap-4 px-6 ${card.template === "bold" ? "py-9" : "py-6"}`}
        style={
          minimal
            ? { background: "#fff", color: "#0f172a", borderBottom: `4px solid ${colour}` }
            : { background: colour, color: fg }
        }
      >
        <div
          className="flex size-16 flex-none items-center justify-center rounded-full font-bold text-2xl"
          style={minimal ? { background: colour, color: fg } : { background: "rgba(255,255,255,.2)" }}
          aria-hidden="true"
        >
          {card.avatarUrl ? (
            <img src={card.avatarUrl} alt="" className="size-full rounded-full object-cover" />
          ) : (
            initials(name)
          )}
        </div>
        <div className="min-w-0">
          <p className="truncate font-bold text-xl">{name}</p>
          {card.title ? <p className="truncate opacity-90">{card.title}</p> : null}
          {card.company ? <p className="truncate text-sm opacity-80">{card.company}</p> : null}
        </div>
      </div>
      <div className="bg-white px-6 py-5 text-slate-900 dark:bg-slate-900 dark:text-slate-100">
        <p className="mb-3 font-semibold text-slate-700 text-sm dark:text-slate-300">{SITE.tagline}</p>
        <dl className="space-y-1.5 text-sm">
          {rows.map(([label, value]) => (
            <div key={label} className="grid grid-cols-[5rem_1fr] gap-2">
              <dt className="text-slate-500 text-xs uppercase tracking-wide dark:text-slate-400">{label}</dt>
              <dd className="break-words">{value}</dd>
            </div>
          ))}
        </dl>
        {card.socialAccounts?.some((s) => s?.url) ? (
          <ul className="mt-3 flex gap-2" aria-label="Social accounts">
            {card.socialAccounts.map((s) =>
              s?.url ? (
                <li
                  key={`${s.platform}-${s.url}`}
                  className="rounded-md bg-slate-100 p-1.5 dark:bg-slate-800"
                  title={s.platform}
                >
                  <NetworkIcon network={s.platform ?? "generic"} width={18} height={18} />
                </li>
              ) : null,
            )}
          </ul>
        ) : null}
        {card.notes ? (
          <p className="mt-3 whitespace-pre-wrap text-slate-600 text-sm dark:text-slate-300">{card.notes}</p>
        ) : null}
        <div className="mt-5 grid grid-cols-2 gap-3">
          <span
            className="inline-flex items-center justify-center gap-2 rounded-lg py-2.5 font-semibold text-sm"
            style={{ background: colour, color: fg }}
          >
            <QrIcon width={16} height={16} /> QR Code
          </span>
          <span className="rounded-lg bg-slate-100 py-2.5 text-center font-semibold text-sm dark:bg-slate-800">
            Share
          </span>
        </div>
      </div>
    </section>
  );
}
