import { getFormProps, getInputProps, getTextareaProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, href, Link } from "react-router";
import { Field, inputClass } from "~/components/ui/field";
import { CONFIRMED_FIELD } from "~/lib/forms/confirm";
import { type AudienceRules, composeFormSchema, MAILING_LIMITS } from "~/lib/mailings/rules";
import type { AudienceSummary } from "./audience.server";
import { AudienceCount, button, type ComposeAnswer, MergeFieldList, panel, secondary, TryOut } from "./parts";

/** The values a person picks from: events they met people at, their tags, the files they imported. */
type Choices = { events: string[]; tags: string[]; files: string[] };

function useComposeForm(key: string, rules: AudienceRules, answer: ComposeAnswer) {
  return useForm({
    id: "compose",
    lastResult: answer?.reply,
    defaultValue: { key, event: rules.event ?? "", tags: rules.tags, donor: "any", people: rules.people.join(",") },
    shouldValidate: "onBlur",
    onValidate: ({ formData }) =>
      parseWithZod(formData, {
        schema:
          formData.get("intent") === "audience"
            ? composeFormSchema.partial({ subject: true, body: true })
            : composeFormSchema,
      }),
  });
}

type ComposeFields = ReturnType<typeof useComposeForm>[1];

/** The rules that pick among the owner's own people (an organiser's event audience has none). */
function PeopleRules({ fields, choices, rules }: { fields: ComposeFields; choices: Choices; rules: AudienceRules }) {
  const chosenTags = new Set((fields.tags.initialValue as string[] | undefined) ?? rules.tags);
  const select = (name: "event" | "donor" | "importFile", label: string, options: [string, string][]) => (
    <Field id={name} label={label} errors={fields[name].errors}>
      <select
        id={name}
        name={name}
        defaultValue={(fields[name].initialValue as string) ?? options[0]?.[0]}
        className={inputClass}
      >
        {options.map(([value, text]) => (
          <option key={value} value={value}>
            {text}
          </option>
        ))}
      </select>
    </Field>
  );
  return (
    <>
      <div className="grid gap-4 sm:grid-cols-2">
        {select("event", "Met at event", [["", "Any event"], ...choices.events.map((e): [string, string] => [e, e])])}
        {select("donor", "Donor status", [
          ["any", "Anyone"],
          ["donor", "Donors"],
          ["non-donor", "Not donors yet"],
        ])}
        <Field
          id={fields.minGiven.id}
          label="Given at least"
          errors={fields.minGiven.errors}
          hint="Total of their gifts"
        >
          <input {...getInputProps(fields.minGiven, { type: "text" })} inputMode="decimal" className={inputClass} />
        </Field>
        {select("importFile", "Imported from file", [
          ["", "Any"],
          ...choices.files.map((f): [string, string] => [f, f]),
        ])}
      </div>
      {choices.tags.length ? (
        <fieldset className="mt-4">
          <legend className="font-medium text-sm">Tagged (any of)</legend>
          <div className="mt-1 flex flex-wrap gap-3">
            {choices.tags.map((t) => (
              <label key={t} className="flex items-center gap-1.5 text-sm">
                <input type="checkbox" name="tags" value={t} defaultChecked={chosenTags.has(t)} /> {t}
              </label>
            ))}
          </div>
        </fieldset>
      ) : null}
      <label className="mt-4 flex items-center gap-2 text-sm">
        <input type="checkbox" name="keepInTouchDue" defaultChecked={fields.keepInTouchDue.initialValue === "on"} />{" "}
        Only people due a keep-in-touch
      </label>
    </>
  );
}

/**
 * The one compose form: every button posts all of it with its own intent (who is in, preview, test, send),
 * so what the owner typed survives each answer.
 */
