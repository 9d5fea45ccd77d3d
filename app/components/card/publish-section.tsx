import { sectionClass } from "~/components/card/list-fields";
import { Field, inputClass } from "~/components/ui/field";
import type { missingForPublish } from "~/lib/card/card";

/** The editor's publish box: what the card still needs, its link, and the button that saves and publishes. */
export function CardPublishSection({
  published,
  hasSlug,
  missing,
  publishError,
  origin,
  slugError,
  slugValue,
  onSlugChange,
  busy,
  dirty,
}: {
  published: boolean;
  hasSlug: boolean;
  missing: ReturnType<typeof missingForPublish>;
  publishError: string | undefined;
  origin: string;
  slugError: string | undefined;
  slugValue: string;
  onSlugChange: (value: string) => void;
  busy: boolean;
  dirty: boolean;
}) {
  return (
    <section className={sectionClass} aria-labelledby="publish-title">
      <h2 id="publish-title" className="font-semibold text-lg">
        {published ? "Published" : "Publish"}
      </h2>
      {missing.items.length ? (
        <div className="mt-2 text-sm" id="publish-missing">
          <p
            className={
              missing.blocking ? "font-medium text-red-700 dark:text-red-300" : "text-slate-600 dark:text-slate-300"
            }
          >
            {missing.blocking ? "Before you publish, add:" : "Your card would be stronger with:"}
          </p>
          <ul className="mt-1 list-disc pl-5 text-slate-700 dark:text-slate-300">
            {missing.items.map((item) => (
              <li key={item}>{item}</li>
            ))}
          </ul>
        </div>
      ) : null}
      {publishError ? (
        <p className="mt-2 font-medium text-red-700 text-sm dark:text-red-300" role="alert">
          {publishError}
        </p>
      ) : null}
      <div className="mt-3 flex flex-wrap items-end gap-3">
        <div className="min-w-0 flex-1">
          <Field
            id="slug"
            label={`Your link: ${origin}/c/…`}
            errors={slugError ? [slugError] : undefined}
            hint={
              hasSlug ? "Lowercase letters, digits and hyphens." : "Suggested from your name; change it if you like."
            }
          >
            <input
              id="slug"
              name="slug"
              value={slugValue}
              onChange={(e) => onSlugChange(e.target.value)}
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
          name="intent"
          value="publish"
          disabled={busy}
          className="rounded-md bg-emerald-700 px-4 py-2.5 font-semibold text-white hover:bg-emerald-800 disabled:opacity-60"
        >
          {dirty ? (published ? "Save and update link" : "Save and publish") : published ? "Update link" : "Publish"}
        </button>
      </div>
    </section>
  );
}
