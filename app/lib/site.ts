/** Names, links and copy the whole site shares. */
export const SITE = {
  name: "KnowWho",
  tagline: "Know Where. Know Who. Know How.",
  description:
    "The digital business card and event networking assistant for professionals, nonprofit leaders and fundraisers.",
  supportEmail: "support@knowwho.app",
  demoPath: "/demo",
} as const;

export type NavLink = { to: string; label: string };

export const NAV_LINKS: NavLink[] = [
  { to: "/", label: "Home" },
  { to: "/about", label: "About" },
  { to: "/pricing", label: "Pricing" },
  { to: "/updates", label: "Updates" },
  { to: "/features", label: "Features" },
  { to: "/help", label: "Help" },
  { to: "/docs/krystal-integration", label: "Docs" },
  { to: "/guides", label: "Guides" },
];

export const FOOTER_COLUMNS: { title: string; links: NavLink[] }[] = [
  {
    title: "Product",
    links: [
      { to: "/features", label: "Features" },
      { to: "/pricing", label: "Pricing" },
      { to: "/card", label: "Digital card" },
      { to: "/fundraising", label: "Fundraising" },
      { to: "/updates", label: "Product updates" },
    ],
  },
  {
    title: "Resources",
    links: [
      { to: "/guides", label: "Guides" },
      { to: "/docs/krystal-integration", label: "Documentation" },
      { to: "/help", label: "Help & support" },
      { to: "/seo", label: "SEO resources" },
      { to: "/reviews", label: "Reviews" },
    ],
  },
  {
    title: "Company",
    links: [
      { to: "/about", label: "About" },
      { to: "/contact", label: "Contact" },
      { to: "/privacy", label: "Privacy" },
      { to: "/terms", label: "Terms" },
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
