import { getFormProps, getInputProps, getTextareaProps, useForm } from "@conform-to/react";
import { Form, useNavigation } from "react-router";
import { Field, FormError, inputClass, SentNote } from "~/components/ui/field";
import { appContext } from "~/context";
import { LOCALE_NAME, negotiateLocale } from "~/lib/i18n/locales";
import { translator, withCatalog } from "~/lib/i18n/translate";
import { localizedPage } from "~/lib/platform/page-handle";
import { pageMeta } from "~/lib/site";
import { handleSuggestion, suggestedPage } from "~/server/site/translation-suggestion.server";
import type { Route } from "./+types/translate";

// Served as HTML with /site.js, not React, in the language the visitor is correcting.
export const handle = localizedPage;

export const meta: Route.MetaFunction = ({ loaderData }) => [
  ...pageMeta(translator(loaderData?.locale ?? "en")("site.suggest.title")),
  { name: "robots", content: "noindex" },
];

export function loader({ request }: Route.LoaderArgs) {
  const page = suggestedPage(new URL(request.url).searchParams.get("page"));
  return { locale: negotiateLocale(request).locale, page };
}

/** A client navigation here renders in the page's language: its catalog is loaded first (decision 0270). */
export const clientLoader = (args: Route.ClientLoaderArgs) => withCatalog(args);

export async function action({ request, context }: Route.ActionArgs) {
  return handleSuggestion(context.get(appContext), request, negotiateLocale(request).locale);
}

export default function SuggestTranslation({ loaderData, actionData }: Route.ComponentProps) {
  const { locale, page } = loaderData;
  const t = translator(locale);
  const navigation = useNavigation();
  const [form, fields] = useForm<{ page: string; text: string; email: string }>({
    id: "suggest-translation",
    lastResult: navigation.state === "idle" ? actionData?.result : undefined,
  });
  return (
    <section className="mx-auto max-w-xl px-4 py-12 sm:py-16">
      <h1 className="font-bold text-3xl tracking-tight">{t("site.suggest.title")}</h1>
      <p className="mt-2 text-slate-600 dark:text-slate-300">
        {t("site.suggest.intro", { language: LOCALE_NAME[locale] })}
      </p>
      {actionData?.sent ? <SentNote className="mt-6">{t("site.suggest.sent")}</SentNote> : null}
      <Form method="post" className="mt-8 space-y-5" {...getFormProps(form)}>
        <FormError id={form.errorId} errors={form.errors} />
        <input type="hidden" name="page" value={page} />
        <p className="text-slate-600 text-sm dark:text-slate-300">
          {t("site.suggest.page")}:{" "}
          <a href={page} dir="ltr" className="font-mono underline">
            {page}
          </a>
        </p>
        <Field id={fields.text.id} label={t("site.suggest.text")} errors={fields.text.errors}>
          <textarea {...getTextareaProps(fields.text)} rows={6} maxLength={2000} dir="auto" className={inputClass} />
        </Field>
        <Field id={fields.email.id} label={t("site.suggest.email")} errors={fields.email.errors}>
          <input {...getInputProps(fields.email, { type: "email" })} autoComplete="email" className={inputClass} />
        </Field>
        <button
          type="submit"
          className="w-full rounded-md bg-brand-600 px-4 py-3 font-semibold text-white hover:bg-brand-700 disabled:opacity-60"
        >
          {t("site.suggest.submit")}
        </button>
      </Form>
    </section>
  );
}
