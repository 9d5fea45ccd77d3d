import { href, Link } from "react-router";
import { appContext } from "~/context";
import { pageMeta } from "~/lib/site";
import { ownersOf } from "~/server/account/app-shell.server";
import { getUser } from "~/server/account/user.server";
import { duplicateGroups } from "~/server/people/read.server";
import type { Route } from "./+types/duplicates";

export const meta = () => [...pageMeta("Possible duplicates"), { name: "robots", content: "noindex" }];

export async function loader({ context }: Route.LoaderArgs) {
  const app = context.get(appContext);
  const user = getUser(context);
  return { groups: await duplicateGroups(app.db, ownersOf(user)) };
}

/** People who may be the same person (never merged until the owner compares them and confirms). */
export default function Duplicates({ loaderData }: Route.ComponentProps) {
  const { groups } = loaderData;
  return (
    <section className="mx-auto max-w-5xl px-4 py-10 sm:px-6">
      <Link to={href("/connections")} className="text-brand-700 text-sm underline dark:text-brand-200">
        ← All connections
      </Link>
      <h1 className="mt-2 font-bold text-3xl tracking-tight">Possible duplicates</h1>
      <p className="mt-2 text-slate-600 dark:text-slate-300">
        Same name, ignoring case and accents. Compare them side by side before merging anything; the first groups are
        shown, and merging them brings up the next.
      </p>
      {groups.length === 0 ? (
        <p className="mt-6">No possible duplicates in your network.</p>
      ) : (
        <ul className="mt-6 space-y-3">
          {groups.map((g) => (
            <li
              key={g.people.map((p) => p.id).join("-")}
              className="rounded-xl border border-slate-200 p-4 dark:border-slate-800"
            >
              <p className="font-medium">{g.reason}</p>
              <ul className="mt-1 text-sm">
                {g.people.map((p) => (
                  <li key={p.id}>
                    <Link to={href("/connections/:id", { id: String(p.id) })} className="underline">
                      {p.name}
                    </Link>{" "}
                    {[p.company, p.email].filter(Boolean).join(" · ")}
                  </li>
                ))}
              </ul>
              <Link
                to={`${href("/connections/merge")}?${new URLSearchParams(g.people.slice(0, 10).map((p) => ["id", String(p.id)]))}`}
                className="mt-2 inline-block rounded-md border border-slate-300 px-3 py-1.5 font-medium text-sm dark:border-slate-700"
              >
                Compare and merge
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
