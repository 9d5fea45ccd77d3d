import {
  type FieldMetadata,
  getFormProps,
  getInputProps,
  getSelectProps,
  getTextareaProps,
  type SubmissionResult,
  useForm,
} from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { ReactNode } from "react";
import { Form, useNavigation } from "react-router";
import type { z } from "zod";
import { Field, FormError, inputClass } from "~/components/ui/field";
import { EVENT_TYPE_LABEL, EVENT_TYPES } from "~/lib/events/rules";

/** One field of an event form: what it is called, how it is typed, and whether it spans both columns. */
export type EventFieldSpec = {
  name: string;
  label: string;
  kind?: "text" | "textarea" | "event-type" | "date" | "datetime-local" | "url" | "number";
  hint?: string;
  wide?: boolean;
};

/**
 * The one event form: an owner's private hub (new and edit) and an organiser's public event (publish and
 * edit) differ only in their schema and field list. Conform + zod, validated on blur, kept as typed.
 */
export function EventForm({
  id,
  schema,
  fields: specs,
  lastResult,
  defaultValue,
  submitLabel,
  intent,
  children,
}: {
  id: string;
  schema: z.ZodType;
  fields: EventFieldSpec[];
  lastResult?: SubmissionResult<string[]>;
  defaultValue?: Record<string, string | null | undefined>;
  submitLabel: string;
  /** For routes with several forms: sent as `intent`. */
  intent?: string;
  children?: ReactNode;
}) {
  const navigation = useNavigation();
  const [form, fields] = useForm({
    id,
    lastResult: navigation.state === "idle" ? lastResult : undefined,
    defaultValue,
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  const all = fields as unknown as Record<string, FieldMetadata<string>>;
  const control = (spec: EventFieldSpec) => {
    const f = all[spec.name] as FieldMetadata<string>;
    if (spec.kind === "textarea") return <textarea {...getTextareaProps(f)} rows={4} className={inputClass} />;
    if (spec.kind === "event-type")
      return (
        <select {...getSelectProps(f)} className={inputClass}>
          {EVENT_TYPES.map((t) => (
            <option key={t} value={t}>
              {EVENT_TYPE_LABEL[t]}
            </option>
          ))}
        </select>
      );
    return <input {...getInputProps(f, { type: spec.kind ?? "text" })} className={inputClass} />;
  };
  return (
    <Form method="post" {...getFormProps(form)} className="mt-4 grid gap-4 sm:grid-cols-2">
      {intent ? <input type="hidden" name="intent" value={intent} /> : null}
      <FormError id={form.errorId} errors={form.errors} className="sm:col-span-2" />
      {specs.map((spec) => {
        const f = all[spec.name] as FieldMetadata<string>;
        return (
          <div key={spec.name} className={spec.wide ? "sm:col-span-2" : undefined}>
            <Field id={f.id} label={spec.label} errors={f.errors} hint={spec.hint}>
              {control(spec)}
            </Field>
          </div>
        );
      })}
      {children}
      <div className="sm:col-span-2">
        <button
          type="submit"
          className="rounded-md bg-brand-600 px-4 py-2.5 font-semibold text-white hover:bg-brand-700"
        >
          {submitLabel}
        </button>
      </div>
    </Form>
  );
}

/** An organiser's public event: publishing and editing use the same fields. */
export const ORG_EVENT_FIELDS: EventFieldSpec[] = [
  { name: "title", label: "Title", wide: true },
  { name: "description", label: "Description", kind: "textarea", wide: true },
  { name: "startsAt", label: "Starts", kind: "datetime-local" },
  { name: "endsAt", label: "Ends", kind: "datetime-local" },
  { name: "timeZone", label: "Time zone (the event's own, e.g. America/Chicago)" },
  { name: "type", label: "Type", kind: "event-type" },
  { name: "venue", label: "Venue (optional)" },
  { name: "platform", label: "Online platform (optional)" },
  { name: "url", label: "Online link (optional)" },
  { name: "organiserName", label: "Organiser name" },
  {
    name: "capacity",
    label: "Capacity (optional)",
    kind: "number",
    hint: "Lowering it below those already admitted removes nobody; new joins then wait for a free place.",
  },
];
