// The pass's matchmaking section: what the attendee looks for and offers, and who fits, without an account or script.
import type { Locale } from "~/lib/i18n/locales";
import type { Translate } from "~/lib/i18n/translate";
import {
  INTENT_MAX,
  INTENT_SIDES,
  INTENTS_PER_SIDE,
  type IntentSide,
  type IntentsSent,
  intentReasons,
  intentTag,
} from "~/lib/organiser-events/intents";
import type { Database } from "../db/db.server";
import type { Attendee } from "./attendees.server";
import { intentMatches, intentOptions, intentsOf } from "./intents.server";

export type PassIntentsData = {
  options: string[];
  mine: Record<IntentSide, string[]>;
  suggested: Awaited<ReturnType<typeof intentMatches>>;
  /** A refused form, shown back as typed with its message beside the side that broke the limits. */
  sent: IntentsSent | null;
};

/** What the section shows: read side by side, with a refused form's typed values when there is one. */
export async function passIntentsData(db: Database, a: Attendee, sent: IntentsSent | null): Promise<PassIntentsData> {
  const [options, mine, suggested] = await Promise.all([
    intentOptions(db, a.eventId),
    intentsOf(db, a),
    intentMatches(db, a),
  ]);
  return { options, mine, suggested, sent };
}

export function PassIntents({
  data,
  token,
  listed,
  t,
  locale,
}: {
  data: PassIntentsData;
  token: string;
  listed: boolean;
  t: Translate;
  locale: Locale;
}) {
  const { options, mine, suggested, sent } = data;
  const listedTags = new Set(options.map(intentTag));
  const stated = mine.need.length > 0 || mine.offer.length > 0;
  return (
    <section className="panel" id="intents" aria-labelledby="intents-title">
      <h2 id="intents-title">{t("att.intents.edit")}</h2>
      {listed ? null : <p className="muted">{t("pass.intents.unlisted")}</p>}
      {stated ? (
        suggested.length ? (
          <>
            <h3>{t("att.intents.title")}</h3>
            <ul className="plain" aria-label={t("att.intents.title")}>
              {suggested.map((m) => (
                <li key={m.id} data-suggestion={m.name}>
                  <strong>{m.name}</strong>
                  {m.title || m.company ? ` (${[m.title, m.company].filter(Boolean).join(", ")})` : ""}
                  {intentReasons(t, locale, m).map((r) => (
                    <span key={r}>
                      <br />
                      <span className="muted">{r}</span>
                    </span>
                  ))}
                </li>
              ))}
            </ul>
          </>
        ) : (
          <p className="muted">{t("att.intents.none")}</p>
        )
      ) : null}
      <form method="post" action={`/pass/${token}#intents`} noValidate>
        <input type="hidden" name="intent" value="intents" />
        {sent ? (
          <p className="note" role="alert">
            {t("pass.directory.unsaved")}
          </p>
        ) : null}
        {INTENT_SIDES.map((side) => {
          const ticked = new Set((sent?.values[side].ticked ?? mine[side]).map(intentTag));
          const own = sent?.values[side].own ?? mine[side].filter((l) => !listedTags.has(intentTag(l))).join(", ");
          const failed = sent?.errors.includes(side);
          return (
            <fieldset key={side} aria-describedby={failed ? `intent-${side}-error` : undefined}>
              <legend>{t(side === "need" ? "att.intents.need" : "att.intents.offer")}</legend>
              {options.map((o) => (
                <label key={o} className="check">
                  <input type="checkbox" name={side} value={o} defaultChecked={ticked.has(intentTag(o))} />
                  <span>{o}</span>
                </label>
              ))}
              <label htmlFor={`intent-${side}-own`}>{t("att.intents.own")}</label>
              <input
                id={`intent-${side}-own`}
                name={`${side}Own`}
                type="text"
                defaultValue={own}
                maxLength={1000}
                aria-invalid={failed ? true : undefined}
              />
              {failed ? (
                <p id={`intent-${side}-error`} className="err">
                  {t("att.intents.error", { max: INTENTS_PER_SIDE, length: INTENT_MAX })}
                </p>
              ) : null}
            </fieldset>
          );
        })}
        <button type="submit" className="btn b-upcoming">
          {t("att.intents.save")}
        </button>
      </form>
    </section>
  );
}
