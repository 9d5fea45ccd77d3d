import { useEffect, useRef, useState } from "react";
import { putImage, squareJpeg, usePhotoUpload } from "~/components/avatar-upload";
import { IMAGE_ACCEPT } from "~/lib/platform/image-types";
import { initials } from "~/lib/text/graphemes";

/** A person's photo, or their initials when there is none or it cannot load (offline, removed). */
export function PersonPhoto({ name, url, size = "md" }: { name: string; url: string | null; size?: "sm" | "md" }) {
  const [failed, setFailed] = useState(false);
  const img = useRef<HTMLImageElement>(null);
  // An image that failed before hydration never fires onError again: check it once mounted.
  useEffect(() => {
    if (img.current?.complete && img.current.naturalWidth === 0) setFailed(true);
  }, []);
  const box = size === "sm" ? "size-10 text-sm" : "size-20 text-2xl";
  if (!url || failed)
    return (
      <span
        aria-hidden="true"
        className={`${box} inline-flex shrink-0 items-center justify-center rounded-full bg-brand-100 font-semibold text-brand-900 dark:bg-brand-900 dark:text-brand-50`}
      >
        {initials(name)}
      </span>
    );
  return (
    <img
      ref={img}
      src={url}
      // Beside the name in the list it adds nothing; on the page it says whose face this is.
      alt={size === "sm" ? "" : name}
      width={size === "sm" ? 40 : 80}
      height={size === "sm" ? 40 : 80}
      loading="lazy"
      onError={() => setFailed(true)}
      className={`${box} shrink-0 rounded-full object-cover`}
    />
  );
}

/** Sets or removes a person's photo: cropped to a small square in the browser, then uploaded. */
export function PersonPhotoUpload({ id, hasPhoto }: { id: number; hasPhoto: boolean }) {
  const { input, busy, onFile, onRemove } = usePhotoUpload(
    // 256 px is plenty for the page and small enough to go inline in a vCard export.
    async (file) => putImage(`/api/people/${id}/photo`, await squareJpeg(file, 256, 0.85)),
    () => fetch(`/api/people/${id}/photo`, { method: "DELETE" }),
  );

  return (
    <div className="flex flex-wrap items-center gap-2 text-sm">
      <label htmlFor="person-photo" className="font-medium">
        {hasPhoto ? "Change photo" : "Add a photo"}
      </label>
      <input
        ref={input}
        id="person-photo"
        type="file"
        accept={IMAGE_ACCEPT}
        disabled={busy}
        onChange={(e) => onFile(e.currentTarget.files?.[0])}
        className="max-w-full text-sm file:mr-3 file:rounded-md file:border-0 file:bg-slate-900 file:px-3 file:py-1.5 file:font-medium file:text-white dark:file:bg-white dark:file:text-slate-900"
      />
      {hasPhoto ? (
        <button
          type="button"
          onClick={() => onRemove("Photo removed")}
          disabled={busy}
          className="font-medium text-red-700 underline dark:text-red-300"
        >
          Remove photo
        </button>
      ) : null}
    </div>
  );
}
