import { getFormProps, getInputProps } from "@conform-to/react";
import { useEffect, useState } from "react";
import { Form, href, Link, useFetcher } from "react-router";
import { SoleOwnerNotice } from "~/components/teams/sole-owner-notice";
import { Field } from "~/components/ui/field";
import { PERSON_NAME_MAX } from "~/lib/forms/limits";
import { THEMES, type Theme } from "~/lib/platform/theme";
import {
  deleteSchema,
  profileSchema,
  type SettingsAnswer,
  type ShownSettings,
  usePreferencesForm,
  useSettingsForm,
} from "./forms";

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

type Zones = (readonly [string, string])[];

export function ProfileForm({ user, answer }: { user: { name: string; email: string }; answer: SettingsAnswer }) {
  const [profile, fields] = useSettingsForm("profile", profileSchema, answer, { name: user.name });
  return (
    <Form method="post" {...getFormProps(profile)} className={`mt-6 space-y-4 ${box}`} aria-labelledby="profile-title">
      <h2 id="profile-title" className="font-semibold text-lg">
        Profile
      </h2>
      <input type="hidden" name="intent" value="profile" />
      <Field id={fields.name.id} label="Name" errors={fields.name.errors}>
        <input
          {...getInputProps(fields.name, { type: "text" })}
          autoComplete="name"
          maxLength={PERSON_NAME_MAX}
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
  );
}

/** The theme applies as soon as it is picked; without JavaScript, a button posts it. */
export function ThemeForm({ theme }: { theme: Theme }) {
  const themeFetcher = useFetcher();
  const pendingTheme = themeFetcher.formData?.get("theme");
  useEffect(() => {
    if (typeof pendingTheme === "string") document.documentElement.dataset.theme = pendingTheme;
  }, [pendingTheme]);
  return (
    <themeFetcher.Form method="post" action={href("/theme")} className={`mt-8 ${box}`}>
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
  );
}

/** A section that only points to a page of its own. */
export function LinkSection({
  id,
  title,
  text,
  to,
  label,
}: {
  id: string;
  title: string;
  text: string;
  to: string;
  label: string;
}) {
  return (
    <section className={`mt-8 ${box}`} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="font-semibold text-lg">
        {title}
      </h2>
      <p className="mt-1 text-slate-700 text-sm dark:text-slate-300">{text}</p>
      <Link to={to} className={`${secondary} mt-3 inline-block`}>
        {label}
      </Link>
    </section>
  );
}

export function DataDownloads() {
  return (
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
  );
}

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
  zones: Zones;
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

export function PreferencesForm({
  settings,
  zones,
  answer,
}: {
  settings: ShownSettings;
  zones: Zones;
  answer: SettingsAnswer;
}) {
  const [prefs, fields] = usePreferencesForm(answer, settings);
  return (
    <Form method="post" {...getFormProps(prefs)} className={`mt-8 space-y-4 ${box}`} aria-labelledby="prefs-title">
      <h2 id="prefs-title" className="font-semibold text-lg">
        Preferences
      </h2>
      <input type="hidden" name="intent" value="preferences" />
      <div className="grid gap-4 sm:grid-cols-2">
        <div>
          <TimeZoneField
            field={fields.timeZone}
            zones={zones}
            onUse={(zone) => prefs.update({ name: fields.timeZone.name, value: zone })}
          />
        </div>
        <Field id={fields.country.id} label="Country code (for phone numbers)" errors={fields.country.errors}>
          <input {...getInputProps(fields.country, { type: "text" })} maxLength={2} className={control} />
        </Field>
      </div>
      <fieldset>
        <legend className="font-medium text-sm">Notify me about</legend>
        {NOTIFY.map(([name, label]) => (
          <label key={name} className="mt-2 flex items-center gap-2 text-sm">
            <input {...getInputProps(fields[name], { type: "checkbox" })} className="size-4" />
            {label}
          </label>
        ))}
      </fieldset>
      <fieldset>
        <legend className="font-medium text-sm">Who can see your profile</legend>
        {VISIBILITY.map(([value, label, explained]) => (
          <label key={value} className="mt-2 flex items-start gap-2 text-sm">
            <input
              {...getInputProps(fields.visibility, { type: "radio", value })}
              id={`${fields.visibility.id}-${value}`}
              className="mt-1"
            />
            <span>
              {label}
              <span className="block text-slate-600 dark:text-slate-300">{explained}</span>
            </span>
          </label>
        ))}
      </fieldset>
      <button type="submit" className="rounded-md bg-brand-600 px-4 py-2.5 font-semibold text-white hover:bg-brand-700">
        Save preferences
      </button>
    </Form>
  );
}

/** The feed's secret link is shown once, in the answer that made it; the page then only says a feed exists. */
export function CalendarFeed({ origin, hasFeed, feedToken }: { origin: string; hasFeed: boolean; feedToken?: string }) {
  return (
    <section className={`mt-8 ${box}`} aria-labelledby="feed-title">
      <h2 id="feed-title" className="font-semibold text-lg">
        Calendar feed
      </h2>
      <p className="mt-1 text-slate-700 text-sm dark:text-slate-300">
        Subscribe to your follow-ups from any calendar app. The link is secret: anyone with it can read your follow-ups.
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
  );
}

export function DeleteAccount({ email, answer }: { email: string; answer: SettingsAnswer }) {
  const [removal, fields] = useSettingsForm("delete-account", deleteSchema(email), answer, { confirm: "" });
  return (
    <section className="mt-10 rounded-xl border border-red-300 p-5 dark:border-red-900" aria-labelledby="delete-title">
      <h2 id="delete-title" className="font-semibold text-lg text-red-800 dark:text-red-300">
        Delete my account
      </h2>
      <p className="mt-2 text-slate-700 text-sm dark:text-slate-300">
        This deletes your cards (their links stop working at once), your connections, shared contacts, reminders and
        notifications. It cannot be undone.
      </p>
      <Form method="post" {...getFormProps(removal)} className="mt-4 space-y-3">
        <input type="hidden" name="intent" value="delete-account" />
        <Field id={fields.confirm.id} label={`Type ${email} to confirm`} errors={fields.confirm.errors}>
          <input {...getInputProps(fields.confirm, { type: "text" })} autoComplete="off" className={control} />
        </Field>
        <button type="submit" className="rounded-md bg-red-700 px-4 py-2.5 font-semibold text-white hover:bg-red-800">
          Delete my account and all its data
        </button>
      </Form>
      <SoleOwnerNotice teams={answer && "soleOwnerOf" in answer ? (answer.soleOwnerOf ?? []) : []} />
    </section>
  );
}
