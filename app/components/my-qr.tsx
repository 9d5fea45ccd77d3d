import { useRef } from "react";
import { href } from "react-router";

type Props = { card: { name: string; slug: string; svg: string } | null };

/**
 * The owner's own card as a full-screen QR code for someone else to scan. The SVG comes with the
 * page, so it shows on venue Wi-Fi that has just dropped; the screen is kept awake while it shows.
 */
export function MyQrButton({ card }: Props) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const lockRef = useRef<WakeLockSentinel | null>(null);

  if (!card)
    return (
      <p className="text-slate-600 text-sm dark:text-slate-300">
        <a href={href("/card")} className="font-semibold text-brand-700 underline dark:text-brand-200">
          Publish a card
        </a>{" "}
        to show its QR code here for others to scan.
      </p>
    );

  async function open() {
    dialogRef.current?.showModal();
    lockRef.current = await navigator.wakeLock?.request("screen").catch(() => null);
  }

  return (
    <>
      <button
        type="button"
        onClick={open}
        className="w-full rounded-md border border-slate-300 px-4 py-3 font-semibold hover:bg-slate-50 dark:border-slate-700 dark:hover:bg-slate-800"
      >
        Show my QR code
      </button>
      <dialog
        ref={dialogRef}
        aria-label={`QR code for ${card.name}'s card`}
        onClose={() => {
          lockRef.current?.release().catch(() => undefined);
          lockRef.current = null;
        }}
        className="m-0 h-dvh max-h-none w-dvw max-w-none bg-white p-0 text-slate-900 backdrop:bg-white"
      >
        <div className="flex h-full flex-col items-center justify-center gap-5 p-6">
          <p className="text-center font-bold text-2xl">{card.name}</p>
          <div
            role="img"
            aria-label={`QR code linking to /c/${card.slug}`}
            className="aspect-square w-full max-w-[min(90vw,70vh)] [&>svg]:size-full"
            // Generated on the server by the qrcode library from our own URL; no user text is in it.
            // biome-ignore lint/security/noDangerouslySetInnerHtml: trusted SVG from the qrcode library
            dangerouslySetInnerHTML={{ __html: card.svg }}
          />
          <p className="text-center text-slate-600">Scan to open my card, save my contact and share yours.</p>
          <button
            type="button"
            onClick={() => dialogRef.current?.close()}
            className="rounded-md bg-slate-900 px-6 py-3 font-semibold text-white"
          >
            Close
          </button>
        </div>
      </dialog>
    </>
  );
}
