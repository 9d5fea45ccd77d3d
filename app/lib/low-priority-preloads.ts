const MODULE_PRELOAD = '<link rel="modulepreload"';

/**
 * Marks the head's script preloads `fetchpriority="low"`. The page is server-rendered and paints without
 * them, so the stylesheet and the page's text go first and hydration follows; left at their default high
 * priority, 120 KB of scripts raced the stylesheet and held the first paint (Lighthouse counted them as
 * render-blocking). They are still fetched in parallel, ahead of the module script that imports them.
 */
export function lowPriorityModulePreloads(body: ReadableStream<Uint8Array>) {
  const decoder = new TextDecoder();
  const encoder = new TextEncoder();
  // The head's bytes until "</head>" arrives; after it, chunks pass through untouched (no decode, no copy).
  let held: Uint8Array[] | null = [];
  return body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        if (held === null) {
          controller.enqueue(chunk);
          return;
        }
        held.push(chunk);
        const bytes = concat(held);
        // "</head>" is ASCII, and UTF-8 never uses ASCII bytes inside a character: the cut falls between characters.
        const end = indexOf(bytes, HEAD_END);
        if (end === -1) return;
        const head = decoder
          .decode(bytes.subarray(0, end))
          .replaceAll(MODULE_PRELOAD, `${MODULE_PRELOAD} fetchpriority="low"`);
        controller.enqueue(encoder.encode(head));
        controller.enqueue(bytes.subarray(end));
        held = null;
      },
      flush(controller) {
        if (held?.length) controller.enqueue(concat(held));
      },
    }),
  );
}

const HEAD_END = new TextEncoder().encode("</head>");

function concat(parts: Uint8Array[]): Uint8Array {
  if (parts.length === 1) return parts[0] as Uint8Array;
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  parts.splice(0, parts.length, out);
  return out;
}

function indexOf(bytes: Uint8Array, needle: Uint8Array): number {
  const first = needle[0] as number;
  for (let i = bytes.indexOf(first); i !== -1 && i <= bytes.length - needle.length; i = bytes.indexOf(first, i + 1)) {
    let j = 1;
    while (j < needle.length && bytes[i + j] === needle[j]) j++;
    if (j === needle.length) return i;
  }
  return -1;
}
