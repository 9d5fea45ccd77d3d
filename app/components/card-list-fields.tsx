import { type FormMetadata, getInputProps, getSelectProps } from "@conform-to/react";
import type { z } from "zod";
import { inputClass } from "~/components/ui/field";
import { CONTACT_TYPES, type cardFormSchema, PLATFORMS } from "~/lib/card";

export const sectionClass = "rounded-xl border border-slate-200 p-5 dark:border-slate-800";
export const smallButton =
  "rounded-md border border-slate-300 px-3 py-2 font-medium text-sm hover:bg-slate-50 dark:border-slate-700 dark:hover:bg-slate-800";

/** The card editor's lists: social accounts and more ways to reach the owner, each added and removed in place. */
export function CardListFields({ form }: { form: FormMetadata<z.input<typeof cardFormSchema>, string[]> }) {
  const fields = form.getFieldset();
  const socials = fields.socialAccounts.getFieldList();
  const contacts = fields.additionalContacts.getFieldList();
  return (
    <>
      <fieldset className={sectionClass}>
        <legend className="px-1 font-semibold">Social accounts</legend>
        {socials.length === 0 ? <p className="text-slate-600 text-sm dark:text-slate-300">None yet.</p> : null}
        <ul className="space-y-3">
          {socials.map((social, index) => {
            const f = social.getFieldset();
            return (
              <li key={social.key} className="grid grid-cols-[8rem_1fr_auto] items-start gap-2">
                <label htmlFor={f.platform.id} className="sr-only">
                  Network {index + 1}
                </label>
                <select {...getSelectProps(f.platform)} className={inputClass}>
                  {PLATFORMS.map((p) => (
                    <option key={p} value={p}>
                      {p === "generic" ? "Other" : p[0]?.toUpperCase() + p.slice(1)}
                    </option>
                  ))}
                </select>
                <div>
                  <label htmlFor={f.url.id} className="sr-only">
                    Link {index + 1}
                  </label>
                  <input {...getInputProps(f.url, { type: "url" })} placeholder="https://" className={inputClass} />
                  {f.url.errors ? (
                    <p className="mt-1 text-red-700 text-sm dark:text-red-300">{f.url.errors[0]}</p>
                  ) : null}
                </div>
                <button
                  {...form.remove.getButtonProps({ name: fields.socialAccounts.name, index })}
                  className={smallButton}
                >
                  Remove
                </button>
              </li>
            );
          })}
        </ul>
        <button
          {...form.insert.getButtonProps({
            name: fields.socialAccounts.name,
            defaultValue: { platform: "linkedin", url: "" },
          })}
          className={`mt-3 ${smallButton}`}
        >
          Add a social account
        </button>
      </fieldset>

      <fieldset className={sectionClass}>
        <legend className="px-1 font-semibold">More ways to reach you</legend>
        {contacts.length === 0 ? <p className="text-slate-600 text-sm dark:text-slate-300">None yet.</p> : null}
        <ul className="space-y-3">
          {contacts.map((contact, index) => {
            const f = contact.getFieldset();
            return (
              <li key={contact.key} className="grid grid-cols-[8rem_1fr_auto] items-start gap-2">
                <label htmlFor={f.type.id} className="sr-only">
                  Kind {index + 1}
                </label>
                <select {...getSelectProps(f.type)} className={inputClass}>
                  {CONTACT_TYPES.map((t) => (
                    <option key={t} value={t}>
                      {t === "generic" ? "Other" : t[0]?.toUpperCase() + t.slice(1)}
                    </option>
                  ))}
                </select>
                <div>
                  <label htmlFor={f.value.id} className="sr-only">
                    Value {index + 1}
                  </label>
                  <input {...getInputProps(f.value, { type: "text" })} className={inputClass} />
                  {f.value.errors ? (
                    <p className="mt-1 text-red-700 text-sm dark:text-red-300">{f.value.errors[0]}</p>
                  ) : null}
                </div>
                <button
                  {...form.remove.getButtonProps({ name: fields.additionalContacts.name, index })}
                  className={smallButton}
                >
                  Remove
                </button>
              </li>
            );
          })}
        </ul>
        <button
          {...form.insert.getButtonProps({
            name: fields.additionalContacts.name,
            defaultValue: { type: "phone", value: "" },
          })}
          className={`mt-3 ${smallButton}`}
        >
          Add a contact
        </button>
      </fieldset>
    </>
  );
}
