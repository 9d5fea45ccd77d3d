import type { ReactNode } from "react";
import { Form } from "react-router";

/** The frame of an operator's review page: what to check before approving, a form error, the queue or its empty line. */
export function OperatorQueue({
  title,
  intro,
  error,
  empty,
  children,
}: {
  title: string;
  intro: string;
  error?: string | undefined;
  empty: string | null;
  children: ReactNode;
}) {
  return (
    <section className="mx-auto max-w-4xl px-4 py-10 sm:px-6">
      <h1 className="font-bold text-3xl tracking-tight">{title}</h1>
      <p className="mt-2 text-slate-600 dark:text-slate-300">{intro}</p>
      {error ? (
        <p role="alert" className="mt-3 text-red-700 dark:text-red-300">
          {error}
        </p>
      ) : null}
      {empty ? (
        <p className="mt-6 text-slate-600 dark:text-slate-300">{empty}</p>
      ) : (
        <ul className="mt-6 space-y-3">{children}</ul>
      )}
    </section>
  );
}

const button = "rounded-md px-3 py-2 font-semibold text-sm";

/** Approve and Decline for one item; each button's name says which item it decides. */
export function DecisionButtons({ id, name }: { id: string | number; name: string }) {
  return (
    <Form method="post" className="mt-3 flex flex-wrap gap-2">
      <input type="hidden" name="id" value={id} />
      <button
        type="submit"
        name="intent"
        value="approve"
        className={`${button} bg-green-700 text-white hover:bg-green-800`}
      >
        Approve<span className="sr-only"> {name}</span>
      </button>
      <button
        type="submit"
        name="intent"
        value="decline"
        className={`${button} border border-slate-300 dark:border-slate-700`}
      >
        Decline<span className="sr-only"> {name}</span>
      </button>
    </Form>
  );
}

export const queueItemClass = "rounded-xl border border-slate-200 p-4 dark:border-slate-800";
