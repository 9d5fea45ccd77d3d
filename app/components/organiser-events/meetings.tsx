import { Form, href, Link } from "react-router";
import { inputClass } from "~/components/ui/field";
import type { Locale } from "~/lib/i18n/locales";
import { translator } from "~/lib/i18n/translate";
import { MEETING_MINUTES } from "~/lib/organiser-events/rules";

/** Meetings between attendees in the directory: the list to answer, and the form that proposes one. */

export type MeetingRow = {
  id: number;
  asked: boolean;
  otherId: number;
  slotted: boolean;
  otherName: string;
  otherCompany: string | null;
  line: string;
  note: string;
  state: "pending" | "accepted" | "declined" | "cancelled";
};

/**
 * Accept and Decline of a request made to me (a Connect or a meeting): one form posting the request's id, each button
 * named with the person for a screen reader.
 */
export function AnswerButtons({
  id,
  intents,
  labels,
  buttonClass,
  locale,
  className,
}: {
  id: number;
  intents: readonly [accept: string, decline: string];
  labels: readonly [accept: string, decline: string];
  buttonClass: string;
  locale: Locale;
  className: string;
}) {
  const t = translator(locale);
  return (
    <Form method="post" className={className}>
      <input type="hidden" name="id" value={id} />
      <button type="submit" name="intent" value={intents[0]} className={buttonClass} aria-label={labels[0]}>
        {t("att.meetings.accept")}
      </button>
      <button type="submit" name="intent" value={intents[1]} className={buttonClass} aria-label={labels[1]}>
        {t("att.meetings.decline")}
      </button>
    </Form>
  );
}

