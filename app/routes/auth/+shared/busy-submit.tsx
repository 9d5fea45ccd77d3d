import { useNavigation } from "react-router";

/**
 * The sign-in pages' main button: while the form is on its way it is disabled and says what is happening,
 * in the same words /site.js shows from `data-busy` where the page runs no React.
 */
export function BusySubmit({ label, busyLabel }: { label: string; busyLabel: string }) {
  const busy = useNavigation().state === "submitting";
  return (
    <button
      type="submit"
      disabled={busy}
      data-busy={busyLabel}
      className="w-full rounded-md bg-brand-600 px-4 py-3 font-semibold text-white hover:bg-brand-700 disabled:opacity-60"
    >
      {busy ? busyLabel : label}
    </button>
  );
}
