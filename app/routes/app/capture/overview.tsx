import { useOutletContext } from "react-router";
import { appContext } from "~/context";
import { pageMeta } from "~/lib/site";
import { getUser } from "~/server/account/user.server";
import { listCards, presentsAs } from "~/server/cards/cards.server";
import { cardQrSvg } from "~/server/cards/qr.server";
import { activeEventName } from "~/server/events/active-event.server";
import { CapturePanel } from "./+shared/capture-form";
import { saveFromForm } from "./+shared/save.server";
import type { Route } from "./+types/overview";

export const meta = () => [...pageMeta("Capture contacts"), { name: "robots", content: "noindex" }];

/** The camera, the card photo, the owner's own QR code and the form, as /capture has always been. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const app = context.get(appContext);
  const user = getUser(context);
  const origin = new URL(request.url).origin;
  // The QR code shown as one's own: never a colleague's team card.
  const published = (await listCards(app.db, user.workspace.id)).find(
    (c) => c.published && c.slug && presentsAs(user.id, c),
  );
  const myCard = published?.slug
    ? { name: published.name, slug: published.slug, svg: await cardQrSvg(`${origin}/c/${published.slug}?src=qr`) }
    : null;
  return { origin, myCard, activeEvent: await activeEventName(app.db, user.workspace.id) };
}

export const action = (args: Route.ActionArgs) => saveFromForm(args);

export default function CaptureOverview({ loaderData, actionData }: Route.ComponentProps) {
  // A post to the page's address without ?index (a script, an old bookmark) is answered by the layout.
  const layoutAnswer = useOutletContext<Route.ComponentProps["actionData"]>();
  return <CapturePanel {...loaderData} answer={actionData ?? layoutAnswer} camera />;
}
