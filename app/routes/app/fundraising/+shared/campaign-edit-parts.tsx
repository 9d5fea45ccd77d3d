import {
  getFormProps,
  getInputProps,
  getSelectProps,
  getTextareaProps,
  type SubmissionResult,
  useForm,
} from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useState } from "react";
import { Form, href, Link, useSubmit } from "react-router";
import { fitJpeg } from "~/components/avatar-upload";
import { Field, inputClass } from "~/components/ui/field";
import {
  budgetText,
  CAMPAIGN_CATEGORIES,
  CAMPAIGN_IMAGE_MAX_BYTES,
  CATEGORY_LABELS,
  campaignFormSchema,
  teamText,
} from "~/lib/fundraising/campaign";
import { amountInput, CURRENCIES } from "~/lib/money";
import { IMAGE_ACCEPT } from "~/lib/platform/image-types";
import type { loadCampaignEdit } from "./campaign-edit.server";

/** The campaign editor's four forms: its status, its image, the card and events it is featured on, and itself. */

type Loaded = Awaited<ReturnType<typeof loadCampaignEdit>>;
type Campaign = NonNullable<Loaded["c"]>;

const btn = "rounded-md px-4 py-2.5 font-semibold text-sm";
const outline = `${btn} border border-slate-300 dark:border-slate-600`;

/** Draft, active, past or archived, with the changes that apply now. */
export function CampaignStatus({ c }: { c: Campaign }) {
  return (
    <div className="mt-4 flex flex-wrap items-center gap-2">
      <span className="rounded-full bg-slate-100 px-3 py-1 text-sm dark:bg-slate-800" data-testid="campaign-status">
        {c.archivedAt ? "Archived" : c.status === "draft" ? "Draft" : c.status === "active" ? "Active" : "Past"}
      </span>
      <Link to={href("/fundraising/:id", { id: String(c.id) })} className={outline}>
        {c.status === "draft" ? "Preview" : "View public page"}
      </Link>
      <Form method="post" className="flex flex-wrap gap-2">
        {c.status === "draft" ? (
          <button name="intent" value="publish" type="submit" className={`${btn} bg-emerald-700 text-white`}>
            Publish
          </button>
        ) : null}
        {c.status === "active" ? (
          <button name="intent" value="close" type="submit" className={outline}>
            Close
          </button>
        ) : null}
        {c.status === "past" ? (
          <button name="intent" value="reopen" type="submit" className={outline}>
            Reopen
          </button>
        ) : null}
        <button name="intent" value={c.archivedAt ? "unarchive" : "archive"} type="submit" className={outline}>
          {c.archivedAt ? "Restore" : "Archive"}
        </button>
      </Form>
    </div>
  );
}

/** The campaign's image; a photo over the limit is made smaller here first. */
export function CampaignImage({ c, serverError }: { c: Campaign; serverError: string | null }) {
  const submit = useSubmit();
  const [shrinkError, setShrinkError] = useState<string | null>(null);
  const imageError = shrinkError ?? serverError;
  // A photo over the limit is made smaller here first; the server's 413 would otherwise replace the page.
  async function uploadImage(event: React.FormEvent<HTMLFormElement>) {
    const form = event.currentTarget;
    const file = (form.elements.namedItem("image") as HTMLInputElement | null)?.files?.[0];
    setShrinkError(null);
    if (!file || file.size <= CAMPAIGN_IMAGE_MAX_BYTES) return;
    event.preventDefault();
    try {
      const body = new FormData(form);
      body.set("intent", "image");
      body.set(
        "image",
        new File([await fitJpeg(file, CAMPAIGN_IMAGE_MAX_BYTES)], "campaign.jpg", { type: "image/jpeg" }),
      );
      submit(body, { method: "post", encType: "multipart/form-data" });
    } catch {
      setShrinkError("This image could not be made smaller here. Choose a JPEG, PNG or WebP image up to 900 KB.");
    }
  }
  return (
    <Form
      method="post"
      encType="multipart/form-data"
      onSubmit={uploadImage}
      className="mt-6 flex flex-wrap items-end gap-4 rounded-xl border border-slate-200 p-5 dark:border-slate-800"
    >
      {c.imageKey ? (
        <img src={`/api/campaign-images/${c.imageKey}`} alt="Campaign" className="h-24 w-40 rounded-md object-cover" />
      ) : null}
      <div>
        <label htmlFor="campaign-image" className="mb-1.5 block font-medium text-sm">
          Image (JPEG, PNG or WebP, up to 900 KB)
        </label>
        <input
          id="campaign-image"
          name="image"
          type="file"
          accept={IMAGE_ACCEPT}
          aria-invalid={imageError ? true : undefined}
          aria-describedby={imageError ? "campaign-image-error" : undefined}
          className="text-sm"
        />
        {imageError ? (
          <p id="campaign-image-error" className="mt-1 text-red-700 text-sm dark:text-red-300">
            {imageError}
          </p>
        ) : null}
      </div>
      <button name="intent" value="image" type="submit" className={outline}>
        Upload image
      </button>
    </Form>
  );
}

