/** Names, links and copy the whole site shares. */
export const SITE = {
  name: "KnowWho",
  tagline: "Know Where. Know Who. Know How.",
  description:
    "The digital business card and event networking assistant for professionals, nonprofit leaders and fundraisers.",
  supportEmail: "support@knowwho.app",
  demoPath: "/demo",
} as const;

/** A link's word in the site catalogs (`site.link.<word>`), so the header and footer speak the visitor's language. */
export type LinkWord =
  | "home"
  | "about"
  | "pricing"
  | "updates"
  | "features"
  | "help"
  | "docs"
  | "guides"
  | "card"
  | "fundraising"
  | "productUpdates"
  | "documentation"
  | "support"
  | "seo"
  | "reviews"
  | "contact"
  | "privacy"
  | "terms";

export type NavLink = { to: string; label: string; word: LinkWord };

export const NAV_LINKS: NavLink[] = [
  { to: "/", label: "Home", word: "home" },
  { to: "/about", label: "About", word: "about" },
  { to: "/pricing", label: "Pricing", word: "pricing" },
  { to: "/updates", label: "Updates", word: "updates" },
  { to: "/features", label: "Features", word: "features" },
  { to: "/help", label: "Help", word: "help" },
  { to: "/docs/krystal-integration", label: "Docs", word: "docs" },
  { to: "/guides", label: "Guides", word: "guides" },
];

export const FOOTER_COLUMNS: { title: string; word: "product" | "resources" | "company"; links: NavLink[] }[] = [
  {
    title: "Product",
    word: "product",
    links: [
      { to: "/features", label: "Features", word: "features" },
      { to: "/pricing", label: "Pricing", word: "pricing" },
      { to: "/card", label: "Digital card", word: "card" },
      { to: "/fundraising", label: "Fundraising", word: "fundraising" },
      { to: "/updates", label: "Product updates", word: "productUpdates" },
    ],
  },
  {
    title: "Resources",
    word: "resources",
    links: [
      { to: "/guides", label: "Guides", word: "guides" },
      { to: "/docs/krystal-integration", label: "Documentation", word: "documentation" },
      { to: "/help", label: "Help & support", word: "support" },
      { to: "/seo", label: "SEO resources", word: "seo" },
      { to: "/reviews", label: "Reviews", word: "reviews" },
    ],
  },
  {
    title: "Company",
    word: "company",
    links: [
      { to: "/about", label: "About", word: "about" },
      { to: "/contact", label: "Contact", word: "contact" },
      { to: "/privacy", label: "Privacy", word: "privacy" },
      { to: "/terms", label: "Terms", word: "terms" },
    ],
  },
];

/** Footer social icons share this site on each network rather than pointing at empty profiles. */
export function socialShareLinks(siteUrl: string) {
  const url = encodeURIComponent(siteUrl);
  const text = encodeURIComponent(`${SITE.name}: ${SITE.tagline}`);
  return [
    {
      network: "linkedin",
      label: "Share on LinkedIn",
      href: `https://www.linkedin.com/sharing/share-offsite/?url=${url}`,
    },
    { network: "twitter", label: "Share on X", href: `https://twitter.com/intent/tweet?url=${url}&text=${text}` },
    { network: "facebook", label: "Share on Facebook", href: `https://www.facebook.com/sharer/sharer.php?u=${url}` },
  ] as const;
}

/** Share links for a campaign, from its thank-you page: every value URL-encoded into the link. */
export function campaignShareLinks(
  campaignUrl: string,
  title: string,
  // In the giver's language on the thank-you page (giving catalogs); English elsewhere.
  say: { words: string; email: string } = { words: `I just gave to ${title}. Will you join me?`, email: "Email" },
) {
  const url = encodeURIComponent(campaignUrl);
  const words = say.words;
  const text = encodeURIComponent(words);
  const both = encodeURIComponent(`${words} ${campaignUrl}`);
  return [
    { network: "email", label: say.email, href: `mailto:?subject=${text}&body=${both}` },
    { network: "whatsapp", label: "WhatsApp", href: `https://wa.me/?text=${both}` },
    { network: "facebook", label: "Facebook", href: `https://www.facebook.com/sharer/sharer.php?u=${url}` },
    { network: "twitter", label: "X", href: `https://twitter.com/intent/tweet?url=${url}&text=${text}` },
    { network: "linkedin", label: "LinkedIn", href: `https://www.linkedin.com/sharing/share-offsite/?url=${url}` },
  ] as const;
}

/** Title and description for a route's meta export. */
export function pageMeta(title: string, description: string = SITE.description) {
  const full = title === SITE.name ? `${SITE.name}: ${SITE.tagline}` : `${title} | ${SITE.name}`;
  return [
    { title: full },
    { name: "description", content: description },
    { property: "og:title", content: full },
    { property: "og:description", content: description },
    { property: "og:type", content: "website" },
    { property: "og:site_name", content: SITE.name },
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:title", content: full },
    { name: "twitter:description", content: description },
  ];
}

export const OG_IMAGE = { path: "/og-image.png", width: 1200, height: 630 } as const;
