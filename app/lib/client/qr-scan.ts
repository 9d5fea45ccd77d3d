/** Reads QR codes from the camera: the browser's BarcodeDetector where it exists, else jsQR (loaded on demand). */

type Detector = (source: HTMLVideoElement, canvas: HTMLCanvasElement) => Promise<string | null>;

type BarcodeDetectorLike = { detect(source: CanvasImageSource): Promise<{ rawValue: string }[]> };
type BarcodeDetectorCtor = {
  new (opts: { formats: string[] }): BarcodeDetectorLike;
  getSupportedFormats(): Promise<string[]>;
};

async function nativeDetector(): Promise<Detector | null> {
  const Ctor = (globalThis as { BarcodeDetector?: BarcodeDetectorCtor }).BarcodeDetector;
  if (!Ctor) return null;
  try {
    if (!(await Ctor.getSupportedFormats()).includes("qr_code")) return null;
  } catch {
    return null;
  }
  const detector = new Ctor({ formats: ["qr_code"] });
  return async (video) => (await detector.detect(video))[0]?.rawValue ?? null;
}

async function jsqrDetector(): Promise<Detector> {
  const { default: jsQR } = await import("jsqr");
  return async (video, canvas) => {
    const width = video.videoWidth;
    const height = video.videoHeight;
    if (!width || !height) return null;
    canvas.width = width;
    canvas.height = height;
    const ctx = canvas.getContext("2d", { willReadFrequently: true });
    if (!ctx) return null;
    ctx.drawImage(video, 0, 0, width, height);
    const image = ctx.getImageData(0, 0, width, height);
    return jsQR(image.data, width, height, { inversionAttempts: "attemptBoth" })?.data ?? null;
  };
}

export async function createQrDetector(): Promise<{ detect: Detector; engine: "native" | "jsqr" }> {
  const native = await nativeDetector();
  return native ? { detect: native, engine: "native" } : { detect: await jsqrDetector(), engine: "jsqr" };
}

/** Polls frames until a code is found or the signal aborts. */
export async function scanUntilFound(
  video: HTMLVideoElement,
  signal: AbortSignal,
  onEngine?: (engine: string) => void,
): Promise<string | null> {
  const { detect, engine } = await createQrDetector();
  onEngine?.(engine);
  const canvas = document.createElement("canvas");
  while (!signal.aborted) {
    try {
      const text = await detect(video, canvas);
      if (text) return text;
    } catch {
      // A frame that cannot be read yet (camera warming up) is not an error.
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return null;
}
