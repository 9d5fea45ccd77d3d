import { getFormProps, getInputProps, getTextareaProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useState } from "react";
import { data, Form, useFetcher, useNavigation } from "react-router";
import { z } from "zod";
import { PageHero } from "~/components/marketing/page";
import { Field, FormError, inputClass } from "~/components/ui/field";
import { appContext } from "~/context";
import { personNameField, requiredEmailField } from "~/lib/forms/fields";
import { PERSON_NAME_MAX } from "~/lib/forms/limits";
import { formatDay } from "~/lib/i18n/format";
import { negotiateLocale } from "~/lib/i18n/locales";
import { pageWords } from "~/lib/i18n/page-words";
import { pageSay, type SayPage } from "~/lib/i18n/pages";
import { pageMeta, SITE } from "~/lib/site";
import { readVisitorId, visitorId } from "~/server/cards/visitor.server";
import { unknownIntent } from "~/server/platform/http.server";
import { purgePublicPages } from "~/server/platform/page-cache.server";
import { allow, clientKey } from "~/server/platform/rate-limit.server";
import { addReview, listReviews, toggleHelpful } from "~/server/site/reviews.server";
import type { Route } from "./+types/reviews";

const reviewSchema = z.object({
  intent: z.literal("review"),
  name: personNameField,
  email: requiredEmailField,
  rating: z.coerce
    .number({ error: "Please select a rating" })
    .int("Please select a rating")
    .min(1, "Please select a rating")
    .max(5, "Please select a rating"),
  review: z
    .string({ error: "Review must be at least 10 characters" })
    .trim()
    .min(10, "Review must be at least 10 characters")
    .max(2000, "Review must be at most 2000 characters"),
});

const helpfulSchema = z.object({ intent: z.literal("helpful"), reviewId: z.coerce.number().int().positive() });

// In the visitor's language; reviews stay as their authors wrote them. The form validates in the browser.
export const handle = { localized: true };

export const meta: Route.MetaFunction = ({ loaderData }) => {
  if (!loaderData) return pageMeta("Customer reviews");
  const t = pageSay(loaderData.words);
  return pageMeta(t("reviews.title"), t("reviews.description", { site: SITE.name }));
};

