// The vCard reader and the content-line folder at 1x and 4x their input, in CPU time: a ratio near 4 is
// linear, near 16 quadratic (the speed half of tests/unit/vcard-interop.test.ts and fold-cost.test.ts, which
// keep the results; a test may not assert a time). npx tsx bench/linear-readers.ts

import { readVCardFile } from "../app/lib/formats/vcard-read.ts";
import { foldLine } from "../app/lib/text/content-line.ts";

const cpu = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};
const median = (xs: number[]) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
function timed(run: () => void, rounds = 5) {
  const runs: number[] = [];
  for (let k = 0; k < rounds; k++) {
    const started = cpu();
    run();
    runs.push(cpu() - started);
  }
  return median(runs);
}

/** A vCard 2.1 file of about `bytes` of quoted-printable cards, ending with one card whose note is bytes/2. */
function qpFile(bytes: number) {
  const card = (i: number) =>
    [
      "BEGIN:VCARD",
      "VERSION:2.1",
      `N;CHARSET=UTF-8;ENCODING=QUOTED-PRINTABLE:M=C3=BCller${i};J=C3=BCrgen`,
      `NOTE;CHARSET=UTF-8;ENCODING=QUOTED-PRINTABLE:${"Gr=C3=BC=C3=9Fe aus Z=C3=BCrich, =\r\n".repeat(8)}end`,
      "END:VCARD",
    ].join("\r\n");
  const cards: string[] = [];
  for (let i = 0, size = 0; size < bytes; i++) {
    cards.push(card(i));
    size += (cards.at(-1)?.length ?? 0) + 2;
  }
  const huge = `BEGIN:VCARD\r\nVERSION:2.1\r\nFN:Huge\r\nNOTE;ENCODING=QUOTED-PRINTABLE:${"=41=42=43=44=\r\n".repeat(Math.round(bytes / 28))}\r\nEND:VCARD`;
  return new TextEncoder().encode(`${cards.join("\r\n")}\r\n${huge}\r\n`);
}

const notes = (n: number) =>
  Array.from(
    { length: n },
    (_, i) => `NOTE:Person ${i} met at the gala, café talk about 日本 and grants 🎉 ${"x".repeat(i % 120)}`,
  );

const line = (what: string, one: number, four: number) =>
  console.log(
    `${what}: ${one.toFixed(1)} ms CPU, 4x the input ${four.toFixed(1)} ms (ratio ${(four / one).toFixed(1)}; 4 is linear)`,
  );

const small = qpFile(210_000);
const large = qpFile(840_000);
line(
  "vCard reader, 210 KB quoted-printable",
  timed(() => readVCardFile(small)),
  timed(() => readVCardFile(large)),
);
const few = notes(5_000);
const many = notes(20_000);
line(
  "content-line folding, 5,000 notes",
  timed(() => {
    for (const l of few) foldLine(l);
  }),
  timed(() => {
    for (const l of many) foldLine(l);
  }),
);
