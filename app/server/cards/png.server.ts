import { zlibSync } from "fflate";
import { concatBytes } from "~/lib/formats/bytes";

/** Small PNG encoder for images we draw ourselves (QR codes, wallet icons): 8-bit RGB, no filter. */

const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

function crc32(bytes: Uint8Array): number {
  let c = 0xffffffff;
  for (const b of bytes) c = (CRC_TABLE[(c ^ b) & 0xff] ?? 0) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Uint8Array): Uint8Array {
  const out = new Uint8Array(12 + data.length);
  const view = new DataView(out.buffer);
  view.setUint32(0, data.length);
  out.set(new TextEncoder().encode(type), 4);
  out.set(data, 8);
  view.setUint32(8 + data.length, crc32(out.subarray(4, 8 + data.length)));
  return out;
}

export type Rgb = [number, number, number];

export const hexToRgb = (hex: string): Rgb => {
  const n = Number.parseInt(/^#[0-9a-f]{6}$/i.test(hex) ? hex.slice(1) : "4f46e5", 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
};

/** Encodes `pixel(x, y)` as a PNG of width × height. */
export function encodePng(width: number, height: number, pixel: (x: number, y: number) => Rgb): Uint8Array {
  const raw = new Uint8Array((width * 3 + 1) * height);
  for (let y = 0; y < height; y++) {
    const row = y * (width * 3 + 1);
    for (let x = 0; x < width; x++) raw.set(pixel(x, y), row + 1 + x * 3);
  }
  const header = new Uint8Array(13);
  const view = new DataView(header.buffer);
  view.setUint32(0, width);
  view.setUint32(4, height);
  header.set([8, 2, 0, 0, 0], 8);
  const signature = new Uint8Array([137, 80, 78, 71, 13, 10, 26, 10]);
  const parts = [
    signature,
    chunk("IHDR", header),
    chunk("IDAT", zlibSync(raw, { level: 9 })),
    chunk("IEND", new Uint8Array()),
  ];
  return concatBytes(parts);
}

/** A QR matrix (true = dark) as a PNG with a quiet zone, `scale` pixels per module. */
export function qrPng(
  modules: { size: number; get(row: number, col: number): number | boolean },
  scale = 8,
  margin = 2,
): Uint8Array {
  const side = (modules.size + margin * 2) * scale;
  const dark: Rgb = [15, 23, 42];
  const light: Rgb = [255, 255, 255];
  return encodePng(side, side, (x, y) => {
    const mx = Math.floor(x / scale) - margin;
    const my = Math.floor(y / scale) - margin;
    return mx >= 0 && my >= 0 && mx < modules.size && my < modules.size && modules.get(my, mx) ? dark : light;
  });
}