/** Meetings asked of me (to answer) and those I asked, with their state. */
export function Meetings({ meetings, slug, locale }: { meetings: MeetingRow[]; slug: string; locale: Locale }) {
  if (!meetings.length) return null;
  const t = translator(locale);
  const small = "rounded-md border border-slate-300 px-3 py-1.5 font-semibold text-sm dark:border-slate-700";
  return (
    <section aria-labelledby="meetings-title" className="mt-6">
      <h2 id="meetings-title" className="font-semibold text-xl">
        {t("att.meetings.title")}
      </h2>
      <ul className="mt-2 grid gap-2" aria-label={t("att.meetings.title")}>
        {meetings.map((m) => (
          <li key={m.id} className="rounded-lg border border-slate-200 p-3 text-sm dark:border-slate-800">
            <p>
              <strong>{t(m.asked ? "att.meetings.youAsked" : "att.meetings.asksYou", { name: m.otherName })}</strong>
              {m.otherCompany ? ` (${m.otherCompany})` : ""}: {m.line}
            </p>
            {m.note ? <p className="text-slate-600 dark:text-slate-300">{m.note}</p> : null}
            {!m.asked && m.state === "pending" ? (
              <AnswerButtons
                id={m.id}
                intents={["meeting-accept", "meeting-decline"]}
                labels={[
                  t("att.meetings.acceptWho", { name: m.otherName }),
                  t("att.meetings.declineWho", { name: m.otherName }),
                ]}
                buttonClass={small}
                locale={locale}
                className="mt-2 flex gap-2"
              />
            ) : (
              <p className="mt-1 font-medium">{t(`att.meetings.state.${m.state}`)}</p>
            )}
            {m.state === "pending" || m.state === "accepted" ? (
              <Form method="post" className="mt-2 flex flex-wrap gap-2">
                <input type="hidden" name="id" value={m.id} />
                {m.slotted ? (
                  <Link
                    to={`${href("/e/:slug/meet/:id", { slug, id: String(m.otherId) })}?meeting=${m.id}`}
                    className={small}
                  >
                    {t("att.meetings.reschedule")}
                  </Link>
                ) : null}
                <button
                  type="submit"
                  name="intent"
                  value="meeting-cancel"
                  className={small}
                  aria-label={t("att.meetings.cancelWho", { name: m.otherName })}
                >
                  {t("att.meetings.cancel")}
                </button>
              </Form>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}

/** Proposes a time (on the event's clock, within the event) and a place; open again with errors after a refusal. */
export function MeetingForm({
  to,
  event,
  sent,
  buttonClass,
  idPrefix = "meet",
  locale,
}: {
  to: { id: number; name: string };
  event: { slug: string; startsAt: string; endsAt: string; timeZone: string; slotted: boolean };
  sent: { values: Record<string, string>; errors: Record<string, string[]> } | null;
  buttonClass: string;
  /** Ids of the form's fields: a person shown twice on a page (suggested and listed) gets two forms. */
  idPrefix?: string;
  locale: Locale;
}) {
  const t = translator(locale);
  // With the organiser's slots, the times offered are those free for both (the meet page).
  if (event.slotted)
    return (
      <p className="mt-2 text-sm">
        <Link to={href("/e/:slug/meet/:id", { slug: event.slug, id: String(to.id) })} className="underline">
          {t("att.meetings.chooseTime", { name: to.name })}
        </Link>
      </p>
    );
  const id = (f: string) => `${idPrefix}-${to.id}-${f}`;
  const err = (f: string) => sent?.errors[f]?.[0];
  const described = (f: string) => (err(f) ? { "aria-invalid": true, "aria-describedby": `${id(f)}-error` } : {});
  const message = (f: string) =>
    err(f) ? (
      <span id={`${id(f)}-error`} className="text-red-700 text-sm dark:text-red-300">
        {err(f)}
      </span>
    ) : null;
  return (
    <details className="mt-2" open={Boolean(sent)}>
      <summary className="cursor-pointer text-sm underline">{t("att.meetings.propose", { name: to.name })}</summary>
      <Form
        method="post"
        className="mt-2 grid gap-2 sm:grid-cols-2"
        aria-label={t("att.meetings.formLabel", { name: to.name })}
      >
        <input type="hidden" name="id" value={to.id} />
        <label className="grid gap-1 text-sm" htmlFor={id("startsAt")}>
          <span className="font-medium">{t("att.meetings.when", { zone: event.timeZone.replace(/_/g, " ") })}</span>
          <input
            id={id("startsAt")}
            name="startsAt"
            type="datetime-local"
            min={event.startsAt}
            max={event.endsAt}
            defaultValue={sent?.values.startsAt ?? event.startsAt}
            className={inputClass}
            {...described("startsAt")}
          />
          {message("startsAt")}
        </label>
        <label className="grid gap-1 text-sm" htmlFor={id("minutes")}>
          <span className="font-medium">{t("att.meetings.howLong")}</span>
          <select
            id={id("minutes")}
            name="minutes"
            defaultValue={sent?.values.minutes ?? "30"}
            className={inputClass}
            {...described("minutes")}
          >
            {MEETING_MINUTES.map((n) => (
              <option key={n} value={n}>
                {t("att.meetings.minutes", { minutes: n })}
              </option>
            ))}
          </select>
          {message("minutes")}
        </label>
        <label className="grid gap-1 text-sm" htmlFor={id("place")}>
          <span className="font-medium">{t("att.meetings.where")}</span>
          <input
            id={id("place")}
            name="place"
            defaultValue={sent?.values.place ?? ""}
            placeholder={t("att.meetings.wherePlaceholder")}
            className={inputClass}
            {...described("place")}
          />
          {message("place")}
        </label>
        <label className="grid gap-1 text-sm" htmlFor={id("note")}>
          <span className="font-medium">{t("att.meetings.note")}</span>
          <input
            id={id("note")}
            name="note"
            defaultValue={sent?.values.note ?? ""}
            className={inputClass}
            {...described("note")}
          />
          {message("note")}
        </label>
        <button type="submit" name="intent" value="meet" className={`${buttonClass} sm:justify-self-start`}>
          {t("att.meetings.send")}
        </button>
      </Form>
    </details>
  );
}
