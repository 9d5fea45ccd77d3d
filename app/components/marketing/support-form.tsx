import { getFormProps, getInputProps, getTextareaProps, type SubmissionResult, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, useNavigation } from "react-router";
import { Field, FormError, inputClass, SentNote } from "~/components/ui/field";
import { PERSON_NAME_MAX } from "~/lib/forms/limits";
import { supportSchema } from "~/lib/forms/support";
import type { SayPage } from "~/lib/i18n/pages";

export type SupportReply = { result?: SubmissionResult<string[]>; sent?: boolean };

export const SUPPORT_THANKS = "Thanks, your message has been sent. We reply within one business day.";

/** The form's words; a page in the visitor's language passes its own, and `field` reads a schema's message in it. */
export type SupportWords = {
  name: string;
  email: string;
  subject: string;
  message: string;
  send: string;
  sending: string;
  thanks: string;
  field: (english: string) => string;
};

const ENGLISH_WORDS: SupportWords = {
  name: "Name",
  email: "Email",
  subject: "Subject",
  message: "Message",
  send: "Send Message",
  sending: "Sending...",
  thanks: SUPPORT_THANKS,
  field: (english) => english,
};

/** The form's words from a page that was sent the contact page's form section (contact, help). */
export function supportWords(t: SayPage): SupportWords {
  return {
    name: t("contact.form.name"),
    email: t("contact.form.email"),
    subject: t("contact.form.subject"),
    message: t("contact.form.message"),
    send: t("contact.form.send"),
    sending: t("contact.form.sending"),
    thanks: t("contact.form.thanks"),
    field: t.field,
  };
}

/** The help and contact form: validated in the browser and again in the action, which stores and mails it. */
export function SupportForm({
  actionData,
  submitLabel,
  words = ENGLISH_WORDS,
}: {
  actionData?: SupportReply;
  submitLabel?: string;
  words?: SupportWords;
}) {
  const errors = (list: string[] | undefined) => list?.map(words.field);
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const [form, fields] = useForm({
    id: "support",
    lastResult: navigation.state === "idle" ? actionData?.result : undefined,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: supportSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  return (
    <Form method="post" preventScrollReset className="space-y-4" {...getFormProps(form)}>
      {actionData?.sent ? <SentNote>{words.thanks}</SentNote> : null}
      <FormError id={form.errorId} errors={errors(form.errors)} />
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id={fields.name.id} label={words.name} errors={errors(fields.name.errors)}>
          <input
            {...getInputProps(fields.name, { type: "text" })}
            autoComplete="name"
            className={inputClass}
            maxLength={PERSON_NAME_MAX}
          />
        </Field>
        <Field id={fields.email.id} label={words.email} errors={errors(fields.email.errors)}>
          <input {...getInputProps(fields.email, { type: "email" })} autoComplete="email" className={inputClass} />
        </Field>
      </div>
      <Field id={fields.subject.id} label={words.subject} errors={errors(fields.subject.errors)}>
        <input {...getInputProps(fields.subject, { type: "text" })} className={inputClass} maxLength={150} />
      </Field>
      <Field id={fields.message.id} label={words.message} errors={errors(fields.message.errors)}>
        <textarea {...getTextareaProps(fields.message)} rows={5} className={inputClass} maxLength={5000} />
      </Field>
      <button
        type="submit"
        disabled={busy}
        className="rounded-md bg-brand-600 px-5 py-3 font-semibold text-white hover:bg-brand-700 disabled:opacity-60"
      >
        {busy ? words.sending : (submitLabel ?? words.send)}
      </button>
    </Form>
  );
}
