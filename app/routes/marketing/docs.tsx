import { data, href, Link, NavLink, redirect } from "react-router";
import { linkClass, Sections } from "~/components/marketing/page";
import { DEFAULT_DOC_ID, DOCS, findDoc } from "~/content/docs";
import { staticPage } from "~/lib/platform/page-handle";
import { pageMeta } from "~/lib/site";
import type { Route } from "./+types/docs";

export function loader({ params }: Route.LoaderArgs) {
  const doc = findDoc(params.docId);
  // Unknown ids go to the integration doc; the client router replaces the history entry on redirects.
  if (!doc) throw redirect(href("/docs/:docId", { docId: DEFAULT_DOC_ID }));
  return data({ doc });
}

export const meta: Route.MetaFunction = ({ loaderData }) =>
  loaderData ? pageMeta(`${loaderData.doc.title} docs`, loaderData.doc.summary) : pageMeta("Documentation");

/** Reading only: no framework JavaScript. */
export const handle = staticPage;

export default function DocPage({ loaderData }: Route.ComponentProps) {
  const { doc } = loaderData;
  return (
    <div className="mx-auto grid max-w-6xl gap-10 px-4 py-10 sm:px-6 md:grid-cols-[14rem_1fr]">
      <nav aria-label="Documentation" className="md:sticky md:top-24 md:self-start">
        <Link to={href("/updates")} className={linkClass}>
          ← Back to Updates
        </Link>
        <ul className="mt-6 space-y-1">
          {DOCS.map((d) => (
            <li key={d.id}>
              <NavLink
                to={href("/docs/:docId", { docId: d.id })}
                className="block rounded-md px-3 py-2 text-slate-700 text-sm hover:bg-slate-100 aria-[current=page]:bg-brand-600 aria-[current=page]:font-semibold aria-[current=page]:text-white dark:text-slate-300 dark:hover:bg-slate-800"
              >
                {d.title}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <article>
        <p className="font-semibold text-brand-700 text-sm uppercase tracking-wide dark:text-brand-200">
          Documentation
        </p>
        <h1 className="mt-2 font-extrabold text-3xl tracking-tight sm:text-4xl">{doc.title}</h1>
        <p className="mt-3 text-lg text-slate-600 dark:text-slate-300">{doc.summary}</p>
        <div className="mt-10">
          <Sections sections={doc.sections} />
        </div>
        <p className="mt-12 text-slate-600 text-sm dark:text-slate-300">
          Still stuck?{" "}
          <Link to={`${href("/help")}#contact-form`} className={linkClass}>
            Ask our support team
          </Link>
          .
        </p>
      </article>
    </div>
  );
}
