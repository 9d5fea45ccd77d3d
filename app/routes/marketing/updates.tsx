import { href, Link } from "react-router";
import { card, linkClass, PageHero } from "~/components/marketing/page";
import { UpdateMeta } from "~/components/marketing/update-meta";
import { UPDATES } from "~/content/updates";
import { staticPage } from "~/lib/platform/page-handle";
import { pageMeta } from "~/lib/site";

export const meta = () =>
  pageMeta("Product updates", "New features, improvements and announcements from the KnowWho team.");

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
              <UpdateMeta update={u}>
                {u.isNew ? (
                  <span className="rounded-full bg-rose-600 px-2 py-0.5 font-bold text-white text-xs">New</span>
                ) : null}
              </UpdateMeta>
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
