/** The field a confirmation step adds: an action that cannot be undone runs only with it, on the second tap. */
export const CONFIRMED_FIELD = "confirmed";

export const isConfirmed = (form: FormData | Record<string, unknown> | null | undefined) =>
  (form instanceof FormData ? form.get(CONFIRMED_FIELD) : form?.[CONFIRMED_FIELD]) === "yes";
