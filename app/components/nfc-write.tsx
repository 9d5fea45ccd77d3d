import { useEffect, useState } from "react";
import { toast, useToasterReady } from "~/lib/platform/toast";

type NdefWriter = { write(message: { records: { recordType: string; data: string }[] }): Promise<void> };

/**
 * Writes a link to an NFC tag with Web NFC (Chrome on Android), tagged `?src=nfc` so analytics count the
 * tap; elsewhere says where it works instead of showing a button that cannot.
 */
export function NfcWrite({ url, opens, buttonClass }: { url: string; opens: string; buttonClass: string }) {
  useToasterReady();
  const [canNfc, setCanNfc] = useState(false);
  useEffect(() => setCanNfc("NDEFReader" in window), []);
  const write = async () => {
    try {
      const Reader = (window as unknown as { NDEFReader: new () => NdefWriter }).NDEFReader;
      toast.info("Hold your phone to the NFC tag");
      await new Reader().write({ records: [{ recordType: "url", data: `${url}?src=nfc` }] });
      toast.success("NFC tag written", { description: `Tapping it now opens ${opens}.` });
    } catch (error) {
      toast.error("Could not write the tag", { description: error instanceof Error ? error.message : undefined });
    }
  };
  return canNfc ? (
    <button type="button" onClick={write} className={buttonClass}>
      Write to an NFC tag
    </button>
  ) : (
    <p className="text-slate-600 text-sm dark:text-slate-300">
      NFC tags can be written from Chrome on Android. Here, download the QR code or copy the link instead.
    </p>
  );
}
