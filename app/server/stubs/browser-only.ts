/**
 * Stands in for browser-only libraries (jsQR, tesseract.js) in the Worker build: the capture page imports
 * them on demand in the browser, so the server never runs them and should not carry them.
 */
const refuse = (): never => {
  throw new Error("This library runs only in the browser");
};

export default refuse;
export const createWorker = refuse;
export const OEM = {};
export const PSM = {};
