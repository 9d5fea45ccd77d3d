import { href, redirect } from "react-router";
import { appContext } from "~/context";
import { carryCookies } from "~/lib/platform/carry-cookies";
import { CLEAR_SITE_DATA, createAuth } from "~/server/account/auth.server";
import { redirectWithToast } from "~/server/platform/toast.server";
import type { Route } from "./+types/sign-out";

export async function action({ request, context }: Route.ActionArgs) {
  const response = await createAuth(context.get(appContext), request).api.signOut({
    headers: request.headers,
    asResponse: true,
  });
  const headers = carryCookies(response);
  headers.set("Clear-Site-Data", CLEAR_SITE_DATA);
  return redirectWithToast(href("/"), { type: "success", title: "Signed out" }, { headers });
}

export function loader() {
  return redirect(href("/"));
}
