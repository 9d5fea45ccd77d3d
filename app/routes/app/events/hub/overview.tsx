import { useOutletContext } from "react-router";
import { AttendeeSection, answers, DeleteEvent, PlanSection } from "./+shared/parts";
import type { Route } from "./+types/overview";
import { allHubIntents, loadEvent, runHubIntent } from "./hub.server";

/** Every section on one page, as /events/:id has always been; the plan and the attendee list also have their own. */
export const loader = ({ params, context }: Route.LoaderArgs) => loadEvent(context, params.id);

// Any section's form posted from this page runs that section's own action.
export const action = (args: Route.ActionArgs) => runHubIntent(args, allHubIntents);

export default function EventOverview({ loaderData, actionData }: Route.ComponentProps) {
  // A post to the page's address without ?index (Set Active, a script) is answered by the layout.
  const layoutAnswer = useOutletContext<unknown>();
  const { planReply, attendeeReport, confirmDelete } = answers(actionData ?? layoutAnswer);
  const { event, pro, trialAvailable } = loaderData;
  return (
    <>
      <PlanSection event={event} pro={pro} trialAvailable={trialAvailable} planReply={planReply} />
      <AttendeeSection event={event} pro={pro} trialAvailable={trialAvailable} attendeeReport={attendeeReport} />
      <DeleteEvent event={event} confirm={confirmDelete} />
    </>
  );
}
