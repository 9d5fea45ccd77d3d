import { href, Link } from "react-router";

/** Said once on each page that shows times: every time on it is in the zone from the owner's settings. */
export function TimesIn({ timeZone, className = "" }: { timeZone: string; className?: string }) {
  return (
    <p className={`text-slate-600 text-sm dark:text-slate-300 ${className}`} data-times-in={timeZone}>
      {`Times in ${timeZone} `}
      <Link to={href("/settings")} className="underline">
        (change)
      </Link>
    </p>
  );
}
