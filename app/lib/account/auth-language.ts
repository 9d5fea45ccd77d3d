import { type MessageKey, type MessageValues, type Translate, translator } from "../i18n/translate";

/**
 * The shared field rules speak English (the specification's words); a visitor reading another language
 * gets each of the listed messages in theirs. Any other message stays as it was.
 */
export function inLanguage<R extends { error?: Record<string, string[] | null> }>(
  result: R,
  t: Translate,
  keys: readonly MessageKey[],
  values?: MessageValues,
): R {
  if (!result.error) return result;
  const en = translator("en");
  const byEnglish = new Map(keys.map((key) => [en(key, values), t(key, values)]));
  const error = Object.fromEntries(
    Object.entries(result.error).map(([name, list]) => [name, list?.map((m) => byEnglish.get(m) ?? m) ?? null]),
  );
  return { ...result, error };
}
