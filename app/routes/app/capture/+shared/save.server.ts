import { parseWithZod } from "@conform-to/zod/v4";
import { data, type RouterContextProvider } from "react-router";
import { appContext } from "~/context";
import { captureSchema } from "~/lib/capture/capture";
import { getUser } from "~/server/account/user.server";
import { saveCapture } from "~/server/people/capture.server";
import { redirectWithToast } from "~/server/platform/toast.server";
import { savedMessage } from "./draft";

/**
 * The capture form posted without JavaScript (with it, captures go to /api/capture so they can queue
 * offline): saved, then back to the page it came from, or the field messages with what was typed.
 */
export async function saveFromForm({
  request,
  context,
}: {
  request: Request;
  context: Readonly<RouterContextProvider>;
}) {
  const app = context.get(appContext);
  const user = getUser(context);
  const submission = parseWithZod(await request.formData(), { schema: captureSchema });
  if (submission.status !== "success") return data({ reply: submission.reply() }, { status: 400 });
  const saved = await saveCapture(app.db, user.workspace.id, submission.value, app, { metBy: user.id });
  // React Router's `.data` suffix is not part of the page's address.
  const page = new URL(request.url).pathname.replace(/\.data$/, "");
  return redirectWithToast(page, { type: "success", ...savedMessage(submission.value, saved) });
}
