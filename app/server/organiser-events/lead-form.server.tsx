// The stand's form right after a scan: rating, notes and its qualifying questions, a plain form with no script.
import { answerField, type LeadQuestion, TEXT_ANSWER_MAX } from "~/lib/organiser-events/lead-questions";
import type { OrgEvent } from "./events.server";
import { Doc, type FormState, page } from "./page-parts.server";

const Err = ({ id, message }: { id: string; message?: string }) =>
  message ? (
    <p id={`${id}-err`} className="err">
      {message}
    </p>
  ) : null;

/** One question as its field: five radios, a list to choose from, or a box of text. */
function Question({ q, state, field }: { q: LeadQuestion; state: FormState; field?: string }) {
  const name = field ?? answerField(q.id);
  const value = state.values?.[name] ?? "";
  const message = state.errors?.[name];
  const described = message ? `${name}-err` : undefined;
  if (q.kind === "text")
    return (
      <>
        <label htmlFor={name}>{q.label}</label>
        <textarea
          id={name}
          name={name}
          rows={2}
          maxLength={TEXT_ANSWER_MAX}
          defaultValue={value}
          aria-invalid={message ? true : undefined}
          aria-describedby={described}
        />
        <Err id={name} message={message} />
      </>
    );
  const choices = q.kind === "rating" ? ["1", "2", "3", "4", "5"] : q.options;
  return (
    <fieldset aria-describedby={described}>
      <legend>{q.label}</legend>
      {choices.map((c) => (
        <label key={c} className="check">
          <input type="radio" name={name} value={c} defaultChecked={value === c} /> {c}
        </label>
      ))}
      <Err id={name} message={message} />
    </fieldset>
  );
}

/**
 * After a stand scans a pass (or opens its QR with the phone's camera): the lead's rating, a note and the
 * stand's questions, filled with what is stored; posting again updates the same lead.
 */
export function renderLeadForm(input: {
  e: OrgEvent;
  name: string;
  action: string;
  questions: LeadQuestion[];
  state: FormState;
  notice?: { text: string; ok: boolean } | null;
  /** What this staff member noted at earlier scans: a new note is added to them, so they are shown, not refilled. */
  noted?: string[];
}): Promise<string> {
  const { e, name, action, questions, state, notice, noted = [] } = input;
  const shown = new Set(["rating", "notes", ...questions.map((q) => answerField(q.id))]);
  const stray = Object.entries(state.errors ?? {}).filter(([k]) => !shown.has(k));
  return page(
    <Doc title={`${name} at ${e.title}`} noindex>
      <h1>{name}</h1>
      <p>
        Attendee pass at <a href={`/e/${e.slug}`}>{e.title}</a>.
      </p>
      {notice ? (
        <p className={notice.ok ? "note ok" : "note"} role={notice.ok ? "status" : "alert"}>
          {notice.text}
        </p>
      ) : null}
      {stray.map(([k, m]) => (
        <p key={k} className="err" role="alert">
          {m}
        </p>
      ))}
      <form method="post" action={action} className="panel">
        <h2>Your stand's lead</h2>
        <Question q={{ id: 0, kind: "rating", label: "Rating", options: [] }} state={state} field="rating" />
        {noted.length ? (
          <>
            <h3>Your notes so far</h3>
            <ul className="plain" data-noted="">
              {noted.map((line, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: the stored order, rendered once
                <li key={i}>{line}</li>
              ))}
            </ul>
          </>
        ) : null}
        <label htmlFor="notes">Add a note</label>
        <textarea id="notes" name="notes" rows={3} maxLength={1000} defaultValue={state.values?.notes ?? ""} />
        <Err id="notes" message={state.errors?.notes} />
        {questions.map((q) => (
          <Question key={q.id} q={q} state={state} />
        ))}
        <button type="submit" className="btn b-active">
          Save lead
        </button>
      </form>
      <p>
        <a href={`/e/${e.slug}/lead-questions`}>Your stand's questions</a> · <a href="/capture">Scan another pass</a>
      </p>
    </Doc>,
  );
}

/** A scan's answer to a browser without script when there is no form to show: a refusal, or an exchange made. */
export function renderNotice(text: string): Promise<string> {
  return page(
    <Doc title={text} noindex>
      <p className="note">{text}</p>
      <p>
        <a href="/capture">Scan another pass</a>
      </p>
    </Doc>,
  );
}
