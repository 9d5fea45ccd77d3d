/** Every migration in order, each followed by its row in d1_migrations (the table wrangler keeps). */
export function migrationsSql(): string;
