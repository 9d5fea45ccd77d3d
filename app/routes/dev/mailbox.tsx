import { desc } from "drizzle-orm";
import { appContext } from "~/context";
import { pageMeta } from "~/lib/site";
import { notFound } from "~/server/platform/http.server";
import { outbox } from "~db/schema";
import type { Route } from "./+types/mailbox";

export const meta = () => [...pageMeta("Dev mailbox"), { name: "robots", content: "noindex" }];

/** The local mail adapter's outbox. Development only: production answers 404. */
export async function loader({ context }: Route.LoaderArgs) {
  const { env, db } = context.get(appContext);
  if (env.APP_ENV === "production") notFound();
  const messages = await db
    .select({
      id: outbox.id,
      to: outbox.to,
      subject: outbox.subject,
      text: outbox.text,
      kind: outbox.kind,
      headers: outbox.headers,
      createdAt: outbox.createdAt,
    })
    .from(outbox)
    .orderBy(desc(outbox.id))
    .limit(50);
  return { messages };
}

export default function Mailbox({ loaderData }: Route.ComponentProps) {
  return (
    <section className="mx-auto max-w-4xl px-4 py-10 sm:px-6">
      <h1 className="font-bold text-3xl tracking-tight">Dev mailbox</h1>
      <p className="mt-2 text-slate-600 dark:text-slate-300">Mail the app would have sent, newest first.</p>
      {loaderData.messages.length === 0 ? (
        <p className="mt-8">No mail yet.</p>
      ) : (
        <ol className="mt-8 space-y-4">
          {loaderData.messages.map((m) => (
            <li key={m.id} className="rounded-lg border border-slate-200 p-4 dark:border-slate-800">
              <p className="text-slate-500 text-xs dark:text-slate-400">
                #{m.id} · {m.kind} · {new Date(m.createdAt).toISOString()}
              </p>
              <h2 className="mt-1 font-semibold">{m.subject}</h2>
              <p className="text-sm">To: {m.to}</p>
              {Object.entries(m.headers ?? {}).map(([name, value]) => (
                <p key={name} className="break-all text-sm">
                  {name}: {value}
                </p>
              ))}
              <pre className="mt-3 whitespace-pre-wrap break-words font-sans text-sm">{m.text}</pre>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
