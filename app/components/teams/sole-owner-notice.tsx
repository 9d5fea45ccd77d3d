import { href, Link } from "react-router";

/** The teams an account must hand over before it can be deleted, each with a link to the page where that is done. */
export function SoleOwnerNotice({ teams }: { teams: { id: string; name: string | null }[] }) {
  if (teams.length === 0) return null;
  return (
    <div
      role="alert"
      className="mt-4 rounded-md bg-amber-50 p-3 text-amber-950 text-sm dark:bg-amber-950 dark:text-amber-50"
    >
      <p>
        Hand {teams.length === 1 ? "this team" : "these teams"} over first: on the team's page, choose a member and
        “Make owner, and step down to admin”. Then come back to delete your account.
      </p>
      <ul className="mt-2 list-disc pl-5">
        {teams.map((t) => (
          <li key={t.id}>
            <Link to={href("/teams/:id", { id: t.id })} className="font-medium underline [overflow-wrap:anywhere]">
              {t.name}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