export async function loader({ request, context }: Route.LoaderArgs) {
  const rows = await listReviews(context.get(appContext).db, readVisitorId(request));
  return {
    words: pageWords(negotiateLocale(request).locale, "reviews"),
    reviews: rows.map((r) => ({ ...r, userHelpful: Boolean(r.userHelpful), date: r.createdAt.toISOString() })),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const app = context.get(appContext);
  const formData = await request.formData();
  if (formData.get("intent") === "helpful") {
    const parsed = helpfulSchema.safeParse(Object.fromEntries(formData));
    if (!parsed.success) return data({ kind: "helpful" as const, ok: false }, { status: 400 });
    if (!(await allow(app.env, "forms", `helpful:${clientKey(request)}`))) {
      return data({ kind: "helpful" as const, ok: false }, { status: 429 });
    }
    const visitor = visitorId(request);
    const state = await toggleHelpful(app.db, parsed.data.reviewId, visitor.id);
    // The list shows each review's helpful count to everyone.
    if (state !== null) await purgePublicPages(app.env, ["reviews"]);
    const headers = visitor.setCookie ? { "Set-Cookie": visitor.setCookie } : undefined;
    return data({ kind: "helpful" as const, ok: state !== null }, { status: state === null ? 404 : 200, headers });
  }
  if (formData.get("intent") !== "review") unknownIntent();

  const submission = parseWithZod(formData, { schema: reviewSchema });
  if (submission.status !== "success") {
    return data({ kind: "review" as const, result: submission.reply(), ok: false }, { status: 400 });
  }
  if (!(await allow(app.env, "forms", `review:${clientKey(request)}`))) {
    return data(
      {
        kind: "review" as const,
        result: submission.reply({ formErrors: ["Too many reviews from here. Please wait a minute and try again."] }),
        ok: false,
      },
      { status: 429 },
    );
  }
  const { name, email, rating, review } = submission.value;
  await addReview(app.db, { name, email, rating, body: review });
  await purgePublicPages(app.env, ["reviews"]);
  return { kind: "review" as const, result: submission.reply({ resetForm: true }), ok: true };
}

function Stars({ value, t }: { value: number; t: SayPage }) {
  return (
    <span className="text-amber-500 text-lg" role="img" aria-label={t("reviews.stars", { count: value })}>
      {"★".repeat(value)}
      <span className="text-slate-300 dark:text-slate-600">{"★".repeat(5 - value)}</span>
    </span>
  );
}

/** Radio inputs keep it accessible and working without script; hovering a star previews that rating. */
function StarInput({
  name,
  defaultValue,
  errorId,
  invalid,
  onPick,
  t,
}: {
  t: SayPage;
  name: string;
  defaultValue: number;
  errorId: string;
  invalid: boolean;
  onPick: () => void;
}) {
  const [value, setValue] = useState(defaultValue);
  const [hover, setHover] = useState(0);
  const shown = hover || value;
  return (
    <fieldset aria-describedby={invalid ? errorId : undefined} onMouseLeave={() => setHover(0)}>
      <legend className="mb-1.5 block font-medium text-sm">{t("reviews.rating")}</legend>
      <div className="flex gap-1">
        {[1, 2, 3, 4, 5].map((n) => (
          <label key={n} className="cursor-pointer" onMouseEnter={() => setHover(n)}>
            <input
              type="radio"
              name={name}
              value={n}
              checked={value === n}
              onChange={() => {
                setValue(n);
                onPick();
              }}
              aria-invalid={invalid || undefined}
              className="peer sr-only"
            />
            <span className="sr-only">{t("reviews.star", { count: n })}</span>
            <span
              aria-hidden="true"
              data-filled={n <= shown}
              className="block rounded text-3xl text-slate-300 leading-none peer-focus-visible:outline-2 peer-focus-visible:outline-brand-600 data-[filled=true]:text-amber-500 dark:text-slate-600"
            >
              ★
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

function HelpfulButton({
  id,
  helpful,
  userHelpful,
  t,
}: {
  id: number;
  helpful: number;
  userHelpful: boolean;
  t: SayPage;
}) {
  const fetcher = useFetcher<typeof action>();
  const refused = fetcher.state === "idle" && fetcher.data?.kind === "helpful" && !fetcher.data.ok;
  // Optimistic: show the toggled state while the server records it.
  const pending = fetcher.formData ? !userHelpful : userHelpful;
  const count = helpful + (pending === userHelpful ? 0 : pending ? 1 : -1);
  return (
    <fetcher.Form method="post">
      <input type="hidden" name="intent" value="helpful" />
      <input type="hidden" name="reviewId" value={id} />
      <button
        type="submit"
        aria-pressed={pending}
        className="rounded-md border border-slate-300 px-3 py-1.5 text-sm hover:bg-slate-50 aria-pressed:border-brand-600 aria-pressed:bg-brand-50 aria-pressed:text-brand-700 dark:border-slate-700 dark:hover:bg-slate-800 dark:aria-pressed:bg-brand-900 dark:aria-pressed:text-brand-100"
      >
        {t("reviews.helpful", { count })}
      </button>
      <span role="status" className="ml-2 text-red-700 text-xs dark:text-red-300">
        {refused ? t("reviews.refused") : ""}
      </span>
    </fetcher.Form>
  );
}

export default function Reviews({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === "review";
  const reviewReply = actionData?.kind === "review" ? actionData : undefined;
  const [form, fields] = useForm({
    id: "review",
    lastResult: navigation.state === "idle" ? reviewReply?.result : undefined,
    defaultValue: { name: "", email: "", rating: "0", review: "" },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: reviewSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  const ratingErrorId = `${fields.rating.id}-error`;
  const t = pageSay(loaderData.words);
  const errors = (list: string[] | undefined) => list?.map(t.field);

  return (
    <>
      <PageHero
        eyebrow={t("reviews.eyebrow")}
        title={t("reviews.heading", { site: SITE.name })}
        intro={t("reviews.intro", { site: SITE.name })}
      />
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-12 sm:px-6 lg:grid-cols-5">
        <section
          aria-labelledby="write"
          className="h-fit rounded-xl border border-slate-200 bg-white p-6 lg:col-span-2 dark:border-slate-800 dark:bg-slate-900"
        >
          <h2 id="write" className="font-bold text-xl">
            {t("reviews.write")}
          </h2>
          {reviewReply?.ok ? (
            <div
              role="status"
              className="mt-4 rounded-md bg-emerald-50 p-3 text-emerald-900 text-sm dark:bg-emerald-950 dark:text-emerald-100"
            >
              <p className="font-semibold">{t("reviews.success.title")}</p>
              <p>{t("reviews.success.text")}</p>
            </div>
          ) : null}
          <Form method="post" className="mt-6 space-y-4" {...getFormProps(form)}>
            <input type="hidden" name="intent" value="review" />
            <FormError id={form.errorId} errors={errors(form.errors)} />
            <Field id={fields.name.id} label={t("reviews.name")} errors={errors(fields.name.errors)}>
              <input
                {...getInputProps(fields.name, { type: "text" })}
                autoComplete="name"
                maxLength={PERSON_NAME_MAX}
                className={inputClass}
              />
            </Field>
            <Field
              id={fields.email.id}
              label={t("reviews.email")}
              errors={errors(fields.email.errors)}
              hint={t("reviews.emailHint")}
            >
              <input {...getInputProps(fields.email, { type: "email" })} autoComplete="email" className={inputClass} />
            </Field>
            <div>
              <StarInput
                key={form.key}
                name={fields.rating.name}
                defaultValue={Number(fields.rating.initialValue ?? 0) || 0}
                errorId={ratingErrorId}
                invalid={Boolean(fields.rating.errors?.length)}
                onPick={() => form.validate({ name: fields.rating.name })}
                t={t}
              />
              {fields.rating.errors?.length ? (
                <p id={ratingErrorId} className="mt-1 text-red-700 text-sm dark:text-red-300">
                  {t.field(fields.rating.errors[0] ?? "")}
                </p>
              ) : null}
            </div>
            <Field id={fields.review.id} label={t("reviews.review")} errors={errors(fields.review.errors)}>
              <textarea {...getTextareaProps(fields.review)} rows={5} maxLength={2000} className={inputClass} />
            </Field>
            <button
              type="submit"
              disabled={busy}
              className="w-full rounded-md bg-brand-600 px-4 py-3 font-semibold text-white hover:bg-brand-700 disabled:opacity-60"
            >
              {busy ? t("reviews.submitting") : t("reviews.submit")}
            </button>
          </Form>
        </section>
        <section aria-labelledby="list" className="lg:col-span-3">
          <h2 id="list" className="font-bold text-xl">
            {t("reviews.count", { count: loaderData.reviews.length })}
          </h2>
          <ul className="mt-4 space-y-4">
            {loaderData.reviews.map((r) => (
              <li
                key={r.id}
                className="rounded-xl border border-slate-200 bg-white p-5 dark:border-slate-800 dark:bg-slate-900"
              >
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <p className="font-semibold">
                    {r.name}
                    {r.verified ? (
                      <span className="ml-2 rounded-full bg-emerald-100 px-2 py-0.5 font-semibold text-emerald-800 text-xs dark:bg-emerald-950 dark:text-emerald-200">
                        {t("reviews.verified")}
                      </span>
                    ) : null}
                  </p>
                  <time dateTime={r.date} className="text-slate-600 text-sm dark:text-slate-300">
                    {formatDay(r.date, t.locale)}
                  </time>
                </div>
                <Stars value={r.rating} t={t} />
                <p className="mt-2 whitespace-pre-line text-slate-700 dark:text-slate-300">{r.body}</p>
                <div className="mt-3">
                  <HelpfulButton id={r.id} helpful={r.helpful} userHelpful={r.userHelpful} t={t} />
                </div>
              </li>
            ))}
          </ul>
        </section>
      </div>
    </>
  );
}
