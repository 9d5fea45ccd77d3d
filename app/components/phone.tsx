import { useRouteLoaderData } from "react-router";
import { formatPhone } from "~/lib/forms/phone";

/** The owner's country from the signed-in layout (US outside it), for showing phones; a component names no route module. */
export function useOwnerCountry(): string {
  return useRouteLoaderData<{ country?: string }>("routes/app/_layout")?.country ?? "US";
}

/** A stored phone number, formatted for the owner's country (see formatPhone). */
export function Phone({ value }: { value: string | null | undefined }) {
  return <>{formatPhone(value, useOwnerCountry())}</>;
}
