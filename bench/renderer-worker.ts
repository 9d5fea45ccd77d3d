// Bundled by bench/renderers.mjs for workerd: the visitor card page rendered by each of react-dom's server
// renderers in turn, timed inside the isolate. Nothing here ships in the app.
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import type { PublicCard } from "../app/lib/card/card";
import { CardPage, type CardPageOptions } from "../app/server/cards/card-page.server";
import { renderStatic } from "../app/server/platform/render-static.server";

const card: PublicCard = {
  id: 1,
  slug: "ann-lee",
  ownerId: "owner",
  ownerName: "Ann Lee",
  name: "Ann <b>Lee</b>",
  title: "Director & Founder",
  company: 'Acme "Quotes" Ltd',
  headline: "Networks for good",
  bio: "Twenty years in development.\nSecond line.",
  email: "ann@acme.org",
  phone: "+15035550177",
  website: "https://acme.org",
  linkedin: "https://www.linkedin.com/in/ann",
  location: "Portland, OR",
  avatarUrl: null,
  notes: "",
  template: "classic",
  colour: "#4f46e5",
  socialAccounts: [{ id: "s1", platform: "github", url: "https://github.com/ann" }],
  additionalContacts: [{ id: "c1", type: "email", value: "ann@home.example" }],
  activeEvent: "Gala 2026",
  campaign: { id: "books", title: "Books for every child" },
};

const options: CardPageOptions = {
  card,
  vcardHref: "/c/ann-lee/contact.vcf",
  shareAction: "/c/ann-lee/share",
  nonce: "",
  openShare: true,
  notice: { kind: "error", title: "Too many attempts", description: "Please try again in a minute." },
  values: { name: "<b>Visitor</b>", email: "not-an-email" },
  fieldErrors: { email: "Please enter a valid email address" },
};

/** workerd's clock moves only across I/O: a timer after each batch lets it read the batch's time. */
const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

export default {
  async fetch(request: Request) {
    const each = Number(new URL(request.url).searchParams.get("n") ?? 200);
    const node = () => createElement(CardPage, options);
    const same = (await renderStatic(node())) === renderToString(node());
    const times = { string: 0, stream: 0, concurrent: 0 };
    for (let round = 0; round < 5; round++) {
      await tick();
      let started = performance.now();
      for (let i = 0; i < each; i++) renderToString(node());
      await tick();
      times.string += performance.now() - started;
      started = performance.now();
      for (let i = 0; i < each; i++) await renderStatic(node());
      await tick();
      times.stream += performance.now() - started;
      // As a Worker serves a crowd: many pages in flight at once, so the renderer's timer hops overlap.
      started = performance.now();
      await Promise.all(Array.from({ length: each }, () => renderStatic(node())));
      await tick();
      times.concurrent += performance.now() - started;
    }
    return Response.json({ same, renders: 5 * each, ...times });
  },
};
