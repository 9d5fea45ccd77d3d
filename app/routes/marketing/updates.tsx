import { href, Link } from "react-router";
import { card, formatDate, linkClass, PageHero } from "~/components/marketing/page";
import { CATEGORY_LABEL, UPDATES, type UpdateCategory } from "~/content/updates";
import { staticPage } from "~/lib/platform/page-handle";
import { pageMeta } from "~/lib/site";

export const meta = () =>
  pageMeta("Product updates", "New features, improvements and announcements from the KnowWho team.");

export const CATEGORY_CLASS: Record<UpdateCategory, string> = {
  feature: "bg-brand-100 text-brand-700 dark:bg-brand-900 dark:text-brand-100",
  improvement: "bg-emerald-100 text-emerald-800 dark:bg-emerald-950 dark:text-emerald-200",
  "bug-fix": "bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-200",
  announcement: "bg-sky-100 text-sky-900 dark:bg-sky-950 dark:text-sky-200",
};

/** Reading only: no framework JavaScript. */
export const handle = staticPage;

export default function Updates() {
  return (
    <>
      <PageHero
        eyebrow="What's new"
        title="Product updates"
        intro="What we shipped, what we improved, and what's coming."
      />
      <div className="mx-auto max-w-3xl px-4 py-12 sm:px-6">
        <div className="mb-8 flex flex-wrap items-center justify-between gap-4 rounded-xl bg-slate-100 p-4 dark:bg-slate-900">
          <p className="text-slate-700 text-sm dark:text-slate-300">Hear about new features as they ship.</p>
          <Link to={href("/settings")} className={linkClass}>
            Enable Notifications
          </Link>
        </div>
        <ol className="space-y-6">
          {UPDATES.map((u) => (
            <li key={u.id} className={card}>
              <div className="flex flex-wrap items-center gap-2 text-sm">
                <time dateTime={u.date} className="text-slate-600 dark:text-slate-300">
                  {formatDate(u.date)}
                </time>
                <span className={`rounded-full px-2.5 py-0.5 font-semibold text-xs ${CATEGORY_CLASS[u.category]}`}>
                  {CATEGORY_LABEL[u.category]}
                </span>
                {u.isNew ? (
                  <span className="rounded-full bg-rose-600 px-2 py-0.5 font-bold text-white text-xs">New</span>
                ) : null}
              </div>
              <h2 className="mt-3 font-bold text-xl">{u.title}</h2>
              <p className="mt-2 text-slate-700 dark:text-slate-300">{u.content}</p>
              <div className="mt-4 flex flex-wrap gap-4 text-sm">
                <Link
                  to={href("/updates/:id", { id: u.id })}
                  className={linkClass}
                  aria-label={`Read more: ${u.title}`}
                >
                  Read more
                </Link>
                <Link to={`${href("/help")}#contact-form`} className={linkClass} aria-label={`Feedback on ${u.title}`}>
                  Feedback
                </Link>
              </div>
            </li>
          ))}
        </ol>
      </div>
    </>
  );
}
