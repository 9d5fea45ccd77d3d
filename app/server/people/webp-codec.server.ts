import encodeWasm from "@jsquash/jpeg/codec/enc/mozjpeg_enc.wasm?module";
import encode, { init as initEncode } from "@jsquash/jpeg/encode";
import decodeWasm from "@jsquash/webp/codec/dec/webp_dec.wasm?module";
import decode, { init as initDecode } from "@jsquash/webp/decode";

/**
 * The WebP decoder and JPEG encoder, loaded only by a dynamic import when a WebP photo arrives (0248):
 * their wasm is bundled as modules (a Worker cannot fetch or compile wasm at run time) and given to `init`.
 */
let ready: Promise<unknown> | null = null;
// Their init takes (wasm module, options), as their README shows; the published types name the options alone.
type Init = (module: WebAssembly.Module, options: { locateFile: (file: string) => string }) => Promise<void>;

export async function webpToJpeg(bytes: Uint8Array, quality: number): Promise<Uint8Array> {
  // locateFile: the glue never builds a URL for a wasm file it is given (the Worker has no import.meta.url to resolve it by).
  const options = { locateFile: (file: string) => file };
  ready ??= Promise.all([(initDecode as Init)(decodeWasm, options), (initEncode as Init)(encodeWasm, options)]);
  await ready;
  const image = await decode(bytes.slice().buffer);
  return new Uint8Array(await encode(image, { quality }));
}
