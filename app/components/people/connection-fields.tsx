import { getInputProps, getSelectProps, getTextareaProps, type SubmissionResult, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { z } from "zod";
import { Field, inputClass } from "~/components/ui/field";
import { connectionFormSchema } from "~/lib/people/connection-form";
import { PRIORITIES, PRIORITY_LABEL, STATUSES } from "~/lib/people/connection-rules";

type ConnectionFormInput = z.input<typeof connectionFormSchema>;

/** The connection form's state, validated in the browser with the same schema the server uses. */
export function useConnectionForm(
  id: string,
  lastResult: SubmissionResult<string[]> | undefined,
  defaultValue?: Partial<Record<keyof ConnectionFormInput, string>>,
) {
  return useForm<ConnectionFormInput, z.output<typeof connectionFormSchema>>({
    id,
    lastResult,
    defaultValue,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: connectionFormSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
}

type Fields = ReturnType<typeof useConnectionForm>[1];

/** Every field of a connection, shared by adding someone by hand and editing them. */
export function ConnectionFields({ fields }: { fields: Fields }) {
  const input = (f: Fields["name"], label: string, type: "text" | "email" | "tel" | "url" | "number" = "text") => (
    <Field id={f.id} label={label} errors={f.errors}>
      <input {...getInputProps(f, { type })} className={inputClass} />
    </Field>
  );
  return (
    <>
      <div className="grid gap-4 sm:grid-cols-2">
        {input(fields.name, "Name")}
        {input(fields.title, "Title")}
        {input(fields.company, "Company")}
        {input(fields.role, "Role (board member, donor, speaker…)")}
        {input(fields.eventName, "Met at")}
        {input(fields.email, "Email", "email")}
        {input(fields.phone, "Phone", "tel")}
        {input(fields.website, "Website", "url")}
        {input(fields.linkedin, "LinkedIn", "url")}
        <Field id={fields.priority.id} label="Priority" errors={fields.priority.errors}>
          <select {...getSelectProps(fields.priority)} className={inputClass}>
            {PRIORITIES.map((p) => (
              <option key={p} value={p}>
                {PRIORITY_LABEL[p]}
              </option>
            ))}
          </select>
        </Field>
        <Field id={fields.status.id} label="Status" errors={fields.status.errors}>
          <select {...getSelectProps(fields.status)} className={inputClass}>
            {STATUSES.map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </select>
        </Field>
        {input(fields.strength, "Relationship strength (1-100)", "number")}
        {input(fields.tags, "Tags, comma separated")}
      </div>
      <Field id={fields.context.id} label="Relationship context" errors={fields.context.errors}>
        <input {...getInputProps(fields.context, { type: "text" })} className={inputClass} />
      </Field>
      <Field id={fields.notes.id} label="Notes" errors={fields.notes.errors}>
        <textarea {...getTextareaProps(fields.notes)} rows={4} className={inputClass} />
      </Field>
    </>
  );
}
