import { data } from "react-router";
import type { AppContext } from "~/context";
import { suggestFromEmail } from "~/lib/people/enrich";
import { hasFeature, requireFeature } from "~/server/billing/plans.server";
import type { Owners } from "~/server/db/db.server";
import { editableFields, updatePerson } from "~/server/people/edit.server";
import { MERGE_CONFLICT_MESSAGE, undoableMerges, undoMerge } from "~/server/people/merge.server";
import { possibleDuplicatesOf } from "~/server/people/read.server";
import {
  acceptSuggestion,
  dismissSuggestion,
  SUGGESTED_FIELD_LABEL,
  suggestionsFor,
} from "~/server/people/suggestions.server";
import { parseId } from "~/server/platform/http.server";
import type { IntentArgs, Person, Section } from "./+shared/intent.server";

/** What might change this person: details they gave again, guesses from their email, merges and duplicates. */
export async function loadSuggestions(app: AppContext, viewer: Owners, person: Person) {
  const userId = viewer.workspaceId;
  const [duplicates, merges, enrich, offered] = await Promise.all([
    possibleDuplicatesOf(app.db, viewer, person),
    undoableMerges(app.db, userId, person.id),
    hasFeature(app.db, userId, "enrichment"),
    suggestionsFor(app.db, userId, person.id),
  ]);
  // A company and website read off a work email are guesses: shown as a suggestion the owner accepts.
  const guess = suggestFromEmail(person.email);
  const missing = Boolean(guess && (!person.company || !person.website));
  const suggestion =
    enrich && guess && missing
      ? { company: person.company ? null : guess.company, website: person.website ? null : guess.website }
      : null;
  return {
    duplicates,
    merges,
    suggestion,
    // What they gave again that differs from what the owner has: theirs to accept or dismiss.
    offered: offered.map((o) => ({
      id: o.id,
      field: o.field,
      label: SUGGESTED_FIELD_LABEL[o.field],
      value: o.value,
      detail: o.detail,
    })),
    // On Basic, where Card Pro would suggest something, the page says so instead.
    enrichmentLocked: !enrich && missing,
  };
}

async function offered({ app, user, id, form, intent, back }: IntentArgs) {
  const suggestionId = parseId(form.get("suggestionId"));
  const done =
    intent === "accept-offered"
      ? await acceptSuggestion(app.db, user.workspace.id, id, suggestionId, app)
      : await dismissSuggestion(app.db, user.workspace.id, id, suggestionId);
  if (!done) return data({ pointError: "That suggestion is no longer there" }, { status: 404 });
  return back(intent === "accept-offered" ? "Suggestion accepted" : "Suggestion dismissed");
}

export const suggestions = {
  "accept-offered": offered,
  "dismiss-offered": offered,
  async "accept-suggestion"({ app, user, id, person, back }: IntentArgs) {
    await requireFeature(app.db, user.workspace.id, "enrichment");
    const guess = suggestFromEmail(person.email);
    if (guess)
      await updatePerson(
        app.db,
        user.workspace.id,
        id,
        {
          ...editableFields(person),
          company: person.company || guess.company,
          website: person.website || guess.website,
        },
        app,
      );
    return back("Suggestion accepted");
  },
  async "undo-merge"({ app, user, id, form, back }: IntentArgs) {
    const undone = await undoMerge(app.db, user.workspace.id, parseId(form.get("mergeId")), app, id);
    if (undone && "conflict" in undone) return data({ mergeError: MERGE_CONFLICT_MESSAGE }, { status: 409 });
    return back(undone ? "Merge undone" : "That merge cannot be undone");
  },
} satisfies Section;
