/** Text recognition for photographed business cards, in the browser, with the engine we serve. */

export type OcrProgress = { status: string; progress: number };

export async function recognizeCard(image: Blob, onProgress?: (p: OcrProgress) => void): Promise<string> {
  const { createWorker, OEM } = await import("tesseract.js");
  const worker = await createWorker("eng", OEM.LSTM_ONLY, {
    workerPath: "/vendor/tesseract/worker.min.js",
    corePath: "/vendor/tesseract/core",
    langPath: "/vendor/tesseract/lang",
    gzip: true,
    // A same-origin worker script rather than a blob, so the page's CSP needs no blob: scripts.
    workerBlobURL: false,
    logger: (m: { status: string; progress: number }) => onProgress?.({ status: m.status, progress: m.progress }),
  });
  try {
    const { data } = await worker.recognize(image);
    return data.text;
  } finally {
    await worker.terminate();
  }
}
