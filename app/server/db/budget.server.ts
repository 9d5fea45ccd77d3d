/** D1 binds at most 100 parameters in one statement. */
export const D1_MAX_PARAMS = 100;

/** Ids in one `inArray` list: the budget less room for the few other parameters a statement binds (owner, flags). */
export const IDS_PER_STATEMENT = D1_MAX_PARAMS - 10;

/** A list cut into parts of at most `size`, by default as many ids as one statement may bind. */
export function chunk<T>(list: readonly T[], size: number = IDS_PER_STATEMENT): T[][] {
  if (!Number.isSafeInteger(size) || size < 1) throw new RangeError(`chunk size ${size}`);
  const out: T[][] = [];
  for (let i = 0; i < list.length; i += size) out.push(list.slice(i, i + size));
  return out;
}
