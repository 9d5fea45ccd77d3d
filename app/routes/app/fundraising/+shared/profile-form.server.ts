import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import type { z } from "zod";
import { redirectWithToast } from "~/server/platform/toast.server";

/**
 * The action of a page that is one saved form: the form read with its schema (a 400 with the reply, fields
 * kept, when it fails), then saved, and the page again with a toast.
 */
export async function saveProfileForm<Schema extends z.ZodType>(
  request: Request,
  schema: Schema,
  save: (value: z.output<Schema>) => Promise<unknown>,
  back: { to: string; title: string },
) {
  const submission = parseWithZod(await request.formData(), { schema });
  if (submission.status !== "success") return data({ reply: submission.reply() }, { status: 400 });
  await save(submission.value);
  return redirectWithToast(back.to, { type: "success", title: back.title });
}
