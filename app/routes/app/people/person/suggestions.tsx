import { pageMeta } from "~/lib/site";
import { ownersOf } from "~/server/account/app-shell.server";
import { ownPerson, runIntent } from "./+shared/intent.server";
import { answers } from "./+shared/parts";
import { SuggestionsSection } from "./+shared/suggestions-section";
import { usePerson } from "./+shared/use-person";
import type { Route } from "./+types/suggestions";
import { loadSuggestions, suggestions } from "./suggestions.server";

export const meta = () => [...pageMeta("Suggestions · Connection"), { name: "robots", content: "noindex" }];

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { app, user, person } = await ownPerson(context, request, params.id);
  return loadSuggestions(app, ownersOf(user), person);
}

export const action = (args: Route.ActionArgs) => runIntent(args, [suggestions]);

export default function SuggestionsPage({ loaderData, actionData }: Route.ComponentProps) {
  const { connection: c, timeZone } = usePerson();
  const a = answers(actionData);
  const empty =
    !loaderData.offered.length &&
    !loaderData.suggestion &&
    !loaderData.enrichmentLocked &&
    !loaderData.merges.length &&
    !loaderData.duplicates.length;
  return (
    <>
      <SuggestionsSection c={c} data={loaderData} timeZone={timeZone} mergeError={a.mergeError} />
      {empty ? (
        <p className="mt-4 text-slate-600 text-sm dark:text-slate-300">
          Nothing to review: no new details, guesses, merges or possible duplicates.
        </p>
      ) : null}
    </>
  );
}
