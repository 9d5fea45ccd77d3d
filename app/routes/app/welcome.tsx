import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, href, Link, redirect, useNavigation } from "react-router";
import { z } from "zod";
import { AvatarUpload } from "~/components/avatar-upload";
import { CardFace } from "~/components/card/face";
import { CardShare, cardShareProps } from "~/components/card/share";
import { Field, inputClass } from "~/components/ui/field";
import { appContext } from "~/context";
import { type OnboardingStep, STEP_COUNT, STEP_TITLES, stepNumber } from "~/lib/account/onboarding";
import { CARD_LIMITS, cardFormSchema, slugSchema, suggestSlug } from "~/lib/card/card";
import { pageMeta } from "~/lib/site";
import { getUser } from "~/server/account/user.server";
import { signedCardPath } from "~/server/cards/card-link.server";
import {
  availableSlug,
  cardRef,
  createCard,
  getOwnedCard,
  listCards,
  publishCard,
  toPublicCard,
} from "~/server/cards/cards.server";
import { walletsOffered } from "~/server/cards/wallet/config.server";
import { getSettings, saveSettings } from "~/server/settings/settings.server";
import type { Route } from "./+types/welcome";

export const meta = () => [...pageMeta("Get started"), { name: "robots", content: "noindex" }];

const cardStep = cardFormSchema
  .pick({ name: true, title: true, company: true, email: true, phone: true })
  .extend({ intent: z.literal("card") });
const publishStep = z.object({ intent: z.literal("publish"), slug: slugSchema });
const schema = z.discriminatedUnion("intent", [
  cardStep,
  publishStep,
  z.object({ intent: z.literal("shared") }),
  z.object({ intent: z.literal("finish"), to: z.enum(["/dashboard", "/connections/import", "/events/new"]) }),
]);

