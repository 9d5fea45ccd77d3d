import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import type { AppContext } from "~/context";
import { tokenFormSchema } from "~/lib/integrations/rules";
import { ownersOf } from "~/server/account/app-shell.server";
import type { Owners } from "~/server/db/db.server";
import { createApiToken, listApiTokens, revokeApiToken } from "~/server/integrations/api-tokens.server";
import { notFound, parseId } from "~/server/platform/http.server";
import { type Section, toastHeaders } from "./+shared/intent.server";
import type { Shown } from "./+shared/parts";

export async function loadApiTokens(app: AppContext, owners: Owners) {
  return { tokens: await listApiTokens(app.db, owners) };
}

export const apiTokens: Section = {
  free: new Set(["revoke-token"]),
  confirm: new Set(["revoke-token"]),
  intents: {
    "create-token": async ({ app, user, form, intent }) => {
      const submission = parseWithZod(form, { schema: tokenFormSchema });
      if (submission.status !== "success") return data({ form: intent, reply: submission.reply() }, { status: 400 });
      const token = await createApiToken(app.db, ownersOf(user), submission.value.name, submission.value.scope);
      const shown: Shown = { kind: "token", value: token };
      return data(
        { form: intent, reply: submission.reply({ resetForm: true }), shown },
        { headers: await toastHeaders("API token created") },
      );
    },
    "revoke-token": async ({ app, user, form, done }) => {
      if (!(await revokeApiToken(app.db, ownersOf(user), parseId(form.get("id"))))) notFound();
      return done("Token revoked");
    },
  },
};
