import { type FormMetadata, getInputProps, getSelectProps } from "@conform-to/react";
import type { ComponentProps } from "react";
import type { z } from "zod";
import { inputClass } from "~/components/ui/field";
import { CONTACT_TYPES, type cardFormSchema, PLATFORMS } from "~/lib/card/card";

export const sectionClass = "rounded-xl border border-slate-200 p-5 dark:border-slate-800";
export const smallButton =
  "rounded-md border border-slate-300 px-3 py-2 font-medium text-sm hover:bg-slate-50 dark:border-slate-700 dark:hover:bg-slate-800";

/** The card editor's lists: social accounts and more ways to reach the owner, each added and removed in place. */
export function CardListFields({ form }: { form: FormMetadata<z.input<typeof cardFormSchema>, string[]> }) {
  const fields = form.getFieldset();
  const { socialAccounts, additionalContacts } = fields;
  return (
    <>
      <ListFieldset
        legend="Social accounts"
        addLabel="Add a social account"
        add={form.insert.getButtonProps({
          name: socialAccounts.name,
          defaultValue: { platform: "linkedin", url: "" },
        })}
        rows={socialAccounts.getFieldList().map((social, index) => {
          const f = social.getFieldset();
          return {
            key: social.key,
            kindLabel: `Network ${index + 1}`,
            kind: getSelectProps(f.platform),
            options: PLATFORMS,
            valueLabel: `Link ${index + 1}`,
            value: { ...getInputProps(f.url, { type: "url" }), placeholder: "https://" },
            errors: f.url.errors,
            remove: form.remove.getButtonProps({ name: socialAccounts.name, index }),
          };
        })}
      />
      <ListFieldset
        legend="More ways to reach you"
        addLabel="Add a contact"
        add={form.insert.getButtonProps({
          name: additionalContacts.name,
          defaultValue: { type: "phone", value: "" },
        })}
        rows={additionalContacts.getFieldList().map((contact, index) => {
          const f = contact.getFieldset();
          return {
            key: contact.key,
            kindLabel: `Kind ${index + 1}`,
            kind: getSelectProps(f.type),
            options: CONTACT_TYPES,
            valueLabel: `Value ${index + 1}`,
            value: getInputProps(f.value, { type: "text" }),
            errors: f.value.errors,
            remove: form.remove.getButtonProps({ name: additionalContacts.name, index }),
          };
        })}
      />
    </>
  );
}

type ButtonProps = ComponentProps<"button">;
type ListRow = {
  key: string | undefined;
  kindLabel: string;
  kind: ComponentProps<"select"> & { id: string };
  options: readonly string[];
  valueLabel: string;
  value: ComponentProps<"input"> & { id: string };
  errors: string[] | undefined;
  remove: ButtonProps;
};

/** One list of the editor: a kind and a value per row, each row removable, and a button that adds one. */
function ListFieldset({
  legend,
  addLabel,
  add,
  rows,
}: {
  legend: string;
  addLabel: string;
  add: ButtonProps;
  rows: ListRow[];
}) {
  return (
    <fieldset className={sectionClass}>
      <legend className="px-1 font-semibold">{legend}</legend>
      {rows.length === 0 ? <p className="text-slate-600 text-sm dark:text-slate-300">None yet.</p> : null}
      <ul className="space-y-3">
        {rows.map((row) => (
          <li key={row.key} className="grid grid-cols-[8rem_1fr_auto] items-start gap-2">
            <label htmlFor={row.kind.id} className="sr-only">
              {row.kindLabel}
            </label>
            <select {...row.kind} className={inputClass}>
              {row.options.map((option) => (
                <option key={option} value={option}>
                  {option === "generic" ? "Other" : option[0]?.toUpperCase() + option.slice(1)}
                </option>
              ))}
            </select>
            <div>
              <label htmlFor={row.value.id} className="sr-only">
                {row.valueLabel}
              </label>
              <input {...row.value} className={inputClass} />
              {row.errors ? <p className="mt-1 text-red-700 text-sm dark:text-red-300">{row.errors[0]}</p> : null}
            </div>
            <button {...row.remove} className={smallButton}>
              Remove
            </button>
          </li>
        ))}
      </ul>
      <button {...add} className={`mt-3 ${smallButton}`}>
        {addLabel}
      </button>
    </fieldset>
  );
}
