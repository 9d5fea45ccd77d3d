import { Form, href, Link, redirect } from "react-router";
import { appContext } from "~/context";
import { CARD_LIMITS, cardFormSchema } from "~/lib/card/card";
import { pageMeta } from "~/lib/site";
import { getUser } from "~/server/account/user.server";
import { CARD_LIMIT, CARD_LIMIT_MESSAGE, createCard, listCards } from "~/server/cards/cards.server";
import { mayEditCard } from "~/server/cards/templates.server";
import type { Route } from "./+types/cards";

export const meta = () => [...pageMeta("Your cards"), { name: "robots", content: "noindex" }];

export async function loader({ context }: Route.LoaderArgs) {
  const app = context.get(appContext);
  const user = getUser(context);
  // A member's list is the cards they may open: theirs and the team's own; a colleague's would answer 404.
  const cards = (await listCards(app.db, user.workspace.id)).filter((c) => mayEditCard(user, c));
  return { cards, name: user.name };
}

export async function action({ context }: Route.ActionArgs) {
  const app = context.get(appContext);
  const user = getUser(context);
  const count = (await listCards(app.db, user.workspace.id)).length;
  const tooMany = () => new Response(CARD_LIMIT_MESSAGE, { status: 400, statusText: "Too many cards" });
  if (count >= CARD_LIMIT) throw tooMany();
  // Accounts made before names were checked may have a blank or overlong one; the card still starts.
  const name = user.name.trim().slice(0, CARD_LIMITS.name) || user.email.split("@")[0]?.slice(0, 100) || "My card";
  const id = await createCard(
    app.db,
    user.workspace.id,
    cardFormSchema.parse({ label: count === 0 ? "Work" : `Card ${count + 1}`, name }),
  );
  // The database holds the limit when parallel requests all passed the count above.
  if (id === null) throw tooMany();
  return redirect(href("/card/:id", { id: String(id) }));
}

export default function Cards({ loaderData }: Route.ComponentProps) {
  const { cards } = loaderData;
  return (
    <section className="mx-auto max-w-4xl px-4 py-10 sm:px-6">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <div>
          <h1 className="font-bold text-3xl tracking-tight">Your cards</h1>
          <p className="mt-1 text-slate-600 dark:text-slate-300">
            Keep one for work and one for your cause, each with its own link.
          </p>
        </div>
        <Form method="post">
          <button
            type="submit"
            className="rounded-md bg-brand-600 px-4 py-2.5 font-semibold text-white hover:bg-brand-700"
          >
            {cards.length ? "New card" : "Create your card"}
          </button>
        </Form>
      </div>
      {cards.length === 0 ? (
        <p className="mt-10 rounded-xl border border-slate-300 border-dashed p-8 text-center text-slate-600 dark:border-slate-700 dark:text-slate-300">
          You have no card yet. Create one, publish it, and share it by link, QR code or NFC tag.
        </p>
      ) : (
        <ul className="mt-8 divide-y divide-slate-200 rounded-xl border border-slate-200 dark:divide-slate-800 dark:border-slate-800">
          {cards.map((c) => (
            <li key={c.id} className="flex flex-wrap items-center justify-between gap-3 p-4">
              <div className="min-w-0">
                <p className="font-semibold">
                  {c.label} <span className="font-normal text-slate-500 dark:text-slate-400">· {c.name}</span>
                </p>
                <p className="text-sm">
                  {c.published && c.slug ? (
                    <span className="text-emerald-700 dark:text-emerald-300">Published at /c/{c.slug}</span>
                  ) : (
                    <span className="text-slate-500 dark:text-slate-400">Draft, not published</span>
                  )}
                </p>
              </div>
              <div className="flex gap-2">
                {c.published && c.slug ? (
                  <a
                    href={`/c/${c.slug}`}
                    className="rounded-md border border-slate-300 px-3 py-2 font-medium text-sm dark:border-slate-700"
                  >
                    View
                  </a>
                ) : null}
                <Link
                  to={href("/card/:id/analytics", { id: String(c.id) })}
                  className="rounded-md border border-slate-300 px-3 py-2 font-medium text-sm dark:border-slate-700"
                  aria-label={`Analytics of ${c.label}`}
                >
                  Analytics
                </Link>
                <Link
                  to={href("/card/:id", { id: String(c.id) })}
                  className="rounded-md bg-slate-900 px-3 py-2 font-medium text-sm text-white dark:bg-white dark:text-slate-900"
                >
                  Edit
                </Link>
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
