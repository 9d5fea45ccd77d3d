import { DOMParser, type Element } from "@xmldom/xmldom";

/**
 * WebDAV request bodies are parsed by @xmldom/xmldom (namespace aware, pure JavaScript, no entities
 * from outside); anything that is not well-formed, or that declares a DOCTYPE, is refused before a
 * handler sees it (docs/decisions/0064). Loaded on first use, so it costs nothing at Worker start.
 */

export class BadXml extends Error {}

/** The body's root element, or null for an empty body; BadXml for anything not well-formed. */
export function parseXml(body: string): Element | null {
  const text = body.replace(/^\uFEFF/, "").trim();
  if (!text) return null;
  // No DOCTYPE: nothing a DAV client sends needs one, and it is how entity bombs arrive.
  if (/<!DOCTYPE/i.test(text)) throw new BadXml("DOCTYPE not allowed");
  let root: Element | null = null;
  try {
    const doc = new DOMParser({
      onError: (level, message) => {
        if (level !== "warning") throw new BadXml(message);
      },
    }).parseFromString(text, "application/xml");
    root = doc.documentElement;
  } catch (error) {
    throw error instanceof BadXml ? error : new BadXml(String((error as Error)?.message ?? error));
  }
  if (!root) throw new BadXml("No root element");
  return root;
}
