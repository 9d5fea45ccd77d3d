import type { RouterContextProvider } from "react-router";

const reads = new WeakMap<object, Map<string, Promise<unknown>>>();

/**
 * One read per request of what a layout's loader and its child's loader both need: React Router runs them side
 * by side on one context, so the second asks for the promise the first started. For loaders only: an action
 * writes before the loaders run, and must not leave them a read from before its write.
 */
export function oncePerRequest<T>(
  context: Readonly<RouterContextProvider>,
  key: string,
  read: () => Promise<T>,
): Promise<T> {
  let request = reads.get(context);
  if (!request) {
    request = new Map();
    reads.set(context, request);
  }
  let found = request.get(key) as Promise<T> | undefined;
  if (!found) {
    found = read();
    request.set(key, found);
  }
  return found;
}
