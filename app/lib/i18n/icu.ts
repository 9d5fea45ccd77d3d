import { IntlMessageFormat } from "intl-messageformat";
import type { Locale } from "./locales";

export type MessageValues = Record<string, string | number>;

/** Parsed messages, once per isolate: parsing is the costly part, formatting is cheap. */
const compiled = new Map<string, IntlMessageFormat>();

/** One ICU message in one language; throws when the message does not parse or a value is missing. */
export function format(locale: Locale, source: string, values: MessageValues | undefined): string {
  const id = `${locale}\u0000${source}`;
  let message = compiled.get(id);
  if (!message) {
    message = new IntlMessageFormat(source, locale, undefined, { ignoreTag: true });
    compiled.set(id, message);
  }
  return String(message.format(values));
}