/** The step the owner is really on: the stored one, corrected by what exists (a card made in the editor counts). */
async function currentStep(db: Parameters<typeof listCards>[0], user: { id: string; workspace: { id: string } }) {
  // The guided start is the person's; the cards are the current workspace's (decision 0207).
  const [settings, cards] = await Promise.all([getSettings(db, user.id), listCards(db, user.workspace.id)]);
  // The card the guide works on: the first one made.
  const card = cards.length ? cards.reduce((a, b) => (a.id < b.id ? a : b)) : null;
  let step: OnboardingStep = settings.onboarding;
  if (step === "card" && card) step = "publish";
  if (step === "publish" && card?.published) step = "share";
  if (step !== "done" && step !== "card" && !card) step = "card";
  if ((step === "share" || step === "next") && !card?.published) step = "publish";
  return { step, cardId: card?.id ?? null, stored: settings.onboarding };
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const app = context.get(appContext);
  const user = getUser(context);
  const { step, cardId, stored } = await currentStep(app.db, user);
  if (step === "done") throw redirect(href("/dashboard"));
  if (step !== stored) await saveSettings(app.db, user.id, { onboarding: step });
  const card = cardId ? await getOwnedCard(app.db, user.workspace.id, cardId) : null;
  const origin = new URL(request.url).origin;
  return {
    step,
    user,
    card: card
      ? {
          id: card.id,
          name: card.name,
          title: card.title,
          company: card.company,
          email: card.email,
          phone: card.phone,
          colour: card.colour,
          template: card.template,
          slug: card.slug,
          published: card.published,
          avatarKey: card.avatarKey,
        }
      : null,
    // The same suggestion as the card editor's, numbered when someone else already has it.
    suggestedSlug: card?.slug ?? (await availableSlug(app.db, suggestSlug(card?.name ?? user.name), card?.id ?? 0)),
    origin,
    wallet: walletsOffered(app.env),
    signedLink: card?.published
      ? origin +
        (await signedCardPath(toPublicCard(card, user.name), await cardRef(app.db, card), app.env.CARD_SIGNING_SECRET))
      : null,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const app = context.get(appContext);
  const user = getUser(context);
  const submission = parseWithZod(await request.formData(), { schema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const { value } = submission;
  const { cardId } = await currentStep(app.db, user);

  if (value.intent === "card") {
    if (!cardId) {
      const { intent: _, ...fields } = value;
      await createCard(app.db, user.workspace.id, cardFormSchema.parse({ label: "Work", ...fields }));
    }
    await saveSettings(app.db, user.id, { onboarding: "publish" });
    return redirect(href("/welcome"));
  }
  if (value.intent === "publish") {
    if (!cardId) return redirect(href("/welcome"));
    const result = await publishCard(app.env, app.db, user.workspace.id, cardId, value.slug);
    if (!result.ok) return data(submission.reply({ fieldErrors: { slug: [result.error] } }), { status: 400 });
    await saveSettings(app.db, user.id, { onboarding: "share" });
    return redirect(href("/welcome"));
  }
  if (value.intent === "shared") {
    await saveSettings(app.db, user.id, { onboarding: "next" });
    return redirect(href("/welcome"));
  }
  await saveSettings(app.db, user.id, { onboarding: "done" });
  return redirect(value.to);
}

const primary =
  "inline-flex items-center justify-center rounded-md bg-brand-600 px-4 py-2.5 font-semibold text-white hover:bg-brand-700 disabled:opacity-60";
const secondary =
  "inline-flex items-center justify-center rounded-md border border-slate-300 px-4 py-2.5 font-medium hover:bg-slate-50 dark:border-slate-700 dark:hover:bg-slate-800";
const muted = "text-slate-600 dark:text-slate-300";

function Progress({ step }: { step: Exclude<OnboardingStep, "done"> }) {
  const n = stepNumber(step);
  return (
    <ol className="mt-6 grid grid-cols-4 gap-2" aria-label={`Step ${n} of ${STEP_COUNT}`}>
      {(Object.keys(STEP_TITLES) as (keyof typeof STEP_TITLES)[]).map((s, i) => (
        <li key={s} aria-current={s === step ? "step" : undefined}>
          <span
            aria-hidden="true"
            className={`block h-1.5 rounded-full ${i < n ? "bg-brand-600" : "bg-slate-200 dark:bg-slate-800"}`}
          />
          <span className={`mt-2 block text-xs ${s === step ? "font-semibold" : muted}`}>{STEP_TITLES[s]}</span>
        </li>
      ))}
    </ol>
  );
}

export default function Welcome({ loaderData, actionData }: Route.ComponentProps) {
  const { step, user, card, suggestedSlug, origin, signedLink } = loaderData;
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const [form, fields] = useForm({
    id: `welcome-${step}`,
    lastResult: navigation.state === "idle" ? actionData : undefined,
    defaultValue: { name: user.name, email: user.email, slug: suggestedSlug },
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });

  // A long unbroken name or link wraps where it must instead of widening the page past the phone.
  return (
    <section className="mx-auto max-w-2xl px-4 py-8 [overflow-wrap:anywhere] sm:px-6 sm:py-10">
      <p className={`font-medium text-sm ${muted}`}>
        Step {stepNumber(step)} of {STEP_COUNT}
      </p>
      <h1 className="mt-1 font-bold text-3xl tracking-tight">
        {step === "card"
          ? `Welcome, ${user.name}. Let's make your card.`
          : step === "publish"
            ? "Publish your card"
            : step === "share"
              ? "Share your card"
              : "Bring your people"}
      </h1>
      <Progress step={step} />

      {step === "card" ? (
        <Form method="post" className="mt-8 space-y-5" {...getFormProps(form)}>
          <input type="hidden" name="intent" value="card" />
          <p className={muted}>What people see when they scan your QR code or tap your link. You can add more later.</p>
          <Field id={fields.name.id} label="Name" errors={fields.name.errors}>
            <input
              {...getInputProps(fields.name, { type: "text" })}
              autoComplete="name"
              maxLength={CARD_LIMITS.name}
              className={inputClass}
            />
          </Field>
          <div className="grid gap-5 sm:grid-cols-2">
            <Field id={fields.title.id} label="Title" errors={fields.title.errors}>
              <input
                {...getInputProps(fields.title, { type: "text" })}
                autoComplete="organization-title"
                maxLength={CARD_LIMITS.text}
                className={inputClass}
              />
            </Field>
            <Field id={fields.company.id} label="Organisation" errors={fields.company.errors}>
              <input
                {...getInputProps(fields.company, { type: "text" })}
                autoComplete="organization"
                maxLength={CARD_LIMITS.text}
                className={inputClass}
              />
            </Field>
            <Field id={fields.email.id} label="Email on the card" errors={fields.email.errors}>
              <input {...getInputProps(fields.email, { type: "email" })} autoComplete="email" className={inputClass} />
            </Field>
            <Field id={fields.phone.id} label="Phone" errors={fields.phone.errors} hint="Optional.">
              <input {...getInputProps(fields.phone, { type: "tel" })} autoComplete="tel" className={inputClass} />
            </Field>
          </div>
          <div className="flex flex-wrap items-center gap-3">
            <button type="submit" disabled={busy} className={primary}>
              {busy ? "Saving..." : "Save and continue"}
            </button>
            <Link to={href("/dashboard")} className="font-medium text-sm underline">
              Skip for now
            </Link>
          </div>
        </Form>
      ) : null}

      {step === "publish" && card ? (
        <div className="mt-8 grid gap-8 md:grid-cols-[1fr_18rem]">
          <div className="space-y-6">
            <Form method="post" className="space-y-5" {...getFormProps(form)}>
              <input type="hidden" name="intent" value="publish" />
              <p className={muted}>
                Publishing gives your card a short link and a QR code. Anyone with them can open it; you can unpublish
                at any time.
              </p>
              <Field
                id={fields.slug.id}
                label="Your card's link"
                errors={fields.slug.errors}
                hint={`${origin.replace(/^https?:\/\//, "")}/c/${fields.slug.value || suggestedSlug}`}
              >
                <input
                  {...getInputProps(fields.slug, { type: "text" })}
                  autoCapitalize="none"
                  autoCorrect="off"
                  spellCheck={false}
                  maxLength={40}
                  className={inputClass}
                />
              </Field>
              <div className="flex flex-wrap items-center gap-3">
                <button type="submit" disabled={busy} className={primary}>
                  {busy ? "Publishing..." : "Publish my card"}
                </button>
                <Link to={href("/card/:id", { id: String(card.id) })} className="font-medium text-sm underline">
                  Edit every detail first
                </Link>
              </div>
            </Form>
            <div>
              <h2 className="font-semibold">Add a photo (optional)</h2>
              <p className={`mt-1 text-sm ${muted}`}>People remember a face better than a name.</p>
              <div className="mt-3">
                <AvatarUpload cardId={card.id} hasAvatar={Boolean(card.avatarKey)} />
              </div>
            </div>
          </div>
          <div>
            <h2 className="sr-only">Preview</h2>
            <CardFace
              heading="p"
              live={false}
              actions={{ saveHref: null, shareHref: null }}
              card={{
                name: card.name,
                title: card.title ?? undefined,
                company: card.company ?? undefined,
                email: card.email ?? undefined,
                phone: card.phone ?? undefined,
                colour: card.colour,
                template: card.template,
                avatarUrl: card.avatarKey ? `/avatars/${card.avatarKey}` : null,
              }}
            />
          </div>
        </div>
      ) : null}

      {step === "share" && card?.slug && signedLink ? (
        <div className="mt-8 space-y-6">
          <p className={muted}>
            Your card is live at{" "}
            <a href={`/c/${card.slug}`} className="font-semibold text-brand-700 underline dark:text-brand-200">
              /c/{card.slug}
            </a>
            . Send the link, show the QR code, or put it in your email signature.
          </p>
          <CardShare
            {...cardShareProps({ ...card, slug: card.slug }, origin)}
            signedLink={signedLink}
            wallet={loaderData.wallet}
          />
          <p className={`text-sm ${muted}`}>
            At a venue, the{" "}
            <Link to={href("/capture")} className="underline">
              Capture
            </Link>{" "}
            tab shows your QR code full screen.
          </p>
          <Form method="post">
            <button type="submit" name="intent" value="shared" className={primary}>
              Continue
            </button>
          </Form>
        </div>
      ) : null}

      {step === "next" ? (
        <div className="mt-8 space-y-6">
          <p className={muted}>Your card is ready. Two things make KnowWho useful from day one; both are optional.</p>
          <Form method="post" className="grid gap-4 sm:grid-cols-2">
            <input type="hidden" name="intent" value="finish" />
            <button
              type="submit"
              name="to"
              value="/connections/import"
              className="rounded-xl border border-slate-200 p-5 text-left hover:border-brand-500 dark:border-slate-800"
            >
              <span className="block font-semibold text-lg">Import your contacts</span>
              <span className={`mt-1 block text-sm ${muted}`}>
                A vCard or CSV file from your phone or address book.
              </span>
            </button>
            <button
              type="submit"
              name="to"
              value="/events/new"
              className="rounded-xl border border-slate-200 p-5 text-left hover:border-brand-500 dark:border-slate-800"
            >
              <span className="block font-semibold text-lg">Create your first event</span>
              <span className={`mt-1 block text-sm ${muted}`}>
                Plan who to meet; everyone you capture there is tagged with it.
              </span>
            </button>
            <button type="submit" name="to" value="/dashboard" className={`${secondary} sm:col-span-2`}>
              Go to my dashboard
            </button>
          </Form>
        </div>
      ) : null}
    </section>
  );
}
