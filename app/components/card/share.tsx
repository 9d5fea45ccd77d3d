import { useEffect, useState } from "react";
import { type SignatureInput, signatureHtml, signatureText } from "~/lib/card/email-signature";
import { toast, useToasterReady } from "~/lib/platform/toast";
import { NfcWrite } from "../nfc-write";

export type ShareCard = Omit<SignatureInput, "cardUrl" | "photoUrl" | "qrUrl"> & {
  email?: string | null;
  avatarUrl: string | null;
};

type StoredCard = {
  id: number;
  slug: string;
  name: string;
  title: string | null;
  company: string | null;
  phone: string | null;
  email: string | null;
  colour: string;
  avatarKey: string | null;
};

/** CardShare's props for a stored, published card (the editor and the first run both show it). */
export function cardShareProps(card: StoredCard, origin: string) {
  return {
    cardId: card.id,
    url: `${origin}/c/${card.slug}`,
    slug: card.slug,
    card: {
      name: card.name,
      title: card.title,
      company: card.company,
      phone: card.phone,
      email: card.email,
      colour: card.colour,
      avatarUrl: card.avatarKey ? `${origin}/avatars/${card.avatarKey}` : null,
    },
  };
}

/** Every way to hand out a published card: link, QR code, the share sheet, an NFC tag, an email signature. */
export function CardShare({
  cardId,
  url,
  slug,
  card,
  signedLink,
  wallet,
}: {
  cardId: number;
  url: string;
  slug: string;
  card: ShareCard;
  signedLink: string;
  wallet: { apple: boolean; google: boolean };
}) {
  useToasterReady();
  const name = card.name;
  const [withPhoto, setWithPhoto] = useState(Boolean(card.avatarUrl));
  const [withQr, setWithQr] = useState(false);
  const [canShare, setCanShare] = useState(false);
  useEffect(() => {
    setCanShare(typeof navigator.share === "function");
  }, []);

  const copy = async (text: string, what: string) => {
    try {
      await navigator.clipboard.writeText(text);
      toast.success(`${what} copied`);
    } catch {
      toast.error("Copy failed", { description: "Select the text and copy it instead." });
    }
  };

  const downloadPng = async () => {
    const QRCode = await import("qrcode");
    const dataUrl = await QRCode.toDataURL(`${url}?src=qr`, { width: 1024, margin: 4, errorCorrectionLevel: "M" });
    const a = document.createElement("a");
    a.href = dataUrl;
    a.download = `${slug}-qr.png`;
    a.click();
  };

  const signatureInput: SignatureInput = {
    ...card,
    cardUrl: `${url}?src=signature`,
    photoUrl: withPhoto ? card.avatarUrl : null,
    qrUrl: withQr ? `${url}/qr.png` : null,
  };
  const signature = signatureHtml(signatureInput);

  // As HTML and text together, so it pastes formatted into Gmail, Outlook and Apple Mail.
  const copySignature = async () => {
    try {
      if (typeof ClipboardItem !== "function") throw new Error("No rich clipboard");
      await navigator.clipboard.write([
        new ClipboardItem({
          "text/html": new Blob([signature], { type: "text/html" }),
          "text/plain": new Blob([signatureText(signatureInput)], { type: "text/plain" }),
        }),
      ]);
      toast.success("Signature copied", { description: "Paste it into your email program's signature settings." });
    } catch {
      await copy(signature, "Signature HTML");
    }
  };
  const buttonClass =
    "rounded-md border border-slate-300 px-3 py-2 font-medium text-sm hover:bg-slate-50 dark:border-slate-700 dark:hover:bg-slate-800";

  return (
    <section className="rounded-xl border border-slate-200 p-5 dark:border-slate-800" aria-labelledby="share-title">
      <h2 id="share-title" className="font-semibold text-lg">
        Share your card
      </h2>
      <div className="mt-4 grid gap-6 sm:grid-cols-[10rem_1fr]">
        <img
          src={`/c/${slug}/qr.svg`}
          alt={`QR code for ${url}`}
          width={160}
          height={160}
          className="rounded-lg border border-slate-200 bg-white p-1 dark:border-slate-700"
        />
        <div className="space-y-3">
          <div className="flex gap-2">
            <label htmlFor="card-link" className="sr-only">
              Card link
            </label>
            <input
              id="card-link"
              readOnly
              value={url}
              className="min-w-0 flex-1 rounded-md border border-slate-300 bg-slate-50 px-3 py-2 text-sm dark:border-slate-700 dark:bg-slate-900"
            />
            <button type="button" onClick={() => copy(url, "Link")} className={buttonClass}>
              Copy link
            </button>
          </div>
          <div className="flex flex-wrap gap-2">
            <a href={`/c/${slug}/qr.svg?download=1`} download={`${slug}-qr.svg`} className={buttonClass}>
              Download SVG
            </a>
            <button type="button" onClick={downloadPng} className={buttonClass}>
              Download PNG
            </button>
            {canShare ? (
              <button
                type="button"
                onClick={() => navigator.share({ title: name, url: `${url}?src=link` }).catch(() => undefined)}
                className={buttonClass}
              >
                Share…
              </button>
            ) : null}
            <a href={url} target="_blank" rel="noopener noreferrer" className={buttonClass}>
              Open card
            </a>
          </div>
          <NfcWrite url={url} opens="your card" buttonClass={buttonClass} />
        </div>
      </div>
      {wallet.apple || wallet.google ? (
        <div className="mt-5 flex flex-wrap gap-3">
          {wallet.apple ? (
            <a
              href={`/api/cards/${cardId}/wallet.pkpass`}
              download={`${slug}.pkpass`}
              className="inline-flex items-center rounded-lg bg-black px-4 py-2.5 font-semibold text-sm text-white hover:bg-slate-800"
            >
              Add to Apple Wallet
            </a>
          ) : null}
          {wallet.google ? (
            <a
              href={`/api/cards/${cardId}/google-wallet`}
              target="_blank"
              rel="noopener noreferrer"
              className="inline-flex items-center rounded-lg bg-slate-900 px-4 py-2.5 font-semibold text-sm text-white hover:bg-slate-700 dark:bg-slate-700"
            >
              Save to Google Wallet
            </a>
          ) : null}
        </div>
      ) : null}
      <section className="mt-6" aria-labelledby="signature-title">
        <h3 id="signature-title" className="font-semibold">
          Email signature
        </h3>
        <div className="mt-2 flex flex-wrap gap-x-5 gap-y-1 text-sm">
          <label className="flex items-center gap-2">
            <input
              type="checkbox"
              checked={withPhoto}
              disabled={!card.avatarUrl}
              onChange={(e) => setWithPhoto(e.target.checked)}
            />
            Photo
          </label>
          <label className="flex items-center gap-2">
            <input type="checkbox" checked={withQr} onChange={(e) => setWithQr(e.target.checked)} />
            QR code
          </label>
        </div>
        <figure
          className="mt-3 overflow-x-auto rounded-lg border border-slate-200 bg-white p-4 dark:border-slate-700"
          aria-label="Signature preview"
          // The same escaped HTML that is copied: what you see is what pastes.
          // biome-ignore lint/security/noDangerouslySetInnerHtml: built by signatureHtml, every field escaped
          dangerouslySetInnerHTML={{ __html: signature }}
        />
        <button type="button" onClick={copySignature} className={`mt-3 ${buttonClass}`}>
          Copy signature
        </button>
      </section>
      <details className="mt-5">
        <summary className="cursor-pointer font-medium text-sm">Signature HTML and offline link</summary>
        <div className="mt-3 space-y-3">
          <label htmlFor="signature" className="block font-medium text-sm">
            HTML for your email signature
          </label>
          <textarea
            id="signature"
            readOnly
            rows={3}
            value={signature}
            className="w-full rounded-md border border-slate-300 bg-slate-50 p-2 font-mono text-xs dark:border-slate-700 dark:bg-slate-900"
          />
          <label htmlFor="signed-link" className="block font-medium text-sm">
            Self-contained link (the card travels in the link, signed by us)
          </label>
          <input
            id="signed-link"
            readOnly
            value={signedLink}
            className="w-full rounded-md border border-slate-300 bg-slate-50 px-3 py-2 text-xs dark:border-slate-700 dark:bg-slate-900"
          />
        </div>
      </details>
    </section>
  );
}