/** The card that shows a "Support" button for it, and the events that raise for it. */
export function CampaignNetworking({ c, networking }: { c: Campaign; networking: NonNullable<Loaded["networking"]> }) {
  return (
    <Form method="post" className="mt-6 space-y-4 rounded-xl border border-slate-200 p-5 dark:border-slate-800">
      <h2 className="font-semibold text-lg">Your card and events</h2>
      <div>
        <label htmlFor="feature-card" className="mb-1.5 block font-medium text-sm">
          Feature on a card
        </label>
        <select
          id="feature-card"
          name="card"
          defaultValue={String(networking.cards.find((k) => k.featuresThis)?.id ?? "")}
          className={inputClass}
        >
          <option value="">No card</option>
          {networking.cards.map((k) => (
            <option key={k.id} value={k.id}>
              {k.label}
            </option>
          ))}
        </select>
        <p className="mt-1 text-slate-500 text-xs dark:text-slate-400">
          Its visitor page shows a "Support {c.title}" button while the campaign is active.
        </p>
      </div>
      {networking.events.length ? (
        <fieldset>
          <legend className="mb-1.5 font-medium text-sm">Events raising for this campaign</legend>
          <div className="max-h-48 space-y-1 overflow-y-auto text-sm">
            {networking.events.map((e) => (
              <label key={e.id} className="flex items-center gap-2">
                <input type="checkbox" name="event" value={e.id} defaultChecked={e.linked} /> {e.title}
              </label>
            ))}
          </div>
        </fieldset>
      ) : null}
      <button name="intent" value="networking" type="submit" className={outline}>
        Save card and events
      </button>
    </Form>
  );
}

