/** A constant map's entry for a key from outside: only its own keys, never Object's ("constructor", "__proto__"). */
export function own<V>(map: Readonly<Record<string, V>>, key: string | undefined | null): V | undefined {
  return key != null && Object.hasOwn(map, key) ? map[key] : undefined;
}

/** Whether a key from outside is one of the map's own, narrowing it to the map's keys. */
export function isOwnKey<M extends object>(map: M, key: PropertyKey): key is keyof M {
  return Object.hasOwn(map, key);
}
