import { pageMeta } from "~/lib/site";
import { AttendeeSection, answers } from "./+shared/parts";
import type { Route } from "./+types/attendees";
import { attendeeIntents, eventIntents, loadEvent, runHubIntent } from "./hub.server";

export const meta = () => [...pageMeta("Attendee list · Event"), { name: "robots", content: "noindex" }];

export const loader = ({ params, context }: Route.LoaderArgs) => loadEvent(context, params.id);

export const action = (args: Route.ActionArgs) => runHubIntent(args, [attendeeIntents, eventIntents]);

export default function AttendeesPage({ loaderData, actionData }: Route.ComponentProps) {
  const { event, pro, trialAvailable } = loaderData;
  return (
    <AttendeeSection
      event={event}
      pro={pro}
      trialAvailable={trialAvailable}
      attendeeReport={answers(actionData).attendeeReport}
    />
  );
}
