import type { ReactNode } from "react";

export const inputClass =
  "block w-full rounded-md border border-slate-300 bg-white px-3 py-2.5 text-slate-900 placeholder:text-slate-500 focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-500/30 aria-[invalid=true]:border-red-600 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100 dark:placeholder:text-slate-400";

/** A labelled control with its error message wired up for screen readers. */
export function Field({
  id,
  label,
  errors,
  hint,
  children,
}: {
  id: string;
  label: string;
  errors?: string[];
  hint?: string;
  children: ReactNode;
}) {
  return (
    <div>
      <label htmlFor={id} className="mb-1.5 block font-medium text-sm">
        {label}
      </label>
      {children}
      {hint && !errors?.length ? (
        <p id={`${id}-hint`} className="mt-1 text-slate-500 text-xs dark:text-slate-400">
          {hint}
        </p>
      ) : null}
      {errors?.length ? (
        <p id={`${id}-error`} className="mt-1 text-red-700 text-sm dark:text-red-300">
          {errors[0]}
        </p>
      ) : null}
    </div>
  );
}

export const formErrorClass = "rounded-md bg-red-50 p-3 text-red-900 text-sm dark:bg-red-950 dark:text-red-100";

/** A form's own error (conform's form.errors), announced at once; `children` follow the message (a way on). */
export function FormError({
  id,
  errors,
  className,
  children,
}: {
  id: string;
  errors?: string[];
  className?: string;
  children?: ReactNode;
}) {
  return errors?.length ? (
    <p id={id} role="alert" className={className ? `${className} ${formErrorClass}` : formErrorClass}>
      {errors[0]}
      {children}
    </p>
  ) : null;
}

/** What a sent form did, announced politely. */
export function SentNote({ className, children }: { className?: string; children: ReactNode }) {
  const look = "rounded-md bg-emerald-50 p-3 text-emerald-900 text-sm dark:bg-emerald-950 dark:text-emerald-100";
  return (
    <p role="status" className={className ? `${className} ${look}` : look}>
      {children}
    </p>
  );
}