export function ComposeForm({
  choices,
  campaigns,
  rules,
  audience,
  formKey,
  timeZone,
  ownerEmail,
  orgEvent,
  answer,
  allowance,
}: {
  choices: Choices;
  campaigns: { id: string; title: string }[];
  rules: AudienceRules;
  audience: AudienceSummary;
  formKey: string;
  timeZone: string;
  ownerEmail: string;
  orgEvent: { id: number; title: string } | null;
  answer: ComposeAnswer;
  /** The caps that remain, in words (decision 0186). */
  allowance: string;
}) {
  const [form, fields] = useComposeForm(formKey, rules, answer);
  const audienceErrors = form.allErrors.audience;
  const campaignErrors = fields.campaignId.errors;
  return (
    <Form method="post" {...getFormProps(form)} className="mt-6 space-y-6">
      <input type="hidden" name="key" value={formKey} />
      <input type="hidden" name="people" defaultValue={fields.people.initialValue as string | undefined} />
      {orgEvent ? <input type="hidden" name="orgEvent" value={orgEvent.id} /> : null}
      <fieldset className={panel} aria-describedby={audienceErrors?.length ? "audience-error" : undefined}>
        <legend className="px-1 font-semibold text-lg">Audience</legend>
        {orgEvent ? (
          <p>
            Attendees of{" "}
            <Link to={href("/organiser/:id", { id: String(orgEvent.id) })} className="font-semibold underline">
              {orgEvent.title}
            </Link>{" "}
            who agreed to hear from you when they joined.
          </p>
        ) : (
          <PeopleRules fields={fields} choices={choices} rules={rules} />
        )}
        <button type="submit" name="intent" value="audience" formNoValidate className={`${secondary} mt-4`}>
          Show who is in
        </button>
        <AudienceCount audience={audience} errors={audienceErrors} eventAttendees={Boolean(orgEvent)} />
      </fieldset>
      <fieldset className={`${panel} space-y-4`}>
        <legend className="px-1 font-semibold text-lg">Message</legend>
        <Field id={fields.subject.id} label="Subject" errors={fields.subject.errors}>
          <input
            {...getInputProps(fields.subject, { type: "text" })}
            maxLength={MAILING_LIMITS.subject + 50}
            className={inputClass}
          />
        </Field>
        <Field id={fields.body.id} label="Message (plain text; links become clickable)" errors={fields.body.errors}>
          <textarea {...getTextareaProps(fields.body)} rows={10} className={inputClass} />
        </Field>
        <MergeFieldList />
        <Field id="campaignId" label="Campaign for {{campaign_link}}" errors={campaignErrors}>
          <select
            id="campaignId"
            name="campaignId"
            defaultValue={(fields.campaignId.initialValue as string) ?? ""}
            aria-invalid={campaignErrors?.length ? true : undefined}
            aria-describedby={campaignErrors?.length ? "campaignId-error" : undefined}
            className={inputClass}
          >
            <option value="">None</option>
            {campaigns.map((c) => (
              <option key={c.id} value={c.id}>
                {c.title}
              </option>
            ))}
          </select>
        </Field>
        <Field
          id={fields.schedule.id}
          label={`Send later (your time, ${timeZone.replace(/_/g, " ")})`}
          errors={fields.schedule.errors}
          hint="Leave empty to send now"
        >
          <input {...getInputProps(fields.schedule, { type: "datetime-local" })} className={inputClass} />
        </Field>
      </fieldset>
      <div className={`${panel} space-y-3`}>
        <Field id="previewPerson" label="Preview for">
          <select
            id="previewPerson"
            name="previewPerson"
            defaultValue={(fields.previewPerson.initialValue as string) ?? ""}
            className={inputClass}
          >
            {audience.included.map((m) => (
              <option key={m.id} value={m.id}>
                {m.name} ({m.email})
              </option>
            ))}
          </select>
        </Field>
        <p id="mailing-allowance" className="text-slate-600 text-sm dark:text-slate-300">
          {allowance}
        </p>
        <div className="flex flex-wrap gap-2">
          <button type="submit" name="intent" value="preview" className={secondary}>
            Preview
          </button>
          <button type="submit" name="intent" value="test" className={secondary}>
            Send a test to me
          </button>
          <button type="submit" name="intent" value="send" className={button}>
            Send mailing
          </button>
        </div>
        {answer?.confirmSend !== undefined ? (
          <div className="space-y-3 rounded-xl border border-red-300 p-5 dark:border-red-800">
            <p className="font-semibold text-lg" role="alert" data-confirm-step="send">
              {`Send to ${answer.confirmSend} ${answer.confirmSend === 1 ? "person" : "people"}${fields.schedule.value ? " at the time you chose" : " now"}?`}
            </p>
            <p className="text-slate-600 text-sm dark:text-slate-300">A mailing cannot be called back once it goes.</p>
            <input type="hidden" name={CONFIRMED_FIELD} value="yes" />
            <button type="submit" name="intent" value="send" className={button}>
              Yes, send the mailing
            </button>
          </div>
        ) : null}
        <TryOut answer={answer} ownerEmail={ownerEmail} />
      </div>
    </Form>
  );
}
