import { Form, href, Link } from "react-router";
import { inputClass } from "~/components/ui/field";
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

/** Meetings asked of me (to answer) and those I asked, with their state. */
export function Meetings({ meetings, slug }: { meetings: MeetingRow[]; slug: string }) {
  if (!meetings.length) return null;
  const small = "rounded-md border border-slate-300 px-3 py-1.5 font-semibold text-sm dark:border-slate-700";
  const STATE = {
    pending: "Waiting for an answer",
    accepted: "Accepted",
    declined: "Declined",
    cancelled: "Cancelled",
  } as const;
  return (
    <section aria-labelledby="meetings-title" className="mt-6">
      <h2 id="meetings-title" className="font-semibold text-xl">
        Meetings
      </h2>
      <ul className="mt-2 grid gap-2" aria-label="Meetings">
        {meetings.map((m) => (
          <li key={m.id} className="rounded-lg border border-slate-200 p-3 text-sm dark:border-slate-800">
            <p>
              <strong>{m.asked ? `You asked ${m.otherName}` : `${m.otherName} asks you`}</strong>
              {m.otherCompany ? ` (${m.otherCompany})` : ""}: {m.line}
            </p>
            {m.note ? <p className="text-slate-600 dark:text-slate-300">{m.note}</p> : null}
            {!m.asked && m.state === "pending" ? (
              <Form method="post" className="mt-2 flex gap-2">
                <input type="hidden" name="id" value={m.id} />
                <button
                  type="submit"
                  name="intent"
                  value="meeting-accept"
                  className={small}
                  aria-label={`Accept the meeting with ${m.otherName}`}
                >
                  Accept
                </button>
                <button
                  type="submit"
                  name="intent"
                  value="meeting-decline"
                  className={small}
                  aria-label={`Decline the meeting with ${m.otherName}`}
                >
                  Decline
                </button>
              </Form>
            ) : (
              <p className="mt-1 font-medium">{STATE[m.state]}</p>
            )}
            {m.state === "pending" || m.state === "accepted" ? (
              <Form method="post" className="mt-2 flex flex-wrap gap-2">
                <input type="hidden" name="id" value={m.id} />
                {m.slotted ? (
                  <Link
                    to={`${href("/e/:slug/meet/:id", { slug, id: String(m.otherId) })}?meeting=${m.id}`}
                    className={small}
                  >
                    Reschedule
                  </Link>
                ) : null}
                <button
                  type="submit"
                  name="intent"
                  value="meeting-cancel"
                  className={small}
                  aria-label={`Cancel the meeting with ${m.otherName}`}
                >
                  Cancel meeting
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
}: {
  to: { id: number; name: string };
  event: { slug: string; startsAt: string; endsAt: string; timeZone: string; slotted: boolean };
  sent: { values: Record<string, string>; errors: Record<string, string[]> } | null;
  buttonClass: string;
  /** Ids of the form's fields: a person shown twice on a page (suggested and listed) gets two forms. */
  idPrefix?: string;
}) {
  // With the organiser's slots, the times offered are those free for both (the meet page).
  if (event.slotted)
    return (
      <p className="mt-2 text-sm">
        <Link to={href("/e/:slug/meet/:id", { slug: event.slug, id: String(to.id) })} className="underline">
          Choose a time to meet {to.name}
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
      <summary className="cursor-pointer text-sm underline">Propose a meeting with {to.name}</summary>
      <Form method="post" className="mt-2 grid gap-2 sm:grid-cols-2" aria-label={`Meeting with ${to.name}`}>
        <input type="hidden" name="id" value={to.id} />
        <label className="grid gap-1 text-sm" htmlFor={id("startsAt")}>
          <span className="font-medium">When ({event.timeZone.replace(/_/g, " ")})</span>
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
          <span className="font-medium">How long</span>
          <select
            id={id("minutes")}
            name="minutes"
            defaultValue={sent?.values.minutes ?? "30"}
            className={inputClass}
            {...described("minutes")}
          >
            {MEETING_MINUTES.map((n) => (
              <option key={n} value={n}>
                {n} minutes
              </option>
            ))}
          </select>
          {message("minutes")}
        </label>
        <label className="grid gap-1 text-sm" htmlFor={id("place")}>
          <span className="font-medium">Where</span>
          <input
            id={id("place")}
            name="place"
            defaultValue={sent?.values.place ?? ""}
            placeholder="Stand 12, the coffee bar..."
            className={inputClass}
            {...described("place")}
          />
          {message("place")}
        </label>
        <label className="grid gap-1 text-sm" htmlFor={id("note")}>
          <span className="font-medium">Note (optional)</span>
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
          Send meeting request
        </button>
      </Form>
    </details>
  );
}
