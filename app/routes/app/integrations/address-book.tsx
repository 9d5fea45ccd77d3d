import { getFormProps, getInputProps } from "@conform-to/react";
import { Form } from "react-router";
import { Field, inputClass } from "~/components/ui/field";
import { appContext } from "~/context";
import { appPasswordFormSchema } from "~/lib/account/carddav";
import { getUser } from "~/server/account/user.server";
import { useIntegrations } from "./_layout";
import { runIntent } from "./+shared/intent.server";
import {
  box,
  IdForm,
  muted,
  primary,
  type SectionProps,
  ShownOnce,
  sectionMeta,
  useAnswer,
  useSectionForm,
} from "./+shared/parts";
import type { Route } from "./+types/address-book";
import { addressBook, loadAddressBook } from "./address-book.server";

export const meta = sectionMeta("Address book");

export async function loader({ request, context }: Route.LoaderArgs) {
  return loadAddressBook(context.get(appContext), getUser(context), request);
}

export const action = (args: Route.ActionArgs) => runIntent(args, [addressBook]);

export default function AddressBookPage({ loaderData, actionData }: Route.ComponentProps) {
  const { shown, replyFor } = useAnswer(actionData);
  return <AddressBookSection data={loaderData} reply={replyFor("create-app-password")} shown={shown} />;
}

export function AddressBookSection({ data, reply, shown }: SectionProps<Route.ComponentProps["loaderData"]>) {
  const { fmt } = useIntegrations();
  const [form, fields] = useSectionForm(appPasswordFormSchema, { id: "create-app-password", reply });
  return (
    <section id="carddav" className={box} aria-labelledby="carddav-title">
      <h2 id="carddav-title" className="font-semibold text-xl">
        Address book (CardDAV)
      </h2>
      <p className={`mt-1 ${muted}`}>
        Your people in the Contacts app of your phone or computer, both ways: a contact you edit there changes here, and
        the other way round. Add a CardDAV account with your email and an app password made here for each device (never
        your account password).
      </p>
      <dl className="mt-4 grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
        <dt className="font-medium">Server</dt>
        <dd className="break-all font-mono text-xs">{data.origin}</dd>
        <dt className="font-medium">Address book URL</dt>
        <dd className="break-all font-mono text-xs">{data.dav.url}</dd>
        <dt className="font-medium">User name</dt>
        <dd className="break-all font-mono text-xs">{data.dav.email}</dd>
      </dl>
      {data.appPasswords.length ? (
        <ul className="mt-4 space-y-2" aria-label="Your app passwords">
          {data.appPasswords.map((p) => (
            <li
              key={p.id}
              className="flex flex-wrap items-center gap-2 rounded-md border border-slate-200 p-3 text-sm dark:border-slate-800"
            >
              <span className="font-medium">{p.name}</span>
              <span className={muted}>
                made {fmt(p.createdAt)}, last used {fmt(p.lastUsedAt)}
              </span>
              <span className="ms-auto">
                <IdForm
                  intent="revoke-app-password"
                  id={p.id}
                  label={`Revoke ${p.name}`}
                  confirm={{
                    question: `Revoke the app password ${p.name}?`,
                    consequence: "The address book app that uses it stops syncing. This cannot be undone.",
                    confirmLabel: "Revoke the app password",
                  }}
                />
              </span>
            </li>
          ))}
        </ul>
      ) : (
        <p className={`mt-3 ${muted}`}>No app passwords yet.</p>
      )}
      {shown?.kind === "app-password" ? (
        <ShownOnce
          label="Your new app password (shown once; type or paste it into the device now)"
          value={shown.value}
          hint="Use it with your email as the user name. Revoke it here when the device is gone."
        />
      ) : null}
      <Form
        method="post"
        {...getFormProps(form)}
        className="mt-5 grid gap-4 sm:grid-cols-[1fr_auto] sm:items-end"
        preventScrollReset
      >
        <input type="hidden" name="intent" value="create-app-password" />
        <Field id={fields.name.id} label="Device name" errors={fields.name.errors}>
          <input {...getInputProps(fields.name, { type: "text" })} className={inputClass} placeholder="My iPhone" />
        </Field>
        <button type="submit" className={primary}>
          Create app password
        </button>
      </Form>
    </section>
  );
}
