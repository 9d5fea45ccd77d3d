import { getFormProps, getInputProps, type SubmissionResult, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useEffect, useState } from "react";
import { data, Form, href, Link, useFetcher, useNavigation } from "react-router";
import { z } from "zod";
import { Field } from "~/components/ui/field";
import { appContext } from "~/context";
import { userNameSchema } from "~/lib/auth";
import { checkboxField, countryField, timeZoneField } from "~/lib/forms/fields";
import { pageMeta } from "~/lib/site";
import { THEMES, themeFromCookie } from "~/lib/theme";
import { utcOffsetLabel } from "~/lib/time";
import { deleteAccount } from "~/server/account/account.server";
import { CLEAR_SITE_DATA, createAuth } from "~/server/account/auth.server";
import { getSettings, rotateCalendarToken, saveSettings } from "~/server/account/settings.server";
import { getUser } from "~/server/account/user.server";
import { invalidateOwnerCards } from "~/server/cards/cards.server";
import { redirectWithToast } from "~/server/platform/toast.server";
import type { Route } from "./+types/settings";

export const meta = () => [...pageMeta("Settings"), { name: "robots", content: "noindex" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const app = context.get(appContext);
  const user = getUser(context);
  const settings = await getSettings(app.db, user.id);
  return {
    user,
    settings: { ...settings, calendarTokenHash: undefined, hasFeed: Boolean(settings.calendarTokenHash) },
    // The runtime's list leaves out "UTC", the default; each zone with its offset today, to search by either.
    zones: ["UTC", ...Intl.supportedValuesOf("timeZone")].map((zone) => [zone, utcOffsetLabel(zone)] as const),
    theme: themeFromCookie(request.headers.get("cookie")),
    origin: new URL(request.url).origin,
  };
}

// The same name rule as sign-up (createAuth checks it again for every account write).
const profileSchema = z.object({ intent: z.literal("profile"), name: userNameSchema });

const preferencesSchema = z.object({
  intent: z.literal("preferences"),
  timeZone: timeZoneField,
  country: countryField,
  notifyShareBacks: checkboxField,
  notifyReminders: checkboxField,
  notifyImports: checkboxField,
  visibility: z.enum(["all", "connections"]).catch("all"),
});

const CONFIRM_MESSAGE = "Type your email address exactly to confirm.";
const deleteSchema = (email: string) =>
  z.object({
    intent: z.literal("delete-account"),
    confirm: z
      .string({ error: CONFIRM_MESSAGE })
      .max(254, CONFIRM_MESSAGE)
      .refine((v) => v.trim().toLowerCase() === email.toLowerCase(), CONFIRM_MESSAGE),
  });

type FormIntent = "profile" | "preferences" | "delete-account";

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
  if (intent !== "delete-account") throw new Response("Bad Request", { status: 400, statusText: "Bad Request" });
  const submission = parseWithZod(form, { schema: deleteSchema(user.email) });
  if (submission.status !== "success") return refuse(intent, submission.reply());
  // One batch: if it fails nothing is gone and the owner stays signed in to try again.
  await deleteAccount(app.env, app.db, user);
  // Only now: the session row went with the account, and this clears the cookies.
  const signOut = await createAuth(app, request).api.signOut({ headers: request.headers, asResponse: true });
  const headers = new Headers();
  for (const cookie of signOut.headers.getSetCookie()) headers.append("Set-Cookie", cookie);
  headers.set("Clear-Site-Data", CLEAR_SITE_DATA);
  return redirectWithToast(
    "/",
    { type: "success", title: "Account deleted", description: "Your account and all of its data are gone." },
    { headers },
  );
}

const box = "rounded-xl border border-slate-200 p-5 dark:border-slate-800";
const control = "block w-full rounded-md border border-slate-300 px-3 py-2 dark:border-slate-700 dark:bg-slate-900";
const secondary = "rounded-md border border-slate-300 px-3 py-2 font-medium text-sm dark:border-slate-700";
const errorText = "mt-1 text-red-700 text-sm dark:text-red-300";

const NOTIFY = [
  ["notifyShareBacks", "People who share their details back"],
  ["notifyReminders", "Follow-ups that are due"],
  ["notifyImports", "Finished imports"],
] as const;

