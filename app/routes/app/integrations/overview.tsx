import { useOutletContext } from "react-router";
import { appContext } from "~/context";
import { pageMeta } from "~/lib/site";
import { ownersOf } from "~/server/account/app-shell.server";
import { getUser } from "~/server/account/user.server";
import { runIntent } from "./+shared/intent.server";
import { useAnswer } from "./+shared/parts";
import { allSections } from "./+shared/sections.server";
import type { Route } from "./+types/overview";
import { AddressBookSection } from "./address-book";
import { loadAddressBook } from "./address-book.server";
import { ApiTokensSection } from "./api-tokens";
import { loadApiTokens } from "./api-tokens.server";
import { HubspotSection } from "./hubspot";
import { loadHubspot } from "./hubspot.server";
import { KrystalSection } from "./krystal";
import { loadKrystal } from "./krystal.server";
import { WebhooksSection } from "./webhooks";
import { loadWebhooks } from "./webhooks.server";

export const meta = () => [...pageMeta("Integrations"), { name: "robots", content: "noindex" }];

/** Every section on one page, as /settings/integrations has always been; each also has its own page. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const app = context.get(appContext);
  const user = getUser(context);
  const [w, h, k, t, a] = await Promise.all([
    loadWebhooks(app, user.workspace.id),
    loadHubspot(app, user.workspace.id),
    loadKrystal(app, user.workspace.id),
    loadApiTokens(app, ownersOf(user)),
    loadAddressBook(app, user, request),
  ]);
  return { ...w, ...h, ...k, ...t, ...a };
}

// Any section's form posted from this page runs that section's own action.
export const action = (args: Route.ActionArgs) => runIntent(args, allSections);

export default function IntegrationsOverview({ loaderData, actionData }: Route.ComponentProps) {
  // A post to the page's address without ?index (a script, an old bookmark) is answered by the layout.
  const layoutAnswer = useOutletContext<unknown>();
  const { shown, replyFor } = useAnswer(actionData ?? layoutAnswer);
  return (
    <>
      <WebhooksSection data={loaderData} reply={replyFor("add-webhook")} shown={shown} />
      <HubspotSection
        data={loaderData}
        connectReply={replyFor("hubspot-connect")}
        settingsReply={replyFor("hubspot-settings")}
      />
      <KrystalSection data={loaderData} reply={replyFor("krystal-connect")} shown={shown} />
      <ApiTokensSection data={loaderData} reply={replyFor("create-token")} shown={shown} />
      <AddressBookSection data={loaderData} reply={replyFor("create-app-password")} shown={shown} />
    </>
  );
}
