/** qrcode with its PNG and terminal writers (CommonJS, kept whole: 18 KB gzip), imported at the first QR code. */
const qrcode = () => import("qrcode").then((m) => m.default);

/**
 * The QR code of a card link as SVG: dark on white whatever the theme, so every camera reads it, with
 * the 4-module quiet zone ISO/IEC 18004 asks for, and a width and height so it never renders at 0 px.
 */
export async function cardQrSvg(target: string, size = 320): Promise<string> {
  return (await qrcode()).toString(target, {
    type: "svg",
    margin: 4,
    width: size,
    errorCorrectionLevel: "M",
    color: { dark: "#0f172a", light: "#ffffff" },
  });
}
