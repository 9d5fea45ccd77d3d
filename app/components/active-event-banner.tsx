import { Link } from "react-router";

/** Across the signed-in app while an event is active: every new contact is tagged with it. */
export function ActiveEventBanner({ event }: { event: { id: number; title: string } }) {
  return (
    <aside
      aria-label="Active event"
      className="border-amber-300 border-b bg-amber-50 text-amber-950 text-sm print:hidden dark:border-amber-800 dark:bg-amber-950 dark:text-amber-50"
    >
      <p className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-2 px-4 py-1.5 sm:px-6">
        <span aria-hidden="true" className="text-amber-700 dark:text-amber-300">
          ★
        </span>
        <span>
          Active event: <strong>{event.title}</strong>. New contacts are tagged with it.
        </span>
        <Link to={`/events/${event.id}`} className="font-semibold underline underline-offset-2">
          Open the event hub
        </Link>
      </p>
    </aside>
  );
}
