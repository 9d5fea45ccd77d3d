import { useNavigation } from "react-router";
import { pageMeta } from "~/lib/site";
import { ownPerson, runIntent } from "./+shared/intent.server";
import { answers, ContactPoints, DeletePerson, DetailsForm } from "./+shared/parts";
import { usePerson } from "./+shared/use-person";
import type { Route } from "./+types/details";
import { details } from "./details.server";

export const meta = () => [...pageMeta("Details · Connection"), { name: "robots", content: "noindex" }];

export async function loader({ request, params, context }: Route.LoaderArgs) {
  return { connection: (await ownPerson(context, request, params.id)).person };
}

export const action = (args: Route.ActionArgs) => runIntent(args, [details]);

export default function DetailsPage({ loaderData, actionData }: Route.ComponentProps) {
  const { country } = usePerson();
  const a = answers(actionData);
  const idle = useNavigation().state === "idle";
  const c = loaderData.connection;
  return (
    <div className="mt-4 space-y-6">
      <ContactPoints c={c} country={country} pointError={a.pointError} />
      <DetailsForm c={c} reply={idle ? a.reply : undefined} />
      <DeletePerson name={c.name} confirm={a.confirmDelete} />
    </div>
  );
}
