import { useLocation, useRouteLoaderData } from "react-router";
import { OG_IMAGE, SITE } from "~/lib/site";

/** URL-dependent tags for every page: canonical (path without query), og:url and the share image, all absolute. */
export function SeoTags() {
  const root = useRouteLoaderData("root") as { origin?: string } | undefined;
  const { pathname } = useLocation();
  if (!root?.origin) return null;
  const url = `${root.origin}${pathname}`;
  const image = `${root.origin}${OG_IMAGE.path}`;
  return (
    <>
      <link rel="canonical" href={url} />
      <meta property="og:url" content={url} />
      <meta property="og:image" content={image} />
      <meta property="og:image:width" content={String(OG_IMAGE.width)} />
      <meta property="og:image:height" content={String(OG_IMAGE.height)} />
      <meta property="og:image:alt" content={`${SITE.name}: ${SITE.tagline}`} />
      <meta name="twitter:image" content={image} />
    </>
  );
}
