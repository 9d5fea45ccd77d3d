import { useRef, useState } from "react";
import { useRevalidator } from "react-router";
import { IMAGE_ACCEPT } from "~/lib/platform/image-types";
import { toast, useToasterReady } from "~/lib/platform/toast";

const SIZE = 512;
/** The copy inlined in the card's vCard: phones import photos only inline, so it stays small. */
const VCARD_SIZE = 192;

/** Crops the chosen photo to a centred square in the browser, then uploads only that. */
export async function squareJpeg(file: File, size = SIZE, quality = 0.85): Promise<Blob> {
  const bitmap = await createImageBitmap(file);
  const side = Math.min(bitmap.width, bitmap.height);
  const canvas = document.createElement("canvas");
  canvas.width = size;
  canvas.height = size;
  const ctx = canvas.getContext("2d");
  if (!ctx) throw new Error("Canvas unavailable");
  ctx.drawImage(bitmap, (bitmap.width - side) / 2, (bitmap.height - side) / 2, side, side, 0, 0, size, size);
  bitmap.close();
  return new Promise((resolve, reject) =>
    canvas.toBlob((b) => (b ? resolve(b) : reject(new Error("Encoding failed"))), "image/jpeg", quality),
  );
}

/**
 * A photo re-encoded as JPEG on the device, scaled down until it fits `maxBytes`, so a phone's 4 MB
 * picture is sent small instead of being refused by the server's body limit.
 */
export async function fitJpeg(file: File, maxBytes: number, maxSide = 1600): Promise<Blob> {
  const bitmap = await createImageBitmap(file);
  try {
    let scale = Math.min(1, maxSide / Math.max(bitmap.width, bitmap.height));
    for (let attempt = 0; attempt < 6; attempt++, scale *= 0.75) {
      const canvas = document.createElement("canvas");
      canvas.width = Math.max(1, Math.round(bitmap.width * scale));
      canvas.height = Math.max(1, Math.round(bitmap.height * scale));
      const ctx = canvas.getContext("2d");
      if (!ctx) throw new Error("Canvas unavailable");
      ctx.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
      const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, "image/jpeg", 0.85));
      if (blob && blob.size <= maxBytes) return blob;
    }
    throw new Error("Still too large");
  } finally {
    bitmap.close();
  }
}

/** Uploads an image body with PUT; an answer other than 2xx throws with the server's message. */
export async function putImage(url: string, body: Blob) {
  const res = await fetch(url, { method: "PUT", body, headers: { "content-type": "image/jpeg" } });
  if (!res.ok) throw new Error(((await res.json()) as { error?: string }).error ?? "Upload failed");
}

/** What to do about a photo that failed: the browser's own words (a decoder's, a canvas's) tell a person nothing. */
function photoErrorDescription(error: unknown): string | undefined {
  if (!(error instanceof Error)) return undefined;
  // createImageBitmap rejects a file it cannot read as an image with a DOMException (InvalidStateError).
  if (error instanceof DOMException)
    return "This file could not be read as a picture. Choose a JPEG, PNG or WebP photo.";
  if (error.message === "Still too large")
    return "This photo is too large even when made smaller. Choose a smaller one.";
  if (error.message === "Canvas unavailable" || error.message === "Encoding failed")
    return "This browser could not prepare the photo. Try again, or choose a different photo.";
  return error.message;
}

/**
 * What every photo field does (the card's avatar, a person's photo): refuse what is not an image,
 * upload through `upload`, say how it went, reload the page's data, and remove through `remove`.
 */
export function usePhotoUpload(upload: (file: File) => Promise<void>, remove: () => Promise<unknown>) {
  useToasterReady();
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const revalidator = useRevalidator();

  async function onFile(file: File | undefined) {
    if (!file) return;
    if (!file.type.startsWith("image/")) {
      toast.error("Choose an image", { description: "JPEG, PNG or WebP." });
      return;
    }
    setBusy(true);
    try {
      await upload(file);
      toast.success("Photo updated");
      revalidator.revalidate();
    } catch (error) {
      toast.error("Could not use that photo", { description: photoErrorDescription(error) });
    } finally {
      setBusy(false);
      if (input.current) input.current.value = "";
    }
  }

  async function onRemove(message?: string) {
    setBusy(true);
    await remove();
    setBusy(false);
    if (message) toast.success(message);
    revalidator.revalidate();
  }

  return { input, busy, onFile, onRemove };
}

export function AvatarUpload({ cardId, hasAvatar }: { cardId: number; hasAvatar: boolean }) {
  const { input, busy, onFile, onRemove } = usePhotoUpload(
    async (file) => {
      await putImage(`/api/cards/${cardId}/avatar`, await squareJpeg(file));
      // The small copy for Save Contact; without it the vCard simply has no photo.
      await putImage(`/api/cards/${cardId}/avatar?size=vcard`, await squareJpeg(file, VCARD_SIZE, 0.8)).catch(
        () => undefined,
      );
    },
    () => fetch(`/api/cards/${cardId}/avatar`, { method: "DELETE" }),
  );

  return (
    <div className="flex flex-wrap items-center gap-3">
      <label htmlFor="avatar" className="font-medium text-sm">
        Photo
      </label>
      <input
        ref={input}
        id="avatar"
        type="file"
        accept={IMAGE_ACCEPT}
        disabled={busy}
        onChange={(e) => onFile(e.currentTarget.files?.[0])}
        className="text-sm file:mr-3 file:rounded-md file:border-0 file:bg-slate-900 file:px-3 file:py-2 file:font-medium file:text-white dark:file:bg-white dark:file:text-slate-900"
      />
      {hasAvatar ? (
        <button
          type="button"
          onClick={() => onRemove()}
          disabled={busy}
          className="font-medium text-red-700 text-sm underline dark:text-red-300"
        >
          Remove photo
        </button>
      ) : null}
      <p className="w-full text-slate-600 text-xs dark:text-slate-300">
        A square crop of the centre is used; without a photo your initials show.
      </p>
    </div>
  );
}
