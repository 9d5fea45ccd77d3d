import { pageMeta } from "~/lib/site";
import { answers, PlanSection } from "./+shared/parts";
import type { Route } from "./+types/plan";
import { eventIntents, loadEvent, planIntents, runHubIntent } from "./hub.server";

export const meta = () => [...pageMeta("Strategy plan · Event"), { name: "robots", content: "noindex" }];

export const loader = ({ params, context }: Route.LoaderArgs) => loadEvent(context, params.id);

export const action = (args: Route.ActionArgs) => runHubIntent(args, [planIntents, eventIntents]);

export default function PlanPage({ loaderData, actionData }: Route.ComponentProps) {
  const { event, pro, trialAvailable } = loaderData;
  return (
    <PlanSection event={event} pro={pro} trialAvailable={trialAvailable} planReply={answers(actionData).planReply} />
  );
}
