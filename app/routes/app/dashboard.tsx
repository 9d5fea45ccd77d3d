import { Link } from "react-router";
import { appContext } from "~/context";
import { pageMeta } from "~/lib/site";
import { requireUser } from "~/server/auth.server";
import type { Route } from "./+types/dashboard";

export const meta = () => [...pageMeta("Dashboard"), { name: "robots", content: "noindex" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireUser(context.get(appContext), request);
  return { user };
}

export default function Dashboard({ loaderData }: Route.ComponentProps) {
  const { user } = loaderData;
  return (
    <section className="mx-auto max-w-5xl px-4 py-10 sm:px-6">
      <h1 className="font-bold text-3xl tracking-tight">Welcome, {user.name}</h1>
      <p className="mt-2 text-slate-600 dark:text-slate-300">Signed in as {user.email}.</p>
      <div className="mt-8 grid gap-4 sm:grid-cols-2">
        <Link
          to="/card"
          className="rounded-xl border border-slate-200 p-6 hover:border-brand-500 dark:border-slate-800"
        >
          <h2 className="font-semibold text-lg">Your digital card</h2>
          <p className="mt-1 text-slate-600 text-sm dark:text-slate-300">Edit, publish and share your card.</p>
        </Link>
        <Link
          to="/c/demo"
          className="rounded-xl border border-slate-200 p-6 hover:border-brand-500 dark:border-slate-800"
        >
          <h2 className="font-semibold text-lg">See a live card</h2>
          <p className="mt-1 text-slate-600 text-sm dark:text-slate-300">
            What a visitor sees when they scan your QR code.
          </p>
        </Link>
      </div>
    </section>
  );
}
