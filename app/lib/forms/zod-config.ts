import { z } from "zod";

// zod compiles object parsers with `new Function`, probing for it first; our CSP forbids eval, so the
// probe only ever raises a violation report. Imported first by root.tsx and the Worker entry, before
// any schema is built (the setting is read when a schema is created).
z.config({ jitless: true });
