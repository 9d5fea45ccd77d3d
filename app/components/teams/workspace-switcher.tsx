import { Form, href, Link } from "react-router";
import type { CurrentWorkspace } from "~/lib/teams/rules";

export type ShellTeam = { id: string; name: string | null };

const item =
  "flex w-full items-center gap-3 rounded-md px-3 py-2.5 text-left font-medium text-sm hover:bg-slate-100 dark:hover:bg-slate-800";

/**
 * Which workspace the app works in, and a switch to each other one the account belongs to (decision 0200). Each
 * choice is a form, so it works before the page's JavaScript has loaded.
 */
export function WorkspaceSwitcher({
  userId,
  workspace,
  teams,
}: {
  userId: string;
  workspace: CurrentWorkspace;
  teams: readonly ShellTeam[];
}) {
  const choices = [{ id: userId, name: "Your own workspace" }, ...teams.map((t) => ({ id: t.id, name: t.name ?? "" }))];
  return (
    <section aria-label="Workspace" className="border-slate-200 border-b pb-2 dark:border-slate-800">
      <p className="px-3 pt-1 pb-1 text-slate-500 text-xs uppercase tracking-wide dark:text-slate-400">Workspace</p>
      {teams.length === 0 ? null : (
        <ul>
          {choices.map((c) => (
            <li key={c.id}>
              {c.id === workspace.id ? (
                <p className={`${item} text-brand-700 dark:text-brand-200`} aria-current="true">
                  <span aria-hidden="true">✓</span>
                  <span className="truncate">{c.name}</span>
                </p>
              ) : (
                <Form method="post" action={href("/teams")}>
                  <input type="hidden" name="intent" value="switch" />
                  <input type="hidden" name="workspace" value={c.id} />
                  <input type="hidden" name="redirectTo" value={href("/dashboard")} />
                  <button type="submit" className={item}>
                    <span aria-hidden="true" className="w-3" />
                    <span className="truncate">Switch to {c.name}</span>
                  </button>
                </Form>
              )}
            </li>
          ))}
        </ul>
      )}
      <Link to={href("/teams")} className={item}>
        <span aria-hidden="true" className="w-3">
          +
        </span>
        {teams.length ? "Teams" : "Make a team or join one"}
      </Link>
    </section>
  );
}
