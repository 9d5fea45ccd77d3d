import { useState } from "react";
import { useQrCamera } from "~/components/use-qr-camera";
import { parseCardText } from "~/lib/capture/card-text";
import { classifyScan, type ScanResult } from "~/lib/capture/scan";
import { type Draft, draftFrom } from "./draft";

export type Readable = Exclude<ScanResult, { kind: "invalid" }>;

export const FORMAT_LABEL = { vcard: "a vCard", mecard: "a MECARD", "card-link": "a KnowWho card link" } as const;

export function QrScanner({ origin, onScan }: { origin: string; onScan: (result: Readable) => void }) {
  const { videoRef, state, trouble, start, stop } = useQrCamera();
  const [invalid, setInvalid] = useState("");
  const message =
    invalid ||
    (trouble === "refused"
      ? "Camera access was refused. Allow the camera for this site, or type the details below."
      : trouble === "failed"
        ? "The camera could not be started. Type the details below instead."
        : "");
  // One code, then the camera stops: a card read is offered in the form below.
  const scan = () => {
    setInvalid("");
    void start((text) => {
      const result = classifyScan(text, origin);
      if (result.kind === "invalid") setInvalid(result.reason);
      else onScan(result);
      return false;
    });
  };

  return (
    <div>
      {/* Wide on phones, so the camera and the quick-add form fit one screen. */}
      <div className="relative aspect-video overflow-hidden rounded-xl bg-slate-900 sm:aspect-[4/3]">
        <video ref={videoRef} className="size-full object-cover" muted playsInline aria-label="Camera preview" />
        {state !== "scanning" ? (
          <div className="absolute inset-0 flex items-center justify-center">
            <button
              type="button"
              onClick={scan}
              disabled={state === "starting"}
              className="rounded-md bg-white px-5 py-3 font-semibold text-slate-900 shadow hover:bg-slate-100 disabled:opacity-60"
            >
              {state === "starting" ? "Starting camera..." : "Scan a QR code"}
            </button>
          </div>
        ) : (
          <div className="absolute inset-x-0 bottom-0 flex justify-between bg-black/50 p-3 text-sm text-white">
            <span role="status">Point the camera at a QR code</span>
            <button type="button" onClick={stop} className="font-semibold underline">
              Stop
            </button>
          </div>
        )}
      </div>
      {message ? (
        <p role="alert" className="mt-2 text-red-700 text-sm dark:text-red-300">
          {message}
        </p>
      ) : null}
    </div>
  );
}

export function CardPhoto({ onResult }: { onResult: (draft: Draft, message: string) => void }) {
  const [progress, setProgress] = useState<string | null>(null);
  const [error, setError] = useState("");

  async function read(file: File | undefined) {
    if (!file) return;
    setError("");
    if (!file.type.startsWith("image/") || file.size > 15_000_000) {
      setError("Choose a photo (an image under 15 MB).");
      return;
    }
    setProgress("Loading text recognition...");
    try {
      const { recognizeCard } = await import("~/lib/client/ocr");
      const started = performance.now();
      const text = await recognizeCard(file, (p) =>
        setProgress(
          p.status === "recognizing text"
            ? `Reading the card... ${Math.round(p.progress * 100)}%`
            : "Loading text recognition...",
        ),
      );
      const draft = parseCardText(text);
      if (!draft.name && !draft.email && !draft.phone) {
        setError(
          "We couldn't read a name, email or phone on this photo. Try a sharper, well-lit photo, or type the details.",
        );
        return;
      }
      onResult(
        draftFrom(draft),
        `Read the card in ${((performance.now() - started) / 1000).toFixed(1)} s. Check the details and save.`,
      );
    } catch {
      setError("Text recognition failed on this photo. Type the details below instead.");
    } finally {
      setProgress(null);
    }
  }

  return (
    <div>
      {/* The label is the button; the file input stays in the tab order, its focus shown on the label. */}
      <label
        htmlFor="card-photo"
        className="flex w-full cursor-pointer items-center justify-center rounded-md border border-slate-300 px-4 py-3 text-center font-semibold hover:bg-slate-50 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-600 dark:border-slate-700 dark:hover:bg-slate-800"
      >
        Photo of a business card
        <input
          id="card-photo"
          type="file"
          accept="image/*"
          capture="environment"
          className="sr-only"
          onChange={(e) => read(e.currentTarget.files?.[0])}
          disabled={progress !== null}
        />
      </label>
      {progress ? (
        <p role="status" className="mt-2 text-sm">
          {progress}
        </p>
      ) : null}
      {error ? (
        <p role="alert" className="mt-2 text-red-700 text-sm dark:text-red-300">
          {error}
        </p>
      ) : null}
    </div>
  );
}
