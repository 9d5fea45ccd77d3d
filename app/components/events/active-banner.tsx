import { href, Link } from "react-router";

/** Across the signed-in app while an event is active: every new contact is tagged with it. */
export function ActiveEventBanner({ event }: { event: { id: number; title: string } }) {
  return (
    <aside
      aria-label="Active event"
      className="border-amber-300 border-b bg-amber-50 text-amber-950 text-sm print:hidden dark:border-amber-800 dark:bg-amber-950 dark:text-amber-50"
    >
      <p className="mx-auto max-w-7xl truncate px-4 py-1.5 sm:px-6">
        <span aria-hidden="true" className="mr-1.5 text-amber-700 dark:text-amber-300">
          ★
        </span>
        Active event:{" "}
        <Link to={href("/events/:id", { id: String(event.id) })} className="font-semibold underline underline-offset-2">
          {event.title}
        </Link>
        <span className="hidden sm:inline">. Everyone you meet now is tagged with it.</span>
      </p>
    </aside>
  );
}
