import { useForm } from "@conform-to/react";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { CardListFields } from "~/components/card/list-fields";
import { CONTACT_TYPES, PLATFORMS } from "~/lib/card/card";

type Lists = {
  socialAccounts: { platform: string; url: string }[];
  additionalContacts: { type: string; value: string }[];
};

function Editor({ defaultValue }: { defaultValue: Lists }) {
  const [form] = useForm({ id: "card", defaultValue });
  return createElement(CardListFields, { form: form as never });
}

/** The editor's lists as the server renders them, for a card with the given rows. */
const render = (defaultValue: Lists) => new Markup(renderToStaticMarkup(createElement(Editor, { defaultValue })));

/** Just enough of an HTML reader for these assertions: elements by tag, with their attributes and text. */
class Markup {
  constructor(readonly html: string) {}
  all(tag: string) {
    const out: { attrs: Record<string, string>; text: string }[] = [];
    const re = new RegExp(`<${tag}\\b([^>]*)>([\\s\\S]*?)</${tag}>|<${tag}\\b([^>]*)/?>`, "g");
    for (const m of this.html.matchAll(re)) {
      const attrs: Record<string, string> = {};
      for (const a of (m[1] ?? m[3] ?? "").matchAll(/([\w-]+)(?:="([^"]*)")?/g)) attrs[a[1] ?? ""] = a[2] ?? "";
      out.push({ attrs, text: (m[2] ?? "").replace(/<[^>]+>/g, "") });
    }
    return out;
  }
}

describe("the card editor's lists", () => {
  it("draw each row with a labelled kind and value and Remove, and an Add per list", () => {
    const doc = render({
      socialAccounts: [
        { platform: "github", url: "https://github.com/ada" },
        { platform: "generic", url: "https://ada.example" },
      ],
      additionalContacts: [{ type: "phone", value: "+1 503 555 0177" }],
    });
    expect(doc.all("legend").map((l) => l.text)).toEqual(["Social accounts", "More ways to reach you"]);
    expect(doc.html).not.toContain("None yet.");

    const selects = doc.all("select");
    const inputs = doc.all("input");
    const labels = Object.fromEntries(doc.all("label").map((l) => [l.attrs.for, l.text]));
    // Each control is named by the label that points at it, in the wording a screen reader reads out.
    expect(selects.map((s) => labels[s.attrs.id ?? ""])).toEqual(["Network 1", "Network 2", "Kind 1"]);
    expect(inputs.map((i) => labels[i.attrs.id ?? ""])).toEqual(["Link 1", "Link 2", "Value 1"]);
    expect(selects.map((s) => s.attrs.name)).toEqual([
      "socialAccounts[0].platform",
      "socialAccounts[1].platform",
      "additionalContacts[0].type",
    ]);
    expect(inputs.map((i) => [i.attrs.name, i.attrs.type, i.attrs.value, i.attrs.placeholder])).toEqual([
      ["socialAccounts[0].url", "url", "https://github.com/ada", "https://"],
      ["socialAccounts[1].url", "url", "https://ada.example", "https://"],
      ["additionalContacts[0].value", "text", "+1 503 555 0177", undefined],
    ]);

    // The kinds offered, "generic" shown as Other, the rest capitalised.
    const options = doc.all("option");
    expect(options.map((o) => o.text)).toEqual([
      ...PLATFORMS.map((p) => (p === "generic" ? "Other" : p[0]?.toUpperCase() + p.slice(1))),
      ...PLATFORMS.map((p) => (p === "generic" ? "Other" : p[0]?.toUpperCase() + p.slice(1))),
      ...CONTACT_TYPES.map((t) => (t === "generic" ? "Other" : t[0]?.toUpperCase() + t.slice(1))),
    ]);
    expect(options.filter((o) => "selected" in o.attrs).map((o) => o.attrs.value)).toEqual([
      "github",
      "generic",
      "phone",
    ]);

    // Remove per row and Add per list, each a conform intent naming its own list.
    const buttons = doc.all("button");
    expect(buttons.map((b) => b.text)).toEqual(["Remove", "Remove", "Add a social account", "Remove", "Add a contact"]);
    const intents = buttons.map((b) => JSON.parse(decodeURIComponent(b.attrs.value ?? "").replace(/&quot;/g, '"')));
    expect(intents.map((i) => [i.type, i.payload.name, i.payload.index, i.payload.defaultValue])).toEqual([
      ["remove", "socialAccounts", 0, undefined],
      ["remove", "socialAccounts", 1, undefined],
      ["insert", "socialAccounts", undefined, { platform: "linkedin", url: "" }],
      ["remove", "additionalContacts", 0, undefined],
      ["insert", "additionalContacts", undefined, { type: "phone", value: "" }],
    ]);
  });

  it("says None yet for an empty list", () => {
    const doc = render({ socialAccounts: [], additionalContacts: [] });
    expect(doc.html.match(/None yet\./g)).toHaveLength(2);
    expect(doc.all("select")).toEqual([]);
  });
});
