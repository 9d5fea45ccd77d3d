import { type DefaultValue, type SubmissionResult, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { ReactNode } from "react";
import { href, Link, useNavigation } from "react-router";
import type { z } from "zod";

/**
 * The frame of a fundraising page that is one saved form (the organisation profile, the thank-you message):
 * the way back to the campaigns, the title, what it is for, then the form and its preview.
 */
export function ProfilePage({ title, intro, children }: { title: string; intro: ReactNode; children: ReactNode }) {
  return (
    <section className="mx-auto max-w-3xl px-4 py-8 sm:px-6">
      <Link to={href("/campaigns")} className="text-brand-700 text-sm underline dark:text-brand-200">
        ← Your campaigns
      </Link>
      <h1 className="mt-2 font-bold text-3xl tracking-tight">{title}</h1>
      <p className="mt-2 text-slate-600 dark:text-slate-300">{intro}</p>
      {children}
    </section>
  );
}

export const profileFormClass = "mt-6 space-y-4 rounded-xl border border-slate-200 p-5 dark:border-slate-800";
export const saveButtonClass = "rounded-md bg-brand-600 px-4 py-2.5 font-semibold text-sm text-white";

/** The page's one form: checked on blur with the action's own schema, keeping the server's answer after a save. */
export function useProfileForm<Schema extends z.ZodType<unknown, Record<string, unknown>>>(
  id: string,
  schema: Schema,
  defaultValue: DefaultValue<z.input<Schema>>,
  reply: SubmissionResult<string[]> | undefined,
) {
  const idle = useNavigation().state === "idle";
  return useForm<z.input<Schema>, z.output<Schema>>({
    id,
    lastResult: idle ? reply : undefined,
    defaultValue,
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
    shouldValidate: "onBlur",
  });
}
