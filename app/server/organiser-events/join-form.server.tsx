import type { Locale } from "~/lib/i18n/locales";
import type { Translate } from "~/lib/i18n/translate";
import { type RegQuestion, regChoices, regField } from "~/lib/organiser-events/registration-questions";
import { VISIBILITY } from "~/lib/organiser-events/rules";
import type { PublicOrgEvent } from "./events.server";
import { type FormState, TextField } from "./page-parts.server";

/** The public join form (no script): the attendee's details, their directory choices and the organiser's questions. */

/** A refused join keeps what was typed; the event's registration questions come with the page. */
export type JoinState = FormState & { questions?: RegQuestion[] };

export function JoinForm({
  e,
  state,
  t,
  locale,
}: {
  e: PublicOrgEvent;
  state: JoinState;
  t: Translate;
  locale: Locale;
}) {
  const v = state.values ?? {};
  const err = state.errors ?? {};
  const field = (
    name: "name" | "email" | "company" | "title" | "interests",
    label: string,
    type = "text",
    auto = "",
  ) => (
    <TextField
      id={`j-${name}`}
      name={name}
      label={label}
      state={state}
      type={type}
      auto={auto || undefined}
      required={name === "name" || name === "email"}
    />
  );
  return (
    <form method="post" action={`/e/${e.slug}`} noValidate>
      {/* The answer comes back in the language this form was read in, cookie or not. */}
      <input type="hidden" name="lang" value={locale} />
      {err.form ? (
        <p className="note" role="alert">
          {err.form}
        </p>
      ) : null}
      {field("name", t("event.join.name"), "text", "name")}
      {field("email", t("event.join.email"), "email", "email")}
      {field("company", t("event.join.company"), "text", "organization")}
      {field("title", t("event.join.title"), "text", "organization-title")}
      {field("interests", t("event.join.interests"))}
      <RegistrationFields questions={state.questions ?? []} state={state} t={t} />
      <label className="check">
        <input type="checkbox" name="listed" defaultChecked={v.listed === "on"} />
        <span>{t("event.join.directoryConsent")}</span>
      </label>
      <label className="check">
        <input type="checkbox" name="updates" defaultChecked={v.updates === "on"} />
        <span>{t("event.join.mailConsent", { organiser: e.organiserName })}</span>
      </label>
      <VisibilityChoice legend={t("event.join.visibility")} value={v.visibility ?? "everyone"} t={t} />
      <button type="submit" className={`btn b-${e.status}`}>
        {t("event.join.submit")}
      </button>
    </form>
  );
}

/** Who sees the attendee, as radios: each choice wraps on a phone, where a select cut the longer one off. */
export function VisibilityChoice({ legend, value, t }: { legend: string; value: string; t: Translate }) {
  return (
    <fieldset data-visibility-choice="">
      <legend>{legend}</legend>
      {VISIBILITY.map((o) => (
        <label key={o} className="check">
          <input type="radio" name="visibility" value={o} defaultChecked={value === o} />
          <span>{t(`event.visibility.${o}`)}</span>
        </label>
      ))}
    </fieldset>
  );
}

/** The organiser's questions, each with its own message beside it and what was typed kept. */
function RegistrationFields({ questions, state, t }: { questions: RegQuestion[]; state: FormState; t: Translate }) {
  const v = state.values ?? {};
  return (
    <>
      {questions.map((q) => {
        const name = regField(q.id);
        const id = `j-${name}`;
        const message = state.errors?.[name];
        const label = q.required ? q.label : `${q.label} ${t("event.join.optional")}`;
        const described = message ? { "aria-invalid": true, "aria-describedby": `${id}-err` } : {};
        const err = message ? (
          <p id={`${id}-err`} className="err">
            {message}
          </p>
        ) : null;
        if (q.kind === "text")
          return (
            <div key={q.id} data-question={q.id}>
              <TextField id={id} name={name} label={label} state={state} required={q.required} />
            </div>
          );
        const choices = regChoices(q, { yes: t("event.join.yes"), no: t("event.join.no") });
        return (
          <fieldset key={q.id} data-question={q.id} {...described}>
            <legend dir="auto">{label}</legend>
            {choices.map(([value, words]) => (
              <label key={value} className="check">
                <input
                  type="radio"
                  name={name}
                  value={value}
                  defaultChecked={v[name] === value}
                  required={q.required}
                />
                <span dir="auto">{words}</span>
              </label>
            ))}
            {err}
          </fieldset>
        );
      })}
    </>
  );
}
