import { describe, expect, it } from "vitest";
import { readCsvFile } from "~/lib/formats/csv-read";

/** Issue 42: the country columns of Italian and Polish Outlook, as their current versions write them, have a home. */
const rows = (header: string[], values: string[]) =>
  [header, values].map((r) => r.map((c) => `"${c}"`).join(",")).join("\r\n");

describe("Outlook's country columns in Italian and Polish", () => {
  it("keeps Italian Outlook's Paese/area geografica columns as each address's country", () => {
    const csv = rows(
      [
        "Nome",
        "Cognome",
        "Società",
        "Via (uff.)",
        "Città (uff.)",
        "CAP (uff.)",
        "Paese/area geografica (uff.)",
        "Via (ab.)",
        "Città (ab.)",
        "Paese/area geografica (ab.)",
        "Altra via",
        "Altro paese/area geografica",
        "Indirizzo posta elettronica",
        "Cellulare",
      ],
      [
        "Giulia",
        "Bianchi",
        "Teatro Nuovo",
        "Via Roma 1",
        "Torino",
        "10121",
        "Italia",
        "Via Po 3",
        "Torino",
        "Italia",
        "Rue Neuve 2",
        "Francia",
        "giulia@teatro.example",
        "+39 347 765 4321",
      ],
    );
    const r = readCsvFile(new TextEncoder().encode(csv));
    expect(r.format).toBe("outlook");
    const addresses = r.people[0]?.draft.addresses;
    expect(addresses?.map((a) => [a.label, a.country])).toEqual([
      ["work", "Italia"],
      ["home", "Italia"],
      ["other", "Francia"],
    ]);
    expect(r.problems.filter((p) => p.message.includes("not kept"))).toEqual([]);
  });

  it("keeps Polish Outlook's kraj columns as each address's country", () => {
    const csv = rows(
      [
        "Imię",
        "Nazwisko",
        "Firma",
        "Adres służbowy - ulica",
        "Adres służbowy - miejscowość",
        "Adres służbowy - kod pocztowy",
        "Adres służbowy - kraj",
        "Adres domowy - ulica",
        "Adres domowy - kraj",
        "Inny adres - ulica",
        "Inny adres - kraj",
        "Adres e-mail",
        "Telefon komórkowy",
      ],
      [
        "Anna",
        "Nowak",
        "Fundacja Las",
        "ul. Długa 5",
        "Gdańsk",
        "80-827",
        "Polska",
        "ul. Krótka 1",
        "Polska",
        "Hauptstr. 4",
        "Niemcy",
        "anna@las.example",
        "+48 600 123 456",
      ],
    );
    const r = readCsvFile(new TextEncoder().encode(csv));
    expect(r.format).toBe("outlook");
    expect(r.people[0]?.draft.addresses?.map((a) => [a.label, a.country])).toEqual([
      ["work", "Polska"],
      ["home", "Polska"],
      ["other", "Niemcy"],
    ]);
    expect(r.problems.filter((p) => p.message.includes("not kept"))).toEqual([]);
  });
});
