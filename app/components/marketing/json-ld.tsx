import { useNonce } from "~/lib/platform/nonce";

/** Structured data; the nonce lets it pass the Content-Security-Policy, and "<" is escaped so content cannot end the tag. */
export function JsonLd({ data }: { data: Record<string, unknown> }) {
  const nonce = useNonce();
  return (
    <script
      type="application/ld+json"
      nonce={nonce}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: serialised JSON with "<" escaped
      dangerouslySetInnerHTML={{ __html: JSON.stringify(data).replaceAll("<", "\\u003c") }}
    />
  );
}
