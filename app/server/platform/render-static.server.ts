import type { ReactNode } from "react";
import { renderToReadableStream } from "react-dom/server";

/**
 * A whole tree rendered to one string by the streaming renderer the app's pages already use, so the
 * Worker carries one react-dom server renderer instead of two (decision 0077).
 */
export async function renderStatic(node: ReactNode): Promise<string> {
  const stream = await renderToReadableStream(node);
  await stream.allReady;
  return new Response(stream).text();
}
