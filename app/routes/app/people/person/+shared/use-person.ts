import { useRouteLoaderData } from "react-router";
import type { loader } from "../_layout";

/** The layout's person and the owner's zone and country, for the section pages below it. */
export function usePerson() {
  const data = useRouteLoaderData<typeof loader>("routes/app/people/person/_layout");
  if (!data) throw new Error("A person's section rendered outside its layout");
  return data;
}
