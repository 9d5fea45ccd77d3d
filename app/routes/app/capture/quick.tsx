import { appContext } from "~/context";
import { pageMeta } from "~/lib/site";
import { getUser } from "~/server/account/user.server";
import { activeEventName } from "~/server/events/active-event.server";
import { CapturePanel } from "./+shared/capture-form";
import { saveFromForm } from "./+shared/save.server";
import type { Route } from "./+types/quick";

export const meta = () => [...pageMeta("Quick add · Capture contacts"), { name: "robots", content: "noindex" }];

/** The form alone, for typing details in: no camera, and no QR code drawn for the owner's card. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const app = context.get(appContext);
  const user = getUser(context);
  return { origin: new URL(request.url).origin, activeEvent: await activeEventName(app.db, user.workspace.id) };
}

export const action = (args: Route.ActionArgs) => saveFromForm(args);

export default function QuickAdd({ loaderData, actionData }: Route.ComponentProps) {
  return <CapturePanel {...loaderData} myCard={null} answer={actionData} camera={false} />;
}
