import { appContext } from "~/context";
import { notFound } from "~/server/platform/http.server";
import type { Route } from "./+types/error";

/**
 * Development only (production answers 404): answers the status in the address, so the error page of
 * every status can be seen in both layouts; 500 is a thrown exception, as a real fault would be.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  if (context.get(appContext).env.APP_ENV === "production") notFound();
  const status = Number(params.status);
  if (status === 500) throw new Error("A fault raised on purpose by /dev/error");
  if (!Number.isInteger(status) || status < 400 || status > 499) notFound();
  throw new Response(null, { status });
}

export default function DevError() {
  return null;
}
