import { parseWithZod } from "@conform-to/zod/v4";
import { data, href } from "react-router";
import { isConfirmed } from "~/lib/forms/confirm";
import { connectionFormSchema } from "~/lib/people/connection-form";
import { addContactPoint, deletePerson, removeContactPoint, updatePerson } from "~/server/people/edit.server";
import { parseId } from "~/server/platform/http.server";
import type { IntentArgs, Section } from "./+shared/intent.server";

const fail = (message: string) => data({ pointError: message }, { status: 400 });

/** The person's details and contact points: edit, add, remove, delete. */
export const details = {
  async save({ app, user, id, form, back }: IntentArgs) {
    const submission = parseWithZod(form, { schema: connectionFormSchema });
    if (submission.status !== "success") return data({ reply: submission.reply() }, { status: 400 });
    // Edits go through the people core: the phone in E.164, so the same person is still found by it.
    const saved = await updatePerson(app.db, user.workspace.id, id, submission.value, app);
    if (saved && !saved.ok)
      return data({ reply: submission.reply({ fieldErrors: { [saved.field]: [saved.message] } }) }, { status: 400 });
    return back("Connection saved");
  },
  async "add-point"({ app, user, id, form, back }: IntentArgs) {
    const kind = String(form.get("kind"));
    if (!["email", "phone", "website", "linkedin"].includes(kind)) return fail("Choose what to add");
    const added = await addContactPoint(
      app.db,
      user.workspace.id,
      id,
      {
        kind: kind as "email",
        label: String(form.get("label") ?? "other"),
        value: String(form.get("value") ?? "").slice(0, 300),
      },
      app,
    );
    if (added && !added.ok) return fail(added.message);
    return back("Added");
  },
  async "remove-point"({ app, user, id, form, back }: IntentArgs) {
    await removeContactPoint(app.db, user.workspace.id, id, parseId(form.get("pointId")), app);
    return back("Removed");
  },
  async delete({ app, user, id, form, back }: IntentArgs) {
    // Their history and notes go with them: asked once more first, on the page (no script needed).
    if (!isConfirmed(form)) return data({ confirm: "delete" as const });
    await deletePerson(app.env.CACHE, app.db, user.workspace.id, id);
    return back("Connection deleted", href("/connections"));
  },
} satisfies Section;
