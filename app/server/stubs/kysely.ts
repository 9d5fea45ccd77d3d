/**
 * Stands in for kysely in the Worker build. better-auth's migration tool imports its `sql` tag, which
 * pulls in the whole query builder; migrations here are SQL files applied by wrangler, so the tool never
 * runs in the Worker.
 */
export const sql = (): never => {
  throw new Error("Kysely is not part of this build; migrations are applied by wrangler");
};
