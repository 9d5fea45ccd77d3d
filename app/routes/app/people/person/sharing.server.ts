import { changesSharing } from "~/lib/teams/rules";
import { ownersOf } from "~/server/account/app-shell.server";
import { setShared } from "~/server/people/share.server";
import { unknownIntent } from "~/server/platform/http.server";
import type { IntentArgs, Section } from "./+shared/intent.server";

/** Said to a member who sees a person only because it is shared, and posts to change that by hand. */
const NOT_YOURS_TO_SHARE =
  "Only the person's owner, the member who met them, or the team's owners and admins change whether the team sees them";

/** Shares the person with the team or stops: a team's intent alone; a personal workspace has no one to share with. */
function share(shared: boolean) {
  return async ({ app, user, id, person, form, page, back }: IntentArgs) => {
    // A personal workspace's id is its user's: there the intent does not exist, and nothing is changed.
    if (user.workspace.id === user.id) unknownIntent();
    const allowed = changesSharing(user.workspace.role, user.id, person);
    if (!allowed || !(await setShared(app.db, ownersOf(user), id, shared)))
      throw new Response(NOT_YOURS_TO_SHARE, { status: 403, statusText: "Forbidden" });
    // The header's form posts to the layout from any section: back to that section, and only to one of this person's.
    const from = String(form.get("back") ?? "");
    const to = new RegExp(`^/connections/${id}(/(details|suggestions|follow-up|history))?$`).test(from) ? from : page;
    return back(shared ? "Shared with the team" : "No longer shared with the team", to);
  };
}

export const sharing = { share: share(true), unshare: share(false) } satisfies Section;
