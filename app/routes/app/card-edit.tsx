import { getFormProps, getInputProps, getSelectProps, getTextareaProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import { AvatarUpload } from "~/components/avatar-upload";
import { CardPreview, type PreviewCard } from "~/components/card-preview";
import { CardShare } from "~/components/card-share";
import { Field, inputClass } from "~/components/ui/field";
import { appContext } from "~/context";
import { CONTACT_TYPES, cardFormSchema, PLATFORMS, slugSchema, TEMPLATES } from "~/lib/card";
import { pageMeta } from "~/lib/site";
import { requireUser } from "~/server/auth.server";
import { signedCardPath } from "~/server/card-link.server";
import {
  cardRef,
  deleteCard,
  getOwnedCard,
  publishCard,
  toPublicCard,
  unpublishCard,
  updateCard,
} from "~/server/cards.server";
import { setToastHeader } from "~/server/toast.server";
import type { Route } from "./+types/card-edit";

export const meta = () => [...pageMeta("Edit card"), { name: "robots", content: "noindex" }];

function cardId(params: { id: string }) {
  const id = Number(params.id);
  if (!Number.isSafeInteger(id) || id < 1) throw new Response("Not Found", { status: 404, statusText: "Not Found" });
  return id;
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const app = context.get(appContext);
  const user = await requireUser(app, request);
  const row = await getOwnedCard(app.db, user.id, cardId(params));
  // Another account's card answers exactly like a missing one.
  if (!row) throw new Response("Not Found", { status: 404, statusText: "Not Found" });
  const origin = new URL(request.url).origin;
  return {
    card: row,
    origin,
    signedLink:
      origin +
      (await signedCardPath(toPublicCard(row, user.name), await cardRef(app.db, row), app.env.CARD_SIGNING_SECRET)),
  };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const app = context.get(appContext);
  const user = await requireUser(app, request);
  const id = cardId(params);
  const formData = await request.formData();
  const intent = formData.get("intent");
  const toast = async (title: string, description?: string) => ({
    "Set-Cookie": await setToastHeader({ type: "success", title, description }),
  });

  if (intent === "publish") {
    if (!(await getOwnedCard(app.db, user.id, id))) throw new Response("Not Found", { status: 404 });
    const slug = slugSchema.safeParse(formData.get("slug"));
    if (!slug.success)
      return data(
        { slugError: slug.error.issues[0]?.message, slug: String(formData.get("slug") ?? "").slice(0, 60) },
        { status: 400 },
      );
    const result = await publishCard(app.env, app.db, user.id, id, slug.data);
    if (!result) throw new Response("Not Found", { status: 404 });
    if (!result.ok) return data({ slugError: result.error, slug: slug.data }, { status: 400 });
    return redirect(`/card/${id}`, {
      headers: await toast("Card published", `Your card is live at /c/${result.slug}.`),
    });
  }
  if (intent === "unpublish") {
    if (!(await unpublishCard(app.env, app.db, user.id, id))) throw new Response("Not Found", { status: 404 });
    return redirect(`/card/${id}`, { headers: await toast("Card unpublished", "The link no longer shows your card.") });
  }
  if (intent === "delete") {
    if (!(await deleteCard(app.env, app.db, user.id, id))) throw new Response("Not Found", { status: 404 });
    return redirect("/card", { headers: await toast("Card deleted") });
  }

  const submission = parseWithZod(formData, { schema: cardFormSchema });
  if (submission.status !== "success") return data({ reply: submission.reply() }, { status: 400 });
  if (!(await updateCard(app.env, app.db, user.id, id, submission.value)))
    throw new Response("Not Found", { status: 404 });
  return redirect(`/card/${id}`, { headers: await toast("Card saved") });
}

const sectionClass = "rounded-xl border border-slate-200 p-5 dark:border-slate-800";
const smallButton =
  "rounded-md border border-slate-300 px-3 py-2 font-medium text-sm hover:bg-slate-50 dark:border-slate-700 dark:hover:bg-slate-800";

export default function CardEditor({ loaderData, actionData }: Route.ComponentProps) {
  const { card, origin, signedLink } = loaderData;
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const reply = actionData && "reply" in actionData ? actionData.reply : undefined;
  const [form, fields] = useForm({
    id: `card-${card.id}`,
    lastResult: navigation.state === "idle" ? reply : undefined,
    defaultValue: {
      label: card.label,
      name: card.name,
      title: card.title ?? "",
      company: card.company ?? "",
      email: card.email ?? "",
      phone: card.phone ?? "",
      website: card.website ?? "",
      linkedin: card.linkedin ?? "",
      location: card.location ?? "",
      notes: card.notes ?? "",
      template: card.template,
      colour: card.colour,
      socialAccounts: card.socialAccounts.map((s) => ({ platform: s.platform, url: s.url })),
      additionalContacts: card.additionalContacts.map((c) => ({ type: c.type, value: c.value })),
    },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: cardFormSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  const preview = {
    ...(form.value ?? {}),
    avatarUrl: card.avatarKey ? `/avatars/${card.avatarKey}` : null,
  } as PreviewCard;
  const socials = fields.socialAccounts.getFieldList();
  const contacts = fields.additionalContacts.getFieldList();
  const slugError = actionData && "slugError" in actionData ? actionData.slugError : undefined;
  const text = (
    f: typeof fields.name,
    label: string,
    type: "text" | "email" | "tel" | "url" = "text",
    hint?: string,
  ) => (
    <Field id={f.id} label={label} errors={f.errors} hint={hint}>
      <input {...getInputProps(f, { type })} className={inputClass} />
    </Field>
  );

  return (
    <section className="mx-auto max-w-6xl px-4 py-8 sm:px-6">
      <p>
        <Link to="/card" className="text-brand-700 text-sm underline dark:text-brand-200">
          ← All cards
        </Link>
      </p>
      <h1 className="mt-2 font-bold text-3xl tracking-tight">Edit your card</h1>
      <div className="mt-6 grid gap-8 lg:grid-cols-[1fr_24rem]">
        <div className="space-y-6">
          <Form method="post" {...getFormProps(form)} className="space-y-6">
            <input type="hidden" name="intent" value="save" />
            <fieldset className={sectionClass}>
              <legend className="px-1 font-semibold">About you</legend>
              <div className="mb-4">
                <AvatarUpload cardId={card.id} hasAvatar={Boolean(card.avatarKey)} />
              </div>
              <div className="grid gap-4 sm:grid-cols-2">
                {text(fields.name, "Name")}
                {text(fields.label, "Card label", "text", "Only you see this, e.g. Work or Nonprofit.")}
                {text(fields.title, "Title")}
                {text(fields.company, "Company or organization")}
                {text(fields.location, "Location")}
              </div>
            </fieldset>
            <fieldset className={sectionClass}>
              <legend className="px-1 font-semibold">How to reach you</legend>
              <div className="grid gap-4 sm:grid-cols-2">
                {text(fields.email, "Email", "email")}
                {text(fields.phone, "Phone", "tel")}
                {text(fields.website, "Website", "url", "Starts with https://")}
                {text(fields.linkedin, "LinkedIn", "url", "Your linkedin.com profile link")}
              </div>
              <div className="mt-4">
                <Field id={fields.notes.id} label="Notes on your card" errors={fields.notes.errors}>
                  <textarea {...getTextareaProps(fields.notes)} rows={3} className={inputClass} />
                </Field>
              </div>
            </fieldset>

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
                        <input
                          {...getInputProps(f.url, { type: "url" })}
                          placeholder="https://"
                          className={inputClass}
                        />
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

            <fieldset className={sectionClass}>
              <legend className="px-1 font-semibold">Look</legend>
              <div className="grid gap-4 sm:grid-cols-2">
                <Field id={fields.template.id} label="Template" errors={fields.template.errors}>
                  <select {...getSelectProps(fields.template)} className={inputClass}>
                    {TEMPLATES.map((t) => (
                      <option key={t} value={t}>
                        {t[0]?.toUpperCase() + t.slice(1)}
                      </option>
                    ))}
                  </select>
                </Field>
                <Field id={fields.colour.id} label="Colour" errors={fields.colour.errors}>
                  <input
                    {...getInputProps(fields.colour, { type: "color" })}
                    className="h-11 w-full cursor-pointer rounded-md border border-slate-300 dark:border-slate-700"
                  />
                </Field>
              </div>
            </fieldset>
            <button
              type="submit"
              disabled={busy}
              className="w-full rounded-md bg-brand-600 px-4 py-3 font-semibold text-white hover:bg-brand-700 disabled:opacity-60"
            >
              {busy && navigation.formData?.get("intent") === "save" ? "Saving..." : "Save card"}
            </button>
          </Form>

          <section className={sectionClass} aria-labelledby="publish-title">
            <h2 id="publish-title" className="font-semibold text-lg">
              {card.published ? "Published" : "Publish"}
            </h2>
            <Form method="post" className="mt-3 flex flex-wrap items-end gap-3">
              <input type="hidden" name="intent" value="publish" />
              <div className="min-w-0 flex-1">
                <Field
                  id="slug"
                  label={`Your link: ${origin}/c/…`}
                  errors={slugError ? [slugError] : undefined}
                  hint="Lowercase letters, digits and hyphens."
                >
                  <input
                    id="slug"
                    name="slug"
                    defaultValue={(actionData && "slug" in actionData ? actionData.slug : undefined) ?? card.slug ?? ""}
                    required
                    minLength={3}
                    maxLength={40}
                    aria-invalid={slugError ? true : undefined}
                    aria-describedby={slugError ? "slug-error" : "slug-hint"}
                    className={inputClass}
                  />
                </Field>
              </div>
              <button
                type="submit"
                className="rounded-md bg-emerald-700 px-4 py-2.5 font-semibold text-white hover:bg-emerald-800"
              >
                {card.published ? "Update link" : "Publish"}
              </button>
            </Form>
            {card.published ? (
              <Form method="post" className="mt-3">
                <input type="hidden" name="intent" value="unpublish" />
                <button type="submit" className={smallButton}>
                  Unpublish
                </button>
              </Form>
            ) : null}
          </section>

          {card.published && card.slug ? (
            <CardShare url={`${origin}/c/${card.slug}`} slug={card.slug} name={card.name} signedLink={signedLink} />
          ) : null}

          <Form
            method="post"
            onSubmit={(e) => {
              if (!window.confirm("Delete this card? Its link stops working at once.")) e.preventDefault();
            }}
          >
            <input type="hidden" name="intent" value="delete" />
            <button type="submit" className="font-medium text-red-700 text-sm underline dark:text-red-300">
              Delete this card
            </button>
          </Form>
        </div>
        <aside className="lg:sticky lg:top-20 lg:self-start">
          <h2 className="mb-3 font-semibold text-slate-600 text-sm dark:text-slate-300">Live preview</h2>
          <CardPreview card={preview} />
        </aside>
      </div>
    </section>
  );
}
