/**
 * The public event pages' field messages in the visitor's language: the schemas keep the specification's
 * English wording, and a refused form's messages are read in the page's language here (decision 0243).
 */
import { MESSAGES } from "../forms/fields";
import type { MessageKey, Translate } from "../i18n/translate";
import { REG_MESSAGES } from "./registration-questions";
import { JOIN_MESSAGES } from "./rules";

const BY_ENGLISH = new Map<string, MessageKey>([
  [JOIN_MESSAGES.email, "event.error.email"],
  [MESSAGES.personName, "event.error.name"],
  ["Name must be at most 100 characters", "event.error.nameLength"],
  ["Choose who can see you", "event.error.visibility"],
  [REG_MESSAGES.required, "event.error.answer"],
  [REG_MESSAGES.option, "event.error.option"],
  [REG_MESSAGES.yesno, "event.error.yesno"],
]);

const LENGTH = /^Must be at most (\d{1,6}) characters$/;

/** One field's message in `t`'s language; a message this does not know stays as the schema wrote it. */
function fieldMessage(t: Translate, english: string): string {
  const key = BY_ENGLISH.get(english);
  if (key) return t(key);
  const max = LENGTH.exec(english)?.[1];
  return max ? t("event.error.length", { max: Number(max) }) : english;
}

export const localFieldMessages = (t: Translate, errors: Record<string, string>) =>
  Object.fromEntries(Object.entries(errors).map(([field, message]) => [field, fieldMessage(t, message)]));

/** Why joining is refused, by reason, in the visitor's language. */
export const JOIN_REFUSAL_KEY = {
  closed: "event.error.closed",
  past: "event.error.past",
  full: "event.error.full",
  tooMany: "event.error.tooMany",
} as const satisfies Record<Exclude<keyof typeof JOIN_MESSAGES, "email">, MessageKey>;
