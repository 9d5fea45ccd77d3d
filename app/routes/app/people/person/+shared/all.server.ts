import { details } from "../details.server";
import { followUp } from "../follow-up.server";
import { history } from "../history.server";
import { sharing } from "../sharing.server";
import { suggestions } from "../suggestions.server";

/** Every section's intents, for the page that shows them all; sharing is the header's, on every section's page. */
export const allSections = [details, suggestions, followUp, history, sharing];
