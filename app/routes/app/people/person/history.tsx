import { GivingSection } from "~/components/fundraising/giving-section";
import { asCountry } from "~/lib/forms/phone";
import { pageMeta } from "~/lib/site";
import { ownPerson, runIntent } from "./+shared/intent.server";
import { Consent, HistoryList } from "./+shared/parts";
import { usePerson } from "./+shared/use-person";
import type { Route } from "./+types/history";
import { history, loadHistory } from "./history.server";

export const meta = () => [...pageMeta("Consent and history · Connection"), { name: "robots", content: "noindex" }];

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { app, user, id, settings } = await ownPerson(context, request, params.id);
  return loadHistory(app, user.workspace.id, id, asCountry(settings.country));
}

export const action = (args: Route.ActionArgs) => runIntent(args, [history]);

export default function HistoryPage({ loaderData }: Route.ComponentProps) {
  const { connection: c, timeZone } = usePerson();
  return (
    <div className="mt-6 max-w-2xl space-y-6">
      <Consent consents={loaderData.consents} timeZone={timeZone} />
      <GivingSection giving={loaderData.giving} personId={c.id} />
      <HistoryList history={loaderData.history} timeZone={timeZone} />
    </div>
  );
}