/** The campaign itself: a new draft, or the owner's campaign as saved. */
export function CampaignForm({
  c,
  hasGifts,
  lastResult,
}: {
  c: Campaign | null;
  hasGifts: boolean;
  lastResult: SubmissionResult<string[]> | null | undefined;
}) {
  const [form, fields] = useForm({
    id: `campaign-${c?.id ?? "new"}`,
    lastResult,
    defaultValue: c
      ? {
          title: c.title,
          description: c.description,
          extendedDescription: c.extendedDescription,
          organization: c.organization,
          organizerName: c.organizerName,
          location: c.location,
          category: c.category,
          currency: c.currency,
          goal: amountInput(c.goal, c.currency),
          priorRaised: c.priorRaised ? amountInput(c.priorRaised, c.currency) : "",
          priorDonors: c.priorDonors ? String(c.priorDonors) : "",
          startDate: c.startDate,
          endDate: c.endDate,
          mission: c.mission,
          impact: c.impact,
          budget: budgetText(c.budget, c.currency),
          team: teamText(c.team),
          suggested: c.suggested.map((s) => amountInput(s, c.currency).replace(/\.00$/, "")).join(", "),
          featured: c.featured || c.featureRequestedAt ? "on" : "",
          listed: c.listed ? "on" : "",
        }
      : { currency: "USD", category: "community" },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: campaignFormSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  const input = (f: typeof fields.title, label: string, type: "text" | "date" = "text", hint?: string) => (
    <Field id={f.id} label={label} errors={f.errors} hint={hint}>
      <input {...getInputProps(f, { type })} className={inputClass} />
    </Field>
  );
  const area = (f: typeof fields.title, label: string, rows: number, hint?: string) => (
    <Field id={f.id} label={label} errors={f.errors} hint={hint}>
      <textarea {...getTextareaProps(f)} rows={rows} className={inputClass} />
    </Field>
  );
  return (
    <Form
      method="post"
      {...getFormProps(form)}
      className="mt-6 space-y-4 rounded-xl border border-slate-200 p-5 dark:border-slate-800"
    >
      {input(fields.title, "Title")}
      {area(fields.description, "Description", 2, "One or two sentences for the campaign list")}
      {area(fields.extendedDescription, "Story", 6)}
      <div className="grid gap-4 sm:grid-cols-2">
        {input(fields.organization, "Organisation")}
        {input(fields.organizerName, "Organiser")}
        {input(fields.location, "Location")}
        <Field id={fields.category.id} label="Category" errors={fields.category.errors}>
          <select {...getSelectProps(fields.category)} className={inputClass}>
            {CAMPAIGN_CATEGORIES.map((k) => (
              <option key={k} value={k}>
                {CATEGORY_LABELS[k]}
              </option>
            ))}
          </select>
        </Field>
        <Field
          id={fields.currency.id}
          label="Currency"
          errors={fields.currency.errors}
          hint={hasGifts ? "Fixed once gifts are recorded" : undefined}
        >
          <select {...getSelectProps(fields.currency)} className={inputClass}>
            {CURRENCIES.map((k) => (
              <option key={k} value={k}>
                {k}
              </option>
            ))}
          </select>
        </Field>
        {input(fields.goal, "Goal", "text", "In the campaign's currency, such as 50000")}
        {input(fields.startDate, "Start date", "date")}
        {input(fields.endDate, "End date", "date")}
        {input(fields.priorRaised, "Raised before (optional)", "text", "Given offline or elsewhere before this page")}
        {input(fields.priorDonors as typeof fields.title, "Donors before (optional)")}
      </div>
      {area(fields.mission, "Mission", 2)}
      {area(fields.impact, "Impact", 2)}
      {area(fields.budget, "Budget", 4, "One line each: What: amount, such as Litter traps: 18000")}
      {area(fields.team, "Team", 3, "One line each: Name, Role")}
      {input(fields.suggested, "Suggested gifts", "text", "Amounts on the Donate form, such as 25, 50, 100, 250")}
      <label className="flex items-center gap-2 text-sm">
        <input {...getInputProps(fields.listed, { type: "checkbox" })} /> List on the KnowWho fundraising page
      </label>
      <label className="flex items-center gap-2 text-sm">
        <input {...getInputProps(fields.featured, { type: "checkbox" })} /> Ask to feature on the home page
      </label>
      <p className="text-slate-600 text-xs dark:text-slate-300" data-testid="feature-state">
        {c?.featured
          ? "Featured on the home page (approved by KnowWho), taking turns with other featured campaigns when there are more than three."
          : c?.featureRequestedAt
            ? "Feature request sent: a KnowWho operator reviews it before it appears on the home page."
            : "A KnowWho operator reviews every request before a campaign appears on the home page."}
      </p>
      <button name="intent" value="save" type="submit" className={`${btn} bg-brand-600 text-white hover:bg-brand-700`}>
        {c ? "Save campaign" : "Save draft"}
      </button>
    </Form>
  );
}
