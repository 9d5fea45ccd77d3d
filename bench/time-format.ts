// Formatting a time per row: a new Intl.DateTimeFormat each call against the memoised one (npx tsx bench/time-format.ts).
import { formatInZone } from "../app/lib/time/time.ts";

const d = new Date("2026-11-23T14:30:00Z");
const N = 20000;
const opts: Intl.DateTimeFormatOptions = {
  weekday: "short",
  month: "short",
  day: "numeric",
  hour: "numeric",
  minute: "2-digit",
};
let t = performance.now();
for (let i = 0; i < N; i++) new Intl.DateTimeFormat("en-US", { ...opts, timeZone: "Europe/Berlin" }).format(d);
const fresh = performance.now() - t;
t = performance.now();
for (let i = 0; i < N; i++) formatInZone(d, "Europe/Berlin");
const cached = performance.now() - t;
console.log(
  `new formatter per call: ${((fresh / N) * 1000).toFixed(1)} µs; formatInZone (memoised): ${((cached / N) * 1000).toFixed(1)} µs; ratio ${(fresh / cached).toFixed(1)}x`,
);
