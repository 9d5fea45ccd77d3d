import { describe, expect, it } from "vitest";
import { createDb } from "~/server/db/db.server";

describe("the per-request database handle", () => {
  it("is built without the schema's relations, which drizzle would walk on every request", () => {
    const db = createDb({} as D1Database);
    expect(db._.schema).toBeUndefined();
    expect(db._.fullSchema).toEqual({});
  });
});
