import { details } from "../details.server";
import { followUp } from "../follow-up.server";
import { history } from "../history.server";
import { suggestions } from "../suggestions.server";

/** Every section's intents, for the page that shows them all. */
export const allSections = [details, suggestions, followUp, history];
