import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, href } from "react-router";
import { appContext } from "~/context";
import { carryCookies } from "~/lib/platform/carry-cookies";
import { themeFromCookie } from "~/lib/platform/theme";
import { pageMeta } from "~/lib/site";
import { soleOwnerMessage } from "~/lib/teams/rules";
import { utcOffsetLabel } from "~/lib/time/time";
import { deleteAccount } from "~/server/account/account.server";
import { shellSettings } from "~/server/account/app-shell.server";
import { CLEAR_SITE_DATA, createAuth } from "~/server/account/auth.server";
import { getUser } from "~/server/account/user.server";
import { invalidateOwnerCards } from "~/server/cards/cards.server";
import { unknownIntent } from "~/server/platform/http.server";
import { redirectWithToast } from "~/server/platform/toast.server";
import { getSettings, rotateCalendarToken, saveSettings } from "~/server/settings/settings.server";
import { isOnlyOwnerRefusal, teamsOnlyOwnedBy } from "~/server/teams/only-owner.server";
import type { Route } from "./+types/settings";
import { deleteSchema, type FormIntent, preferencesSchema, profileSchema } from "./settings/+shared/forms";
import {
  CalendarFeed,
  DataDownloads,
  DeleteAccount,
  LinkSection,
  PreferencesForm,
  ProfileForm,
  ThemeForm,
} from "./settings/+shared/sections";

export const meta = () => [...pageMeta("Settings"), { name: "robots", content: "noindex" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = getUser(context);
  const settings = await shellSettings(context, request);
  return {
    user,
    settings: { ...settings, calendarTokenHash: undefined, hasFeed: Boolean(settings.calendarTokenHash) },
    // The runtime's list leaves out "UTC", the default; each zone with its offset today, to search by either.
    zones: ["UTC", ...Intl.supportedValuesOf("timeZone")].map((zone) => [zone, utcOffsetLabel(zone)] as const),
    theme: themeFromCookie(request.headers.get("cookie")),
    origin: new URL(request.url).origin,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const app = context.get(appContext);
  const user = getUser(context);
  const form = await request.formData();
  const intent = form.get("intent");
  const saved = (title: string) => redirectWithToast(href("/settings"), { type: "success", title });
  const refuse = (formIntent: FormIntent, reply: SubmissionResult<string[]>) =>
    data({ intent: formIntent, reply }, { status: 400 });
  if (intent === "profile") {
    const submission = parseWithZod(form, { schema: profileSchema });
    if (submission.status !== "success") return refuse(intent, submission.reply());
    await createAuth(app, request).api.updateUser({ headers: request.headers, body: { name: submission.value.name } });
    return saved("Profile saved");
  }
  if (intent === "preferences") {
    const submission = parseWithZod(form, { schema: preferencesSchema });
    if (submission.status !== "success") return refuse(intent, submission.reply());
    const { intent: _intent, ...prefs } = submission.value;
    const before = await getSettings(app.db, user.id);
    await saveSettings(app.db, user.id, prefs);
    if (before.visibility !== prefs.visibility) await invalidateOwnerCards(app.env, app.db, user.id);
    return saved("Settings saved");
  }
  if (intent === "feed") return data({ feedToken: await rotateCalendarToken(app.db, user.id) });
  if (intent === "revoke-feed") {
    await saveSettings(app.db, user.id, { calendarTokenHash: null });
    return saved("Calendar feed turned off");
  }
  if (intent !== "delete-account") unknownIntent();
  const submission = parseWithZod(form, { schema: deleteSchema(user.email) });
  if (submission.status !== "success") return refuse(intent, submission.reply());
  // A team's only owner hands it over first (the database refuses otherwise, should one step down meanwhile).
  const soleOwner = async () => {
    const teams = await teamsOnlyOwnedBy(app.db, user.id);
    const reply = submission.reply({ fieldErrors: { confirm: [soleOwnerMessage(teams.map((t) => t.name ?? ""))] } });
    return teams.length
      ? data({ intent: "delete-account" as const, reply, soleOwnerOf: teams }, { status: 409 })
      : null;
  };
  const held = await soleOwner();
  if (held) return held;
  // One batch: if it fails nothing is gone and the owner stays signed in to try again.
  try {
    await deleteAccount(app.env, app.db, user);
  } catch (error) {
    const refused = isOnlyOwnerRefusal(error) && (await soleOwner());
    if (!refused) throw error;
    return refused;
  }
  // Only now: the session row went with the account, and this clears the cookies.
  const signOut = await createAuth(app, request).api.signOut({ headers: request.headers, asResponse: true });
  const headers = carryCookies(signOut);
  headers.set("Clear-Site-Data", CLEAR_SITE_DATA);
  return redirectWithToast(
    href("/"),
    { type: "success", title: "Account deleted", description: "Your account and all of its data are gone." },
    { headers },
  );
}

/** Each form on this page posts its own intent to the one action above; the page only lays them out. */
export default function Settings({ loaderData, actionData }: Route.ComponentProps) {
  const { user, settings, zones, origin, theme } = loaderData;
  const feedToken = actionData && "feedToken" in actionData ? actionData.feedToken : undefined;
  return (
    <section className="mx-auto max-w-2xl px-4 py-10 sm:px-6">
      <h1 className="font-bold text-3xl tracking-tight">Settings</h1>
      <ProfileForm user={user} answer={actionData} />
      <ThemeForm theme={theme} />
      <LinkSection
        id="rhythms"
        title="Keep in touch"
        text="Rhythms per tag, such as every Donor quarterly. Due days follow your time zone, set under Preferences below."
        to={href("/settings/keep-in-touch")}
        label="Set rhythms per tag"
      />
      <LinkSection
        id="team"
        title="Team"
        text="Work together with colleagues in a team workspace: make one, invite people by email, set their roles."
        to={href("/teams")}
        label="Open teams"
      />
      <LinkSection
        id="billing"
        title="Plan and billing"
        text="Your plan, its renewal or end date, the free trial and the nonprofit offer."
        to={href("/settings/billing")}
        label="Open plan and billing"
      />
      <LinkSection
        id="integrations"
        title="Integrations"
        text="Webhooks, HubSpot, Krystal AI and API tokens for your own scripts."
        to={href("/settings/integrations")}
        label="Open integrations"
      />
      <DataDownloads />
      <PreferencesForm settings={settings} zones={zones} answer={actionData} />
      <CalendarFeed origin={origin} hasFeed={settings.hasFeed || Boolean(feedToken)} feedToken={feedToken} />
      <DeleteAccount email={user.email} answer={actionData} />
    </section>
  );
}
