/**
 * A byte stream pulled one part at a time from an async source, so only the part being sent is in
 * memory however long the file. A source that fails midway errors the stream: the client sees a broken
 * download, never a short file that looks complete.
 */
export function pullStream(parts: AsyncIterable<string | Uint8Array>): ReadableStream<Uint8Array> {
  const it = parts[Symbol.asyncIterator]();
  const encoder = new TextEncoder();
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        try {
          const { value, done } = await it.next();
          if (done) controller.close();
          else controller.enqueue(typeof value === "string" ? encoder.encode(value) : value);
        } catch (error) {
          console.error(error);
          controller.error(error);
        }
      },
      async cancel() {
        await it.return?.();
      },
    },
    // One part waiting at most: the next page is read only once the client has taken this one.
    { highWaterMark: 1 },
  );
}
