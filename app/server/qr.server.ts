import QRCode from "qrcode";

/** The QR code of a card link as SVG: dark on white whatever the theme, so every camera reads it. */
export function cardQrSvg(target: string): Promise<string> {
  return QRCode.toString(target, {
    type: "svg",
    margin: 2,
    errorCorrectionLevel: "M",
    color: { dark: "#0f172a", light: "#ffffff" },
  });
}
