import { type FieldMetadata, getSelectProps } from "@conform-to/react";
import { Field, inputClass } from "~/components/ui/field";
import { COUNTRY_OPTIONS } from "~/lib/billing/nonprofit-form";

/** What a charity's registration number may look like, as the nonprofit application and the organisation profile both say. */
export const REGISTRATION_NUMBER_HINT = "For example an EIN (12-3456789) or a charity number";

/** Where a charity is registered: the nonprofit application and the organisation profile ask it the same way. */
export function RegistrationCountryField({ field }: { field: FieldMetadata<string> }) {
  return (
    <Field id={field.id} label="Country of registration" errors={field.errors}>
      <select {...getSelectProps(field)} className={inputClass}>
        <option value="">Choose a country</option>
        {COUNTRY_OPTIONS.map((c) => (
          <option key={c.code} value={c.code}>
            {c.name}
          </option>
        ))}
      </select>
    </Field>
  );
}
