import { useNavigation, useOutletContext } from "react-router";
import { PersonFollowThrough } from "~/components/follow/person-follow-through";
import { GivingSection } from "~/components/fundraising/giving-section";
import { asCountry } from "~/lib/forms/phone";
import { pageMeta } from "~/lib/site";
import { ownersOf } from "~/server/account/app-shell.server";
import { allSections } from "./+shared/all.server";
import { ownPerson, runIntent } from "./+shared/intent.server";
import { answers, Consent, ContactPoints, DeletePerson, DetailsForm, HistoryList, Reminders } from "./+shared/parts";
import { SuggestionsSection } from "./+shared/suggestions-section";
import { usePerson } from "./+shared/use-person";
import type { Route } from "./+types/overview";
import { loadFollowUp } from "./follow-up.server";
import { loadHistory } from "./history.server";
import { loadSuggestions } from "./suggestions.server";

export const meta = () => [...pageMeta("Connection"), { name: "robots", content: "noindex" }];

/** Every section on one page, as /connections/:id has always been; each also has its own page. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { app, user, id, person, settings } = await ownPerson(context, request, params.id);
  const [suggestions, followUp, history] = await Promise.all([
    loadSuggestions(app, ownersOf(user), person),
    loadFollowUp(app, ownersOf(user), id, settings.timeZone),
    loadHistory(app, user.workspace.id, id, asCountry(settings.country)),
  ]);
  return { suggestions, ...followUp, ...history };
}

// Any section's form posted from this page runs that section's own action.
export const action = (args: Route.ActionArgs) => runIntent(args, allSections);

export default function ConnectionOverview({ loaderData, actionData }: Route.ComponentProps) {
  const { connection: c, timeZone, country } = usePerson();
  // A post to the page's address without ?index (a script, an old bookmark) is answered by the layout.
  const layoutAnswer = useOutletContext<unknown>();
  const a = answers(actionData ?? layoutAnswer);
  const idle = useNavigation().state === "idle";
  return (
    <>
      <ContactPoints c={c} country={country} pointError={a.pointError} />
      <SuggestionsSection c={c} data={loaderData.suggestions} timeZone={timeZone} mergeError={a.mergeError} />
      <PersonFollowThrough
        person={{ id: c.id, name: c.name, email: c.email, lastContactAt: c.lastContactAt }}
        follow={loaderData.follow}
        timeZone={timeZone}
        today={loaderData.today}
        error={a.followError}
        team={loaderData.team}
      />
      <div className="mt-8 grid gap-8 lg:grid-cols-[1fr_22rem]">
        <DetailsForm c={c} reply={idle ? a.reply : undefined} />
        <div className="space-y-6">
          <Reminders reminders={loaderData.reminders} timeZone={timeZone} reminderError={a.reminderError} />
          <GivingSection giving={loaderData.giving} personId={c.id} />
          <Consent consents={loaderData.consents} timeZone={timeZone} />
          <HistoryList history={loaderData.history} timeZone={timeZone} />
          <DeletePerson name={c.name} confirm={a.confirmDelete} />
        </div>
      </div>
    </>
  );
}
