import { addressBook } from "../address-book.server";
import { apiTokens } from "../api-tokens.server";
import { hubspot } from "../hubspot.server";
import { krystal } from "../krystal.server";
import { webhooks } from "../webhooks.server";

/** Every section's intents, for the page that shows them all. */
export const allSections = [webhooks, hubspot, krystal, apiTokens, addressBook];
