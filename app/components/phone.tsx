import { useRouteLoaderData } from "react-router";
import { formatPhone } from "~/lib/forms/phone";
import type { loader as appLayoutLoader } from "~/routes/app/_layout";

/** The owner's country from the signed-in layout (US outside it), for showing phones. */
export function useOwnerCountry(): string {
  return useRouteLoaderData<typeof appLayoutLoader>("routes/app/_layout")?.country ?? "US";
}

/** A stored phone number, formatted for the owner's country (see formatPhone). */
export function Phone({ value }: { value: string | null | undefined }) {
  return <>{formatPhone(value, useOwnerCountry())}</>;
}