const VISIBILITY = [
  ["all", "All users", "Anyone can open your published cards, and search engines may list them."],
  [
    "connections",
    "Connections only",
    "Your cards open only for people you give the link or QR code to; search engines are asked not to list them.",
  ],
] as const;

/**
 * The owner's zone, searchable by city or offset, and the zone this device is in one tap away:
 * a text field with the runtime's list as suggestions rather than a select of 419 names.
 */
function TimeZoneField({
  field,
  zones,
  onUse,
}: {
  field: ReturnType<typeof usePreferencesForm>[1]["timeZone"];
  zones: (readonly [string, string])[];
  onUse: (zone: string) => void;
}) {
  const [device, setDevice] = useState<string | null>(null);
  useEffect(() => setDevice(Intl.DateTimeFormat().resolvedOptions().timeZone || null), []);
  const saved = field.value ?? field.initialValue;
  return (
    <div>
      <label htmlFor={field.id} className="mb-1 block font-medium text-sm">
        Time zone
      </label>
      <input
        {...getInputProps(field, { type: "text", ariaDescribedBy: field.errors ? undefined : `${field.id}-hint` })}
        list="time-zones"
        autoComplete="off"
        spellCheck={false}
        placeholder="Search, e.g. New York or UTC+01"
        className={control}
      />
      <datalist id="time-zones">
        {zones.map(([zone, offset]) => (
          <option key={zone} value={zone}>{`${offset} · ${zone.replaceAll("_", " ")}`}</option>
        ))}
      </datalist>
      {field.errors ? (
        <p id={field.errorId} className={errorText}>
          {field.errors[0]}
        </p>
      ) : (
        <p id={`${field.id}-hint`} className="mt-1 text-slate-600 text-xs dark:text-slate-300">
          Reminders and "today" follow this zone.
          {device && device !== saved ? (
            <>
              {" "}
              This device is in {device}.{" "}
              <button
                type="button"
                className="font-semibold text-brand-700 underline dark:text-brand-200"
                onClick={() => onUse(device)}
              >
                Use {device}
              </button>
            </>
          ) : null}
        </p>
      )}
    </div>
  );
}

