import { PersonFollowThrough } from "~/components/follow/person-follow-through";
import { pageMeta } from "~/lib/site";
import { ownersOf } from "~/server/account/app-shell.server";
import { ownPerson, runIntent } from "./+shared/intent.server";
import { answers, Reminders } from "./+shared/parts";
import { usePerson } from "./+shared/use-person";
import type { Route } from "./+types/follow-up";
import { followUp, loadFollowUp } from "./follow-up.server";

export const meta = () => [...pageMeta("Follow-ups · Connection"), { name: "robots", content: "noindex" }];

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { app, user, id, settings } = await ownPerson(context, request, params.id);
  return loadFollowUp(app, ownersOf(user), id, settings.timeZone);
}

export const action = (args: Route.ActionArgs) => runIntent(args, [followUp]);

export default function FollowUpPage({ loaderData, actionData }: Route.ComponentProps) {
  const { connection: c, timeZone } = usePerson();
  const a = answers(actionData);
  return (
    <div className="grid gap-8 lg:grid-cols-[1fr_22rem]">
      <PersonFollowThrough
        person={{ id: c.id, name: c.name, email: c.email, lastContactAt: c.lastContactAt }}
        follow={loaderData.follow}
        timeZone={timeZone}
        today={loaderData.today}
        error={a.followError}
        team={loaderData.team}
      />
      <div className="mt-6">
        <Reminders reminders={loaderData.reminders} timeZone={timeZone} reminderError={a.reminderError} />
      </div>
    </div>
  );
}
