import { type FieldMetadata, getInputProps } from "@conform-to/react";
import { Field, inputClass } from "~/components/ui/field";
import { PASSWORD_MIN } from "~/lib/account/auth";

/** A new password typed twice, as changing it in settings and resetting it by email both ask. */
export function NewPasswordFields({
  password,
  confirm,
  words = { password: "New password", confirm: "New password again", hint: `At least ${PASSWORD_MIN} characters.` },
}: {
  password: FieldMetadata<string>;
  confirm: FieldMetadata<string>;
  /** The labels in the page's language (the reset page's); English in settings. */
  words?: { password: string; confirm: string; hint: string };
}) {
  return (
    <>
      <Field id={password.id} label={words.password} errors={password.errors} hint={words.hint}>
        <input {...getInputProps(password, { type: "password" })} autoComplete="new-password" className={inputClass} />
      </Field>
      <Field id={confirm.id} label={words.confirm} errors={confirm.errors}>
        <input {...getInputProps(confirm, { type: "password" })} autoComplete="new-password" className={inputClass} />
      </Field>
    </>
  );
}
