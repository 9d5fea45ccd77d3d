import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import type { AppContext } from "~/context";
import { addressBookUrl, appPasswordFormSchema } from "~/lib/account/carddav";
import { ownersOf } from "~/server/account/app-shell.server";
import type { SessionUser } from "~/server/account/auth.server";
import { confirmFirst } from "~/server/account/confirm-first.server";
import { createAppPassword, listAppPasswords, revokeAppPassword } from "~/server/dav/app-passwords.server";
import { notFound, parseId } from "~/server/platform/http.server";
import { type Section, toastHeaders } from "./+shared/intent.server";
import type { Shown } from "./+shared/parts";

export async function loadAddressBook(app: AppContext, user: SessionUser, request: Request) {
  const origin = new URL(request.url).origin;
  const appPasswords = await listAppPasswords(app.db, ownersOf(user));
  return {
    origin,
    appPasswords: appPasswords.filter((p) => !p.revokedAt),
    dav: { email: user.email, url: addressBookUrl(origin, user.workspace.id) },
  };
}

// The address book is not a Card Pro feature: it works on every plan.
export const addressBook: Section = {
  free: new Set(["create-app-password", "revoke-app-password"]),
  confirm: new Set(["revoke-app-password"]),
  intents: {
    "create-app-password": async ({ app, request, user, form, intent }) => {
      const submission = parseWithZod(form, { schema: appPasswordFormSchema });
      if (submission.status !== "success") return data({ form: intent, reply: submission.reply() }, { status: 400 });
      // CardDAV's user name is the address: it signs in only once the address is proved.
      const refusal = await confirmFirst(app, request, user, "carddav");
      if (refusal) return data({ form: intent, reply: submission.reply({ formErrors: [refusal] }) }, { status: 403 });
      const password = await createAppPassword(app.db, ownersOf(user), submission.value.name);
      if (!password)
        return data(
          {
            form: intent,
            reply: submission.reply({ fieldErrors: { name: ["Revoke an app password before making another"] } }),
          },
          { status: 400 },
        );
      const shown: Shown = { kind: "app-password", value: password };
      return data(
        { form: intent, reply: submission.reply({ resetForm: true }), shown },
        { headers: await toastHeaders("App password created") },
      );
    },
    "revoke-app-password": async ({ app, user, form, done }) => {
      if (!(await revokeAppPassword(app.db, ownersOf(user), parseId(form.get("id"))))) notFound();
      return done("App password revoked");
    },
  },
};
