import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import type { AppContext } from "~/context";
import { supportSchema } from "~/lib/forms/support";
import { outboxMailer } from "../platform/mail.server";
import { allow, clientKey } from "../platform/rate-limit.server";
import { submitHelpRequest } from "./help.server";

/** Shared action for /help and /contact: 400 with field errors, 429 when rate-limited, else stored and mailed. */
export async function handleSupportForm(app: AppContext, request: Request, source: "help" | "contact") {
  const formData = await request.formData();
  const submission = parseWithZod(formData, { schema: supportSchema });
  if (submission.status !== "success") return data({ result: submission.reply(), sent: false }, { status: 400 });
  if (!(await allow(app.env, "forms", `support:${clientKey(request)}`))) {
    return data(
      {
        result: submission.reply({ formErrors: ["Too many messages. Please wait a minute and try again."] }),
        sent: false,
      },
      { status: 429 },
    );
  }
  await submitHelpRequest(app.db, outboxMailer(app.db), { ...submission.value, source });
  return { result: submission.reply({ resetForm: true }), sent: true };
}
