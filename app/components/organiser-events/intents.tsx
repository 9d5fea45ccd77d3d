import { Form } from "react-router";
import { inputClass } from "~/components/ui/field";
import type { Locale } from "~/lib/i18n/locales";
import { translator } from "~/lib/i18n/translate";
import {
  INTENT_MAX,
  INTENT_SIDES,
  INTENTS_PER_SIDE,
  type IntentSide,
  type IntentsSent,
  intentReasons,
} from "~/lib/organiser-events/intents";
import { MeetingForm } from "./meetings";

/** Matchmaking by intent in the directory: what I look for and offer, and the people who fit. */

/** Both sides: the organiser's list as boxes, and free words beside it; after a refusal, what was typed. */
export function IntentsForm({
  options,
  mine,
  sent,
  buttonClass,
  locale,
}: {
  options: string[];
  mine: Record<IntentSide, string[]>;
  sent: IntentsSent | null;
  buttonClass: string;
  locale: Locale;
}) {
  const t = translator(locale);
  const listed = new Set(options.map((o) => o.toLocaleLowerCase("en")));
  return (
    <Form method="post" className="mt-3 grid gap-4 sm:grid-cols-2" aria-label={t("att.intents.edit")}>
      {INTENT_SIDES.map((side) => {
        const ticked = new Set((sent?.values[side].ticked ?? mine[side]).map((l) => l.toLocaleLowerCase("en")));
        const own =
          sent?.values[side].own ?? mine[side].filter((l) => !listed.has(l.toLocaleLowerCase("en"))).join(", ");
        const failed = sent?.errors.includes(side);
        return (
          <fieldset key={side} className="grid gap-2" aria-describedby={failed ? `intent-${side}-error` : undefined}>
            <legend className="mb-1 font-medium">
              {t(side === "need" ? "att.intents.need" : "att.intents.offer")}
            </legend>
            {options.length ? (
              <div className="flex flex-wrap gap-x-4 gap-y-1">
                {options.map((o) => (
                  <label key={o} className="flex items-center gap-2 text-sm">
                    <input
                      type="checkbox"
                      name={side}
                      value={o}
                      defaultChecked={ticked.has(o.toLocaleLowerCase("en"))}
                      className="size-4"
                    />
                    {o}
                  </label>
                ))}
              </div>
            ) : null}
            <label className="grid gap-1 text-sm" htmlFor={`intent-${side}-own`}>
              <span>{t("att.intents.own")}</span>
              <input
                id={`intent-${side}-own`}
                name={`${side}Own`}
                defaultValue={own}
                maxLength={1000}
                className={inputClass}
                aria-invalid={failed ? true : undefined}
              />
            </label>
            {failed ? (
              <p id={`intent-${side}-error`} className="text-red-700 text-sm dark:text-red-300">
                {t("att.intents.error", { max: INTENTS_PER_SIDE, length: INTENT_MAX })}
              </p>
            ) : null}
          </fieldset>
        );
      })}
      <button type="submit" name="intent" value="intents" className={`${buttonClass} sm:justify-self-start`}>
        {t("att.intents.save")}
      </button>
    </Form>
  );
}

type Suggestion = {
  id: number;
  name: string;
  company: string | null;
  title: string | null;
  offers: string[];
  needs: string[];
};

/** The people whose offers meet my needs, each with the reason in words and the usual way to ask for a meeting. */
export function IntentSuggestions({
  matches,
  event,
  sent,
  buttonClass,
  locale,
}: {
  matches: Suggestion[];
  event: Parameters<typeof MeetingForm>[0]["event"];
  sent: { to: number; values: Record<string, string>; errors: Record<string, string[]> } | null;
  buttonClass: string;
  locale: Locale;
}) {
  const t = translator(locale);
  const reasons = (m: Suggestion) => intentReasons(t, locale, m);
  if (!matches.length)
    return <p className="mt-3 text-slate-600 text-sm dark:text-slate-300">{t("att.intents.none")}</p>;
  return (
    <ol className="mt-3 grid gap-3" aria-label={t("att.intents.title")}>
      {matches.map((m) => (
        <li
          key={m.id}
          className="rounded-lg border border-slate-200 p-3 dark:border-slate-800"
          data-suggestion={m.name}
        >
          <strong>{m.name}</strong>
          {m.title || m.company ? ` (${[m.title, m.company].filter(Boolean).join(", ")})` : ""}
          {reasons(m).map((r) => (
            <span key={r} className="block text-slate-600 text-sm dark:text-slate-300">
              {r}
            </span>
          ))}
          <MeetingForm
            to={m}
            event={event}
            sent={sent?.to === m.id ? sent : null}
            buttonClass={buttonClass}
            idPrefix="suggest"
            locale={locale}
          />
        </li>
      ))}
    </ol>
  );
}
