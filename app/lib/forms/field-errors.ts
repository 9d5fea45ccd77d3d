import type { ZodError } from "zod";

/** Each field's first message, under its own name (or `form`), to show beside that field. */
export function fieldErrors(error: ZodError): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) errors[String(issue.path[0] ?? "form")] ??= issue.message;
  return errors;
}
