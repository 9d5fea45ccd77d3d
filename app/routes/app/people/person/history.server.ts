import type { CountryCode } from "libphonenumber-js/min";
import type { AppContext } from "~/context";
import { historyText } from "~/lib/people/history";
import { givingSummary } from "~/server/fundraising/gifts.server";
import { recordConsent } from "~/server/people/edit.server";
import { personHistoryOf } from "~/server/people/read.server";
import type { IntentArgs, Section } from "./+shared/intent.server";

/** What happened with the person: consent given or withdrawn, gifts, every change. */
export async function loadHistory(app: AppContext, userId: string, id: number, country: CountryCode) {
  const [{ history, consents }, giving] = await Promise.all([
    personHistoryOf(app.db, userId, id),
    givingSummary(app.db, userId, id),
  ]);
  return {
    // Phones in history lines read like the ones above them, formatted for the owner's country.
    history: history.map((h) => ({ ...h, detail: historyText(h.detail, country) })),
    consents,
    giving,
  };
}

async function consent({ app, user, id, intent, back }: IntentArgs) {
  await recordConsent(app.db, user.workspace.id, id, intent === "consent-given");
  return back(intent === "consent-given" ? "Consent recorded" : "Withdrawal recorded");
}

export const history = { "consent-given": consent, "consent-withdrawn": consent } satisfies Section;
