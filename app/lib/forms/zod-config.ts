import { z } from "zod";

// zod compiles object parsers with `new Function`, probing for it first; our CSP forbids eval, so the
// probe only ever raises a violation report. Imported first by the environment's check (env.server.ts), which
// the Worker loads before any other module that builds a schema (the setting is read when a schema is created);
// in the browser it travels in zod's own chunk (vite.config.ts), which runs it before any chunk that imports
// zod builds a schema; lib/forms/newsletter.ts keeps it in the build.
z.config({ jitless: true });
