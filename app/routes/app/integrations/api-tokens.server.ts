import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import type { AppContext } from "~/context";
import { tokenFormSchema } from "~/lib/integrations/rules";
import { createApiToken, listApiTokens, revokeApiToken } from "~/server/integrations/api-tokens.server";
import { notFound, parseId } from "~/server/platform/http.server";
import { type Section, toastHeaders } from "./+shared/intent.server";
import type { Shown } from "./+shared/parts";

export async function loadApiTokens(app: AppContext, userId: string) {
  return { tokens: await listApiTokens(app.db, userId) };
}

export const apiTokens: Section = {
  free: new Set(["revoke-token"]),
  intents: {
    "create-token": async ({ app, user, form, intent }) => {
      const submission = parseWithZod(form, { schema: tokenFormSchema });
      if (submission.status !== "success") return data({ form: intent, reply: submission.reply() }, { status: 400 });
      const token = await createApiToken(app.db, user.workspace.id, submission.value.name, submission.value.scope);
      const shown: Shown = { kind: "token", value: token };
      return data(
        { form: intent, reply: submission.reply({ resetForm: true }), shown },
        { headers: await toastHeaders("API token created") },
      );
    },
    "revoke-token": async ({ app, user, form, done }) => {
      if (!(await revokeApiToken(app.db, user.workspace.id, parseId(form.get("id"))))) notFound();
      return done("Token revoked");
    },
  },
};
