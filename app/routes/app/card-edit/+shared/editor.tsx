import {
  getCollectionProps,
  getFormProps,
  getInputProps,
  getSelectProps,
  getTextareaProps,
  type SubmissionResult,
  useForm,
} from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useState } from "react";
import { Form, href, Link, useNavigation } from "react-router";
import { AvatarUpload } from "~/components/avatar-upload";
import { CardFace, type FaceCard } from "~/components/card/face";
import { CardListFields, sectionClass, smallButton } from "~/components/card/list-fields";
import { CardPublishSection } from "~/components/card/publish-section";
import { CardShare, cardShareProps } from "~/components/card/share";
import { ConfirmStep } from "~/components/ui/confirm-step";
import { Field, inputClass } from "~/components/ui/field";
import {
  cardFormSchema,
  missingForPublish,
  SHARE_FIELD_LABEL,
  SHARE_FIELDS,
  shareFieldsOf,
  splitOwnName,
  suggestSlug,
  TEMPLATES,
} from "~/lib/card/card";
import { CARD_FACE_CSS_APP } from "~/lib/card/face-css";
import { LOCALE_NAME, LOCALES } from "~/lib/i18n/locales";
import type { card as cardTable } from "~db/schema";

const ASK_LABEL = { company: "Their company", title: "Their title", note: SHARE_FIELD_LABEL.note } as const;

export type View = "edit" | "preview";

/** What the editor page's loader gives it. */
export type EditorData = {
  card: typeof cardTable.$inferSelect;
  origin: string;
  signedLink: string;
  suggestedSlug: string | null;
  wallet: { apple: boolean; google: boolean };
  /** The team template this card follows (decision 0236), and the card fields it locks. */
  brand?: { name: string; locked: string[] } | null;
};

/** What the editor's action answers when it does not redirect: field messages, and why publishing stopped. */
export type EditorAnswer =
  | { reply?: SubmissionResult<string[]>; slug?: string; publishError?: string; slugError?: string }
  | { confirm: "delete" }
  | undefined;

