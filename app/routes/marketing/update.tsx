import { data, href, Link } from "react-router";
import { linkClass } from "~/components/marketing/page";
import { UpdateMeta } from "~/components/marketing/update-meta";
import { findUpdate } from "~/content/updates";
import { staticPage } from "~/lib/platform/page-handle";
import { pageMeta } from "~/lib/site";
import type { Route } from "./+types/update";

export function loader({ params }: Route.LoaderArgs) {
  const update = findUpdate(params.id);
  if (!update) throw data("Update not found", { status: 404 });
  return { update };
}

export const meta: Route.MetaFunction = ({ loaderData }) =>
  loaderData ? pageMeta(loaderData.update.title, loaderData.update.content) : pageMeta("Update not found");

/** Reading only: no framework JavaScript. */
export const handle = staticPage;

export default function UpdatePage({ loaderData }: Route.ComponentProps) {
  const { update } = loaderData;
  return (
    <article className="mx-auto max-w-3xl px-4 py-10 sm:px-6">
      <Link to={href("/updates")} className={linkClass}>
        ← All updates
      </Link>
      <UpdateMeta update={update} className="mt-6" />
      <h1 className="mt-3 font-extrabold text-3xl tracking-tight sm:text-4xl">{update.title}</h1>
      {update.body.map((p) => (
        <p key={p} className="mt-4 text-lg text-slate-700 leading-relaxed dark:text-slate-300">
          {p}
        </p>
      ))}
    </article>
  );
}