/** A form of this page: validated in the browser with the action's schema; the action's answer when it was this form's. */
function useSettingsForm<S extends z.ZodObject>(
  id: FormIntent,
  schema: S,
  actionData: Route.ComponentProps["actionData"],
  defaultValue: Partial<Record<keyof z.input<S>, string>>,
) {
  const navigation = useNavigation();
  return useForm<z.input<S>, z.output<S>>({
    id,
    lastResult:
      navigation.state === "idle" && actionData && "reply" in actionData && actionData.intent === id
        ? actionData.reply
        : undefined,
    defaultValue: defaultValue as never,
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
}

function usePreferencesForm(
  actionData: Route.ComponentProps["actionData"],
  settings: Route.ComponentProps["loaderData"]["settings"],
) {
  return useSettingsForm("preferences", preferencesSchema, actionData, {
    timeZone: settings.timeZone,
    country: settings.country,
    notifyShareBacks: settings.notifyShareBacks ? "on" : "",
    notifyReminders: settings.notifyReminders ? "on" : "",
    notifyImports: settings.notifyImports ? "on" : "",
    visibility: settings.visibility,
  });
}

export default function Settings({ loaderData, actionData }: Route.ComponentProps) {
  const { user, settings, zones, origin, theme } = loaderData;
  const [profile, profileFields] = useSettingsForm("profile", profileSchema, actionData, { name: user.name });
  const [prefs, prefsFields] = usePreferencesForm(actionData, settings);
  const [removal, removalFields] = useSettingsForm("delete-account", deleteSchema(user.email), actionData, {
    confirm: "",
  });
  const themeFetcher = useFetcher();
  const pendingTheme = themeFetcher.formData?.get("theme");
  useEffect(() => {
    if (typeof pendingTheme === "string") document.documentElement.dataset.theme = pendingTheme;
  }, [pendingTheme]);
  const feedToken = actionData && "feedToken" in actionData ? actionData.feedToken : undefined;
  const hasFeed = settings.hasFeed || Boolean(feedToken);
  return (
    <section className="mx-auto max-w-2xl px-4 py-10 sm:px-6">
      <h1 className="font-bold text-3xl tracking-tight">Settings</h1>
      <Form
        method="post"
        {...getFormProps(profile)}
        className={`mt-6 space-y-4 ${box}`}
        aria-labelledby="profile-title"
      >
        <h2 id="profile-title" className="font-semibold text-lg">
          Profile
        </h2>
        <input type="hidden" name="intent" value="profile" />
        <Field id={profileFields.name.id} label="Name" errors={profileFields.name.errors}>
          <input
            {...getInputProps(profileFields.name, { type: "text" })}
            autoComplete="name"
            maxLength={120}
            className={control}
          />
        </Field>
        <p className="text-sm">
          <span className="text-slate-600 dark:text-slate-300">Email:</span> {user.email}{" "}
          <Link to={href("/settings/account")} className="font-medium text-brand-700 underline dark:text-brand-200">
            Change email, password or signed-in devices
          </Link>
        </p>
        <button type="submit" className={secondary}>
          Save profile
        </button>
      </Form>

      <themeFetcher.Form method="post" action="/theme" className={`mt-8 ${box}`}>
        <fieldset>
          <legend className="font-semibold text-lg">Theme</legend>
          <div className="mt-2 flex flex-wrap gap-4">
            {THEMES.map((t) => (
              <label key={t} className="flex items-center gap-2 text-sm">
                <input
                  type="radio"
                  name="theme"
                  value={t}
                  defaultChecked={theme === t}
                  onChange={(event) => themeFetcher.submit(event.currentTarget.form)}
                />
                {t === "system" ? "Match my device" : t === "light" ? "Light" : "Dark"}
              </label>
            ))}
          </div>
        </fieldset>
        <noscript>
          <button type="submit" className={`${secondary} mt-3`}>
            Use this theme
          </button>
        </noscript>
      </themeFetcher.Form>

      <section className={`mt-8 ${box}`} aria-labelledby="rhythms-title">
        <h2 id="rhythms-title" className="font-semibold text-lg">
          Keep in touch
        </h2>
        <p className="mt-1 text-slate-700 text-sm dark:text-slate-300">
          Rhythms per tag, such as every Donor quarterly. Due days follow your time zone, set under Preferences below.
        </p>
        <Link to={href("/settings/keep-in-touch")} className={`${secondary} mt-3 inline-block`}>
          Set rhythms per tag
        </Link>
      </section>

      <section className={`mt-8 ${box}`} aria-labelledby="billing-title">
        <h2 id="billing-title" className="font-semibold text-lg">
          Plan and billing
        </h2>
        <p className="mt-1 text-slate-700 text-sm dark:text-slate-300">
          Your plan, its renewal or end date, the free trial and the nonprofit offer.
        </p>
        <Link to={href("/settings/billing")} className={`${secondary} mt-3 inline-block`}>
          Open plan and billing
        </Link>
      </section>

      <section className={`mt-8 ${box}`} aria-labelledby="integrations-title">
        <h2 id="integrations-title" className="font-semibold text-lg">
          Integrations
        </h2>
        <p className="mt-1 text-slate-700 text-sm dark:text-slate-300">
          Webhooks, HubSpot, Krystal AI and API tokens for your own scripts.
        </p>
        <Link to={href("/settings/integrations")} className={`${secondary} mt-3 inline-block`}>
          Open integrations
        </Link>
      </section>

      <section className={`mt-8 ${box}`} aria-labelledby="data-title">
        <h2 id="data-title" className="font-semibold text-lg">
          Download all my data
        </h2>
        <p className="mt-1 text-slate-700 text-sm dark:text-slate-300">
          Everything in your account as JSON, or your connections as a vCard or CSV file.
        </p>
        <div className="mt-3 flex flex-wrap gap-2">
          <a href="/api/account/export" download className={secondary}>
            All data (JSON)
          </a>
          <a href="/api/connections/export?format=vcf" download className={secondary}>
            Connections (vCard)
          </a>
          <a href="/api/connections/export?format=csv" download className={secondary}>
            Connections (CSV)
          </a>
        </div>
      </section>

      <Form method="post" {...getFormProps(prefs)} className={`mt-8 space-y-4 ${box}`} aria-labelledby="prefs-title">
        <h2 id="prefs-title" className="font-semibold text-lg">
          Preferences
        </h2>
        <input type="hidden" name="intent" value="preferences" />
        <div className="grid gap-4 sm:grid-cols-2">
          <div>
            <TimeZoneField
              field={prefsFields.timeZone}
              zones={zones}
              onUse={(zone) => prefs.update({ name: prefsFields.timeZone.name, value: zone })}
            />
          </div>
          <Field
            id={prefsFields.country.id}
            label="Country code (for phone numbers)"
            errors={prefsFields.country.errors}
          >
            <input {...getInputProps(prefsFields.country, { type: "text" })} maxLength={2} className={control} />
          </Field>
        </div>
        <fieldset>
          <legend className="font-medium text-sm">Notify me about</legend>
          {NOTIFY.map(([name, label]) => (
            <label key={name} className="mt-2 flex items-center gap-2 text-sm">
              <input {...getInputProps(prefsFields[name], { type: "checkbox" })} className="size-4" />
              {label}
            </label>
          ))}
        </fieldset>
        <fieldset>
          <legend className="font-medium text-sm">Who can see your profile</legend>
          {VISIBILITY.map(([value, label, explained]) => (
            <label key={value} className="mt-2 flex items-start gap-2 text-sm">
              <input
                {...getInputProps(prefsFields.visibility, { type: "radio", value })}
                id={`${prefsFields.visibility.id}-${value}`}
                className="mt-1"
              />
              <span>
                {label}
                <span className="block text-slate-600 dark:text-slate-300">{explained}</span>
              </span>
            </label>
          ))}
        </fieldset>
        <button
          type="submit"
          className="rounded-md bg-brand-600 px-4 py-2.5 font-semibold text-white hover:bg-brand-700"
        >
          Save preferences
        </button>
      </Form>

      <section className={`mt-8 ${box}`} aria-labelledby="feed-title">
        <h2 id="feed-title" className="font-semibold text-lg">
          Calendar feed
        </h2>
        <p className="mt-1 text-slate-700 text-sm dark:text-slate-300">
          Subscribe to your follow-ups from any calendar app. The link is secret: anyone with it can read your
          follow-ups.
        </p>
        {feedToken ? (
          <div className="mt-3">
            <label htmlFor="feed-url" className="block font-medium text-sm">
              Your feed link (shown once; copy it now)
            </label>
            <input
              id="feed-url"
              readOnly
              value={`${origin}/api/calendar/${feedToken}.ics`}
              className={`${control} mt-1 font-mono text-xs`}
            />
          </div>
        ) : null}
        <div className="mt-3 flex flex-wrap gap-2">
          <Form method="post">
            <button type="submit" name="intent" value="feed" className={secondary}>
              {hasFeed ? "Make a new link (the old one stops working)" : "Create a feed link"}
            </button>
          </Form>
          {hasFeed ? (
            <Form method="post">
              <button type="submit" name="intent" value="revoke-feed" className={secondary}>
                Turn the feed off
              </button>
            </Form>
          ) : null}
        </div>
      </section>

      <section
        className="mt-10 rounded-xl border border-red-300 p-5 dark:border-red-900"
        aria-labelledby="delete-title"
      >
        <h2 id="delete-title" className="font-semibold text-lg text-red-800 dark:text-red-300">
          Delete my account
        </h2>
        <p className="mt-2 text-slate-700 text-sm dark:text-slate-300">
          This deletes your cards (their links stop working at once), your connections, shared contacts, reminders and
          notifications. It cannot be undone.
        </p>
        <Form method="post" {...getFormProps(removal)} className="mt-4 space-y-3">
          <input type="hidden" name="intent" value="delete-account" />
          <Field
            id={removalFields.confirm.id}
            label={`Type ${user.email} to confirm`}
            errors={removalFields.confirm.errors}
          >
            <input {...getInputProps(removalFields.confirm, { type: "text" })} autoComplete="off" className={control} />
          </Field>
          <button type="submit" className="rounded-md bg-red-700 px-4 py-2.5 font-semibold text-white hover:bg-red-800">
            Delete my account and all its data
          </button>
        </Form>
      </section>
    </section>
  );
}
