import { vi } from "vitest";

/**
 * A poll's limit is a hang guard, never a speed test (docs/decisions/0174): `vi.waitFor` gives up after 1 s
 * unless told otherwise, and on a machine whose cores are busy a store after the response takes longer.
 * Every poll in the Worker tests waits at least 30 s (its test's own limit is 60 s); `expect.poll` is set
 * in the config.
 */
const waitFor = vi.waitFor;
vi.waitFor = ((callback: Parameters<typeof waitFor>[0], options?: Parameters<typeof waitFor>[1]) => {
  const given = typeof options === "number" ? { timeout: options } : (options ?? {});
  return waitFor(callback, { ...given, timeout: Math.max(given.timeout ?? 0, 30_000) });
}) as typeof waitFor;
