import {
  getFormProps,
  getInputProps,
  getSelectProps,
  getTextareaProps,
  type SubmissionResult,
  useForm,
} from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form } from "react-router";
import { Field, inputClass } from "~/components/ui/field";
import { GIFT_METHOD_LABELS } from "~/lib/fundraising/donation";
import { handGiftSchema, pledgeSchema } from "~/lib/fundraising/gift-forms";
import { CURRENCIES } from "~/lib/money";

type Props = {
  nonce: string;
  currency: string;
  person: { id: number; name: string } | null;
  lastResult?: SubmissionResult<string[]> | null;
  today: string;
};

function DonorFields({
  person,
  fields,
}: {
  person: Props["person"];
  fields: {
    donorName: { id: string; name: string; errors?: string[] };
    donorEmail: { id: string; name: string; errors?: string[] };
  };
}) {
  if (person)
    return (
      <>
        <input type="hidden" name="person" value={person.id} />
        <p className="text-sm sm:col-span-2">
          From <strong>{person.name}</strong>
        </p>
      </>
    );
  return (
    <>
      <Field id={fields.donorName.id} label="Donor's name" errors={fields.donorName.errors}>
        <input {...getInputProps(fields.donorName as never, { type: "text" })} className={inputClass} />
      </Field>
      <Field id={fields.donorEmail.id} label="Donor's email (optional)" errors={fields.donorEmail.errors}>
        <input {...getInputProps(fields.donorEmail as never, { type: "email" })} className={inputClass} />
      </Field>
    </>
  );
}

type Meta = { id: string; name: string; errors?: string[] };

/** The form's heading, its intent and once-only key, and who gave: the start of both forms. */
function FormStart({
  titleId,
  title,
  intent,
  nonce,
  person,
  fields,
}: {
  titleId: string;
  title: string;
  intent: "gift" | "pledge";
  nonce: string;
  person: Props["person"];
  fields: { donorName: Meta; donorEmail: Meta };
}) {
  return (
    <>
      <h3 id={titleId} className="font-semibold sm:col-span-2">
        {title}
      </h3>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="nonce" value={nonce} />
      <DonorFields person={person} fields={fields} />
    </>
  );
}

/** The amount and its currency, the same on both forms but for the amount's label. */
function MoneyFields({ label, amount, currency }: { label: string; amount: Meta; currency: Meta }) {
  return (
    <>
      <Field id={amount.id} label={label} errors={amount.errors}>
        <input {...getInputProps(amount as never, { type: "text" })} inputMode="decimal" className={inputClass} />
      </Field>
      <Field id={currency.id} label="Currency" errors={currency.errors}>
        <select {...getSelectProps(currency as never)} className={inputClass}>
          {CURRENCIES.map((c) => (
            <option key={c}>{c}</option>
          ))}
        </select>
      </Field>
    </>
  );
}

/** The note, any message about the whole form, and the submit button: the end of both forms. */
function FormEnd({ note, formErrors, submit }: { note: Meta; formErrors?: string[]; submit: string }) {
  return (
    <>
      <div className="sm:col-span-2">
        <Field id={note.id} label="Note (optional)" errors={note.errors}>
          <textarea {...getTextareaProps(note as never)} rows={2} className={inputClass} />
        </Field>
      </div>
      {formErrors?.length ? (
        <p role="alert" className="text-red-700 text-sm sm:col-span-2 dark:text-red-300">
          {formErrors[0]}
        </p>
      ) : null}
      <button
        type="submit"
        className="rounded-md bg-brand-600 px-4 py-2.5 font-semibold text-sm text-white sm:col-span-2 sm:w-fit"
      >
        {submit}
      </button>
    </>
  );
}

/** Cash, cheque, bank transfer or a gift made elsewhere, recorded by the owner. */
export function HandGiftForm({ nonce, currency, person, lastResult, today }: Props) {
  const [form, fields] = useForm({
    id: "hand-gift",
    lastResult,
    defaultValue: { currency, date: today, method: "cash" },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: handGiftSchema }),
    shouldValidate: "onBlur",
  });
  return (
    <Form method="post" {...getFormProps(form)} className="grid gap-3 sm:grid-cols-2" aria-labelledby="gift-form-title">
      <FormStart
        titleId="gift-form-title"
        title="Record a gift"
        intent="gift"
        nonce={nonce}
        person={person}
        fields={fields}
      />
      <MoneyFields label="Amount" amount={fields.amount} currency={fields.currency} />
      <Field id={fields.date.id} label="Date" errors={fields.date.errors}>
        <input {...getInputProps(fields.date, { type: "date" })} max={today} className={inputClass} />
      </Field>
      <Field id={fields.method.id} label="Method" errors={fields.method.errors}>
        <select {...getSelectProps(fields.method)} className={inputClass}>
          {(["cash", "cheque", "bank_transfer", "elsewhere"] as const).map((m) => (
            <option key={m} value={m}>
              {GIFT_METHOD_LABELS[m]}
            </option>
          ))}
        </select>
      </Field>
      <label className="flex items-center gap-2 text-sm sm:col-span-2">
        <input {...getInputProps(fields.recurring, { type: "checkbox" })} /> Part of a recurring gift, such as a
        standing order
      </label>
      <FormEnd note={fields.note} formErrors={form.errors} submit="Record gift" />
    </Form>
  );
}

/** A pledge in monthly instalments; each instalment becomes a follow-up reminder. */
export function PledgeForm({ nonce, currency, person, lastResult, today }: Props) {
  const [form, fields] = useForm({
    id: "pledge",
    lastResult,
    defaultValue: { currency, firstDue: today, instalments: "1" },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: pledgeSchema }),
    shouldValidate: "onBlur",
  });
  return (
    <Form
      method="post"
      {...getFormProps(form)}
      className="grid gap-3 sm:grid-cols-2"
      aria-labelledby="pledge-form-title"
    >
      <FormStart
        titleId="pledge-form-title"
        title="Record a pledge"
        intent="pledge"
        nonce={nonce}
        person={person}
        fields={fields}
      />
      <MoneyFields label="Pledged amount" amount={fields.amount} currency={fields.currency} />
      <Field id={fields.instalments.id} label="Instalments (monthly)" errors={fields.instalments.errors}>
        <input {...getInputProps(fields.instalments, { type: "number" })} min={1} max={24} className={inputClass} />
      </Field>
      <Field id={fields.firstDue.id} label="First due date" errors={fields.firstDue.errors}>
        <input {...getInputProps(fields.firstDue, { type: "date" })} className={inputClass} />
      </Field>
      <FormEnd note={fields.note} formErrors={form.errors} submit="Record pledge" />
    </Form>
  );
}
