import { isbot } from "isbot";
import { renderToReadableStream } from "react-dom/server";
import type { EntryContext, RouterContextProvider } from "react-router";
import { ServerRouter } from "react-router";
import { appContext } from "~/context";
import { NonceProvider } from "~/lib/platform/nonce";
import { hydrates } from "~/lib/platform/page-handle";

export const streamTimeout = 5_000;

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  const { nonce } = loadContext.get(appContext);
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  let shellRendered = false;
  const body = await renderToReadableStream(
    <NonceProvider value={nonce}>
      <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
    </NonceProvider>,
    {
      nonce,
      signal: AbortSignal.timeout(streamTimeout + 1000),
      onError(error: unknown) {
        responseStatusCode = 500;
        if (shellRendered) console.error(error);
      },
    },
  );
  shellRendered = true;
  // Crawlers and link unfurlers get the whole document at once; so does a page without framework
  // JavaScript, which has no React to fill in a streamed placeholder (and no inline script for it).
  if (isbot(request.headers.get("user-agent") ?? "") || routerContext.isSpaMode || !hydratesPage(routerContext))
    await body.allReady;

  responseHeaders.set("Content-Type", "text/html; charset=utf-8");
  return new Response(body, { headers: responseHeaders, status: responseStatusCode });
}

function hydratesPage(context: EntryContext): boolean {
  const { matches, loaderData } = context.staticHandlerContext;
  return hydrates(
    matches.map((m) => ({ handle: context.routeModules[m.route.id]?.handle })),
    loaderData.root,
  );
}
