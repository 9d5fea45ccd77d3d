import { data, href, redirect } from "react-router";
import { safeRedirect } from "~/lib/platform/safe-redirect";
import { parseTheme, themeCookie } from "~/lib/platform/theme";
import type { Route } from "./+types/theme";

export async function action({ request }: Route.ActionArgs) {
  const form = await request.formData();
  const headers = { "Set-Cookie": themeCookie(parseTheme(form.get("theme"))) };
  // Without JavaScript the form navigates here; send the person back to the page they were on.
  if (request.headers.get("accept")?.includes("text/html")) {
    const referer = request.headers.get("referer");
    const back = referer && URL.canParse(referer) ? new URL(referer).pathname : "/";
    return redirect(safeRedirect(back, href("/")), { headers });
  }
  return data({ ok: true }, { headers });
}

export function loader() {
  return redirect(href("/"));
}