/** The edit form and its live preview: tabs on a phone, side by side from the large breakpoint. */
export function CardEditor({
  loaderData,
  actionData,
  view,
  setView,
}: {
  loaderData: EditorData;
  actionData?: EditorAnswer;
  view: View;
  setView: (view: View) => void;
}) {
  const { card, origin, signedLink, suggestedSlug, wallet } = loaderData;
  const locked = new Set(loaderData.brand?.locked ?? []);
  const navigation = useNavigation();
  const [slugTouched, setSlugTouched] = useState(false);
  const [slugInput, setSlugInput] = useState<string | null>(null);
  const busy = navigation.state === "submitting";
  const reply = actionData && "reply" in actionData ? actionData.reply : undefined;
  const [form, fields] = useForm({
    id: `card-${card.id}`,
    lastResult: navigation.state === "idle" ? reply : undefined,
    defaultValue: {
      label: card.label,
      name: card.name,
      // Until the owner saves their own, split from the name as they wrote it.
      givenName: card.givenName ?? (card.familyName ? "" : (splitOwnName(card.name).given ?? "")),
      familyName: card.familyName ?? (card.givenName ? "" : (splitOwnName(card.name).family ?? "")),
      title: card.title ?? "",
      company: card.company ?? "",
      email: card.email ?? "",
      phone: card.phone ?? "",
      website: card.website ?? "",
      linkedin: card.linkedin ?? "",
      location: card.location ?? "",
      headline: card.headline ?? "",
      bio: card.bio ?? "",
      shareFields: shareFieldsOf(card.shareFields),
      notes: card.notes ?? "",
      template: card.template,
      colour: card.colour,
      socialAccounts: card.socialAccounts.map((s) => ({ platform: s.platform, url: s.url })),
      additionalContacts: card.additionalContacts.map((c) => ({ type: c.type, value: c.value })),
      primaryLang: card.secondLanguage?.primary ?? "en",
      secondLang: card.secondLanguage?.lang ?? "",
      secondName: card.secondLanguage?.name ?? "",
      secondTitle: card.secondLanguage?.title ?? "",
      secondHeadline: card.secondLanguage?.headline ?? "",
      secondCompany: card.secondLanguage?.company ?? "",
      secondLocation: card.secondLanguage?.location ?? "",
    },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: cardFormSchema }),
    // The link field and the submit buttons are not card content: typing a link is not an unsaved edit.
    shouldDirtyConsider: (name) => name !== "slug" && name !== "intent",
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  const preview = {
    ...(form.value ?? {}),
    avatarUrl: card.avatarKey ? `/avatars/${card.avatarKey}` : null,
  } as FaceCard;
  const missing = missingForPublish(preview as Parameters<typeof missingForPublish>[0], Boolean(card.avatarKey));
  const publishError =
    actionData && "publishError" in actionData ? String(actionData.publishError ?? "") || undefined : undefined;
  const returnedSlug = actionData && "slug" in actionData ? String(actionData.slug ?? "") : undefined;
  // Until the owner types their own link, it follows the name they type.
  const slugValue =
    slugInput ??
    returnedSlug ??
    card.slug ??
    (slugTouched ? "" : (suggestedSlugFor(form.value?.name) ?? suggestedSlug ?? ""));
  const slugError =
    actionData && "slugError" in actionData ? String(actionData.slugError ?? "") || undefined : undefined;
  const text = (
    f: typeof fields.name,
    label: string,
    type: "text" | "email" | "tel" | "url" = "text",
    hint?: string,
  ) => (
    <Field
      id={f.id}
      label={label}
      errors={f.errors}
      hint={locked.has(f.name) ? `Set by your team's template ${loaderData.brand?.name ?? ""}` : hint}
    >
      <input {...getInputProps(f, { type })} readOnly={locked.has(f.name)} className={inputClass} />
    </Field>
  );

  // Another script may run right to left: the browser sets each field's direction from what is typed.
  const secondText = (f: typeof fields.name, label: string) => (
    <Field id={f.id} label={label} errors={f.errors}>
      <input {...getInputProps(f, { type: "text" })} dir="auto" className={inputClass} />
    </Field>
  );

  return (
    <section className="mx-auto max-w-6xl px-4 py-8 sm:px-6">
      <p>
        <Link to={href("/card")} className="text-brand-700 text-sm underline dark:text-brand-200">
          ← All cards
        </Link>
      </p>
      <h1 className="mt-2 font-bold text-3xl tracking-tight">Edit your card</h1>
      <div
        role="tablist"
        aria-label="Editor"
        className="mt-4 grid grid-cols-2 gap-1 rounded-lg bg-slate-100 p-1 lg:hidden dark:bg-slate-800"
      >
        {(["edit", "preview"] as const).map((tab) => (
          <button
            key={tab}
            type="button"
            role="tab"
            id={`tab-${tab}`}
            aria-selected={view === tab}
            aria-controls={`panel-${tab}`}
            onClick={() => setView(tab)}
            className={`rounded-md px-3 py-2 font-semibold text-sm ${view === tab ? "bg-white shadow dark:bg-slate-950" : "text-slate-700 dark:text-slate-200"}`}
          >
            {tab === "edit" ? "Edit" : "Preview"}
          </button>
        ))}
      </div>
      <div className="mt-6 grid gap-8 lg:grid-cols-[1fr_24rem]">
        <div
          id="panel-edit"
          role="tabpanel"
          aria-labelledby="tab-edit"
          className={`space-y-6 ${view === "edit" ? "" : "hidden lg:block"}`}
        >
          <Form method="post" {...getFormProps(form)} className="space-y-6">
            <fieldset className={sectionClass}>
              <legend className="px-1 font-semibold">About you</legend>
              <div className="mb-4">
                <AvatarUpload cardId={card.id} hasAvatar={Boolean(card.avatarKey)} />
              </div>
              <div className="grid gap-4 sm:grid-cols-2">
                {text(fields.name, "Name")}
                {text(fields.label, "Card label", "text", "Only you see this, e.g. Work or Nonprofit.")}
                {text(fields.givenName, "Given name", "text", "Address books file your card by these two.")}
                {text(fields.familyName, "Family name")}
                {text(fields.title, "Title")}
                {text(fields.company, "Company or organization")}
                {text(fields.location, "Location")}
              </div>
              <div className="mt-4 space-y-4">
                {text(
                  fields.headline,
                  "Headline",
                  "text",
                  "One line in your own words, e.g. Helping kids read by third grade.",
                )}
                <Field
                  id={fields.bio.id}
                  label="Short bio"
                  errors={fields.bio.errors}
                  hint="A few sentences, up to 500 characters."
                >
                  <textarea {...getTextareaProps(fields.bio)} rows={3} className={inputClass} />
                </Field>
              </div>
            </fieldset>
            <fieldset className={sectionClass}>
              <legend className="px-1 font-semibold">How to reach you</legend>
              <div className="grid gap-4 sm:grid-cols-2">
                {text(fields.email, "Email", "email")}
                {text(fields.phone, "Phone", "tel")}
                {text(fields.website, "Website", "url", "e.g. example.org")}
                {text(fields.linkedin, "LinkedIn", "url", "Your linkedin.com profile link")}
              </div>
              <div className="mt-4">
                <Field id={fields.notes.id} label="Notes on your card" errors={fields.notes.errors}>
                  <textarea {...getTextareaProps(fields.notes)} rows={3} className={inputClass} />
                </Field>
              </div>
            </fieldset>

            <CardListFields form={form} />

            <fieldset className={sectionClass}>
              <legend className="px-1 font-semibold">Second language</legend>
              <p className="text-slate-600 text-sm dark:text-slate-300">
                Write your card again in another language or script. Visitors reading that language see this version,
                with a link to the other one; a field left empty shows the one above.
              </p>
              <div className="mt-3 grid gap-4 sm:grid-cols-2">
                <Field id={fields.primaryLang.id} label="Language of the card above" errors={fields.primaryLang.errors}>
                  <select {...getSelectProps(fields.primaryLang)} className={inputClass}>
                    {LOCALES.map((code) => (
                      <option key={code} value={code}>
                        {LOCALE_NAME[code]}
                      </option>
                    ))}
                  </select>
                </Field>
                <Field id={fields.secondLang.id} label="Second language" errors={fields.secondLang.errors}>
                  <select {...getSelectProps(fields.secondLang)} className={inputClass}>
                    <option value="">None</option>
                    {LOCALES.map((code) => (
                      <option key={code} value={code}>
                        {LOCALE_NAME[code]}
                      </option>
                    ))}
                  </select>
                </Field>
                {secondText(fields.secondName, "Name in the second language")}
                {secondText(fields.secondTitle, "Title in the second language")}
                {secondText(fields.secondCompany, "Company in the second language")}
                {secondText(fields.secondLocation, "Location in the second language")}
              </div>
              <div className="mt-4">{secondText(fields.secondHeadline, "Headline in the second language")}</div>
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
                <Field
                  id={fields.colour.id}
                  label="Colour"
                  errors={fields.colour.errors}
                  hint={locked.has("colour") ? "Set by your team's template" : undefined}
                >
                  {locked.has("colour") ? (
                    // A colour input cannot be read-only: the template's colour is sent as it is, and shown.
                    <>
                      <input {...getInputProps(fields.colour, { type: "hidden" })} />
                      <span
                        className="block h-11 w-full rounded-md border border-slate-300 dark:border-slate-700"
                        style={{ background: card.colour }}
                      />
                    </>
                  ) : (
                    <input
                      {...getInputProps(fields.colour, { type: "color" })}
                      className="h-11 w-full cursor-pointer rounded-md border border-slate-300 dark:border-slate-700"
                    />
                  )}
                </Field>
              </div>
            </fieldset>
            <fieldset className={sectionClass}>
              <legend className="px-1 font-semibold">Share-back form</legend>
              <p className="text-slate-600 text-sm dark:text-slate-300">
                Visitors always give a name and email. Also ask, as optional fields:
              </p>
              <div className="mt-3 flex flex-wrap gap-x-6 gap-y-2">
                {getCollectionProps(fields.shareFields, { type: "checkbox", options: [...SHARE_FIELDS] }).map(
                  (props) => (
                    <label key={props.key} htmlFor={props.id} className="flex items-center gap-2 text-sm">
                      <input {...props} key={props.key} className="size-4" />
                      {ASK_LABEL[props.value as keyof typeof ASK_LABEL]}
                    </label>
                  ),
                )}
              </div>
            </fieldset>
            <div className="flex flex-wrap items-center gap-3">
              <button
                type="submit"
                name="intent"
                value="save"
                disabled={busy}
                className="flex-1 rounded-md bg-brand-600 px-4 py-3 font-semibold text-white hover:bg-brand-700 disabled:opacity-60"
              >
                {busy && navigation.formData?.get("intent") === "save" ? "Saving..." : "Save card"}
              </button>
              {form.dirty ? (
                <p className="font-medium text-amber-800 text-sm dark:text-amber-200" role="status">
                  You have unsaved changes.
                </p>
              ) : null}
            </div>

            <CardPublishSection
              published={card.published}
              hasSlug={Boolean(card.slug)}
              missing={missing}
              publishError={publishError}
              origin={origin}
              slugError={slugError}
              slugValue={slugValue}
              onSlugChange={(value) => {
                setSlugTouched(true);
                setSlugInput(value);
              }}
              busy={busy}
              dirty={form.dirty}
            />
          </Form>
          {card.published ? (
            <Form method="post">
              <input type="hidden" name="intent" value="unpublish" />
              <button type="submit" className={smallButton}>
                Unpublish
              </button>
            </Form>
          ) : null}

          {card.published && card.slug ? (
            <CardShare
              {...cardShareProps({ ...card, slug: card.slug }, origin)}
              signedLink={signedLink}
              wallet={wallet}
            />
          ) : null}

          {actionData && "confirm" in actionData ? (
            <ConfirmStep
              intent="delete"
              question="Delete this card?"
              consequence="Its link stops working at once, and anyone who kept it sees nothing. This cannot be undone."
              confirmLabel="Delete the card"
            />
          ) : (
            <Form method="post">
              <input type="hidden" name="intent" value="delete" />
              <button type="submit" className="font-medium text-red-700 text-sm underline dark:text-red-300">
                Delete this card
              </button>
            </Form>
          )}
        </div>
        <aside
          id="panel-preview"
          role="tabpanel"
          aria-labelledby="tab-preview"
          className={`lg:sticky lg:top-20 lg:self-start ${view === "preview" ? "" : "hidden lg:block"}`}
        >
          <h2 className="mb-3 font-semibold text-slate-600 text-sm dark:text-slate-300">Live preview</h2>
          <style>{CARD_FACE_CSS_APP}</style>
          <figure className="kw" aria-label="Card preview">
            <CardFace card={preview} heading="p" live={false} actions={{ saveHref: null, shareHref: null }} />
          </figure>
          <p className="mt-3 text-slate-600 text-xs dark:text-slate-300">
            Visitors see this card with these two buttons; the page footer says it was made with KnowWho.
          </p>
        </aside>
      </div>
    </section>
  );
}

/** The slug the name would give, for the preview of an unpublished card's link. */
function suggestedSlugFor(name: string | undefined) {
  return name?.trim() ? suggestSlug(name) : null;
}
