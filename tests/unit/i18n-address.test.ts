import { describe, expect, it } from "vitest";
import { OTHER_CATALOGS } from "~/lib/i18n/catalog/all";
import { MARKETING_CATALOGS } from "~/lib/i18n/marketing-words";
import { PAGE_CATALOGS } from "~/lib/i18n/page-words";

/**
 * Italian and Dutch address the reader informally everywhere (tu, je), as decision 0283 records: these are the
 * words of the formal register, so one message written the other way fails here.
 */
const FORMAL = {
  it: [
    // Lei and its possessives; "sua" for a third person is reworded rather than allowed, so the list stays exact.
    /(?<!\p{L})(lei|suo|sua|suoi|sue)(?!\p{L})/iu,
    /la preghiamo/iu,
    // A capitalised courtesy pronoun fused to a verb: rivederLa, scriverLe.
    /\p{Ll}(La|Le|Lo|Gli)(?!\p{L})/u,
    // Third-person imperatives; those that are also nouns or tu forms (filtri, spunti) only capitalised, opening a sentence.
    /(?<!\p{L})(inserisca|indichi|condivida|riprovi|attenda|acceda|prema|crei|scelga|apra|disattivi|conservi|divida|chieda|risponda|aggiunga|raccolga|legga|iscriva|copi|compili|verifichi|clicchi|scarichi|esporti)(?!\p{L})/iu,
    /(?<!\p{L})(Controlli|Torni|Usi|Dica|Mostri|Guardi|Veda|Faccia|Lasci|Inviti|Spunti|Lavori|Filtri|Segnali|Si iscriva|Si abboni)(?!\p{L})/u,
    // "Ha dimenticato…?", "Non ha…", "Riceve questo messaggio", "può abbonarsi": the reader as a third person.
    /(^|[.?!]\s+|\{)(Non )?Ha (già |ancora )?\p{L}+/u,
    /(^|[.?!]\s+|\{)(Riceve|Vedrà|Desidera|Intende) /u,
    /(?<!\p{L})può \p{L}+si(?!\p{L})/iu,
  ],
  nl: [/(?<!\p{L})(u|uw|uzelf)(?!\p{L})/iu, /(?<!\p{L})(hebt|heeft|kunt|wilt|bent) u(?!\p{L})/iu],
} as const;

type Register = keyof typeof FORMAL;

function formalIn(locale: Register, messages: Record<string, string | undefined>): string[] {
  return Object.entries(messages)
    .filter(([, message]) => FORMAL[locale].some((pattern) => pattern.test(message ?? "")))
    .map(([key, message]) => `${key}: ${message}`);
}

describe("one form of address in Italian and Dutch", () => {
  it.each(["it", "nl"] as const)("every %s message addresses the reader informally", async (locale) => {
    expect(formalIn(locale, OTHER_CATALOGS[locale])).toEqual([]);
    expect(formalIn(locale, MARKETING_CATALOGS[locale] as Record<string, string>)).toEqual([]);
    expect(formalIn(locale, PAGE_CATALOGS[locale] as Record<string, string>)).toEqual([]);
    const { SITEPAGE_CATALOGS } = await import("~/lib/i18n/sitepage-words");
    expect(formalIn(locale, SITEPAGE_CATALOGS[locale] as Record<string, string>)).toEqual([]);
  });

  it("finds the formal register when it is there", () => {
    const it = {
      a: "Inserisca un indirizzo email valido",
      b: "Che piacere rivederLa.",
      c: "I suoi dati sono ancora nel modulo.",
      d: "Ha dimenticato la password?",
      e: "Riceve questo messaggio perché {sender} lo ha registrato",
      f: "Controlli i campi evidenziati.",
      g: "Poi Basic resta gratuito, oppure può abbonarsi.",
    };
    expect(formalIn("it", it)).toHaveLength(Object.keys(it).length);
    const nl = {
      a: "Vul uw naam in.",
      b: "Hebt u al een account?",
      c: "U bent afgemeld",
      d: "Houd deze link voor uzelf",
    };
    expect(formalIn("nl", nl)).toHaveLength(Object.keys(nl).length);
    // The informal words, and nouns that look like imperatives, pass.
    expect(
      formalIn("it", {
        a: "Inserisci la password",
        b: "Altri filtri",
        c: "Hai già un account?",
        d: "{sender} ha importato questa risposta",
        e: "Il nome può contenere al massimo 100 caratteri",
      }),
    ).toEqual([]);
    expect(
      formalIn("nl", { a: "Heb je al een account?", b: "Je bent afgemeld", c: "Uit je schema verwijderd." }),
    ).toEqual([]);
  });
});
