import { redirect } from "react-router";
import type { AppContext } from "~/context";
import { publicOrgEvent } from "~/server/organiser-events/events.server";
import { notFound } from "~/server/platform/http.server";

/**
 * /events/{word} is no owner's event (theirs are numbered): a published organiser event's slug moves to
 * its own page, anything else is not found, for anyone, signed in or not.
 */
export async function answerEventWord(app: AppContext, word: string): Promise<never> {
  const published = await publicOrgEvent(app.db, word);
  if (published) throw redirect(`/e/${published.slug}`, 301);
  notFound();
}

/** The word of an /events/{word} address that is not a number and not the new-event form, if that is the path. */
export function eventWordOf(request: Request): string | null {
  const match = /^\/events\/([^/]+?)(?:\.data)?$/.exec(new URL(request.url).pathname);
  const word = match?.[1];
  return word && !/^\d+$/.test(word) && word !== "new" ? word : null;
}
