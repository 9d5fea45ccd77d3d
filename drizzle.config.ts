import { defineConfig } from "drizzle-kit";

// Generates the SQL in migrations/; wrangler applies it everywhere (dev, tests, production).
export default defineConfig({
  dialect: "sqlite",
  schema: "./database/schema.ts",
  out: "./migrations",
});
