import { type FieldMetadata, getInputProps } from "@conform-to/react";
import { Field, inputClass } from "~/components/ui/field";
import { PASSWORD_MIN } from "~/lib/account/auth";

/** A new password typed twice, as changing it in settings and resetting it by email both ask. */
export function NewPasswordFields({
  password,
  confirm,
}: {
  password: FieldMetadata<string>;
  confirm: FieldMetadata<string>;
}) {
  return (
    <>
      <Field
        id={password.id}
        label="New password"
        errors={password.errors}
        hint={`At least ${PASSWORD_MIN} characters.`}
      >
        <input {...getInputProps(password, { type: "password" })} autoComplete="new-password" className={inputClass} />
      </Field>
      <Field id={confirm.id} label="New password again" errors={confirm.errors}>
        <input {...getInputProps(confirm, { type: "password" })} autoComplete="new-password" className={inputClass} />
      </Field>
    </>
  );
}
