import { useRef, useState } from "react";
import { Form, href } from "react-router";

type Pending = { count: number; syncing: boolean; message: string | null };

/**
 * Sign out, unless captures made offline are still waiting on this device: signing out removes them
 * with everything else the device keeps (docs/decisions/0051), so the owner is told first and can sync
 * them, or sign out anyway.
 */
export function SignOutButton({
  userId,
  className,
  formClassName,
}: {
  userId: string;
  className: string;
  formClassName?: string;
}) {
  const form = useRef<HTMLFormElement>(null);
  const confirmed = useRef(false);
  const [pending, setPending] = useState<Pending | null>(null);

  async function check(event: React.FormEvent<HTMLFormElement>) {
    if (confirmed.current) return;
    event.preventDefault();
    let count = 0;
    try {
      const { pendingCaptures } = await import("~/lib/client/capture-queue");
      count = (await pendingCaptures(userId)).length;
    } catch {
      // No IndexedDB (private mode): nothing can be waiting.
    }
    if (count === 0) signOut();
    else setPending({ count, syncing: false, message: null });
  }

  function signOut() {
    confirmed.current = true;
    form.current?.requestSubmit();
  }

  async function syncFirst() {
    setPending((p) => p && { ...p, syncing: true, message: null });
    const { syncCaptures } = await import("~/lib/client/capture-queue");
    const { waiting } = await syncCaptures(userId);
    if (waiting > 0) {
      setPending({
        count: waiting,
        syncing: false,
        message: `${waiting} still waiting: you seem to be offline. Try again when you have a connection.`,
      });
      return;
    }
    // The queue may have been sent meanwhile by the capture page or Background Sync; signing out still
    // needs the server, and a post made offline would fail and close this dialog without a word.
    if (!navigator.onLine) {
      setPending(
        (p) =>
          p && {
            ...p,
            syncing: false,
            message: "Your captures are synced. You seem to be offline: sign out when you have a connection.",
          },
      );
      return;
    }
    signOut();
  }

  const plural = pending && pending.count > 1;
  return (
    <>
      <Form method="post" action={href("/auth/sign-out")} ref={form} onSubmit={check} className={formClassName}>
        <button type="submit" className={className}>
          Sign out
        </button>
      </Form>
      {pending ? (
        <div
          role="alertdialog"
          aria-modal="true"
          aria-labelledby="sign-out-title"
          aria-describedby="sign-out-text"
          className="fixed inset-0 z-[60] flex items-end justify-center bg-slate-950/50 p-4 sm:items-center"
        >
          <div className="w-full max-w-md rounded-xl bg-white p-5 text-slate-900 shadow-xl dark:bg-slate-900 dark:text-slate-50">
            <h2 id="sign-out-title" className="font-semibold text-lg">
              {pending.count} {plural ? "captures have" : "capture has"} not synced yet
            </h2>
            <p id="sign-out-text" className="mt-2 text-slate-700 text-sm dark:text-slate-300">
              {plural ? "They were" : "It was"} made offline and {plural ? "are" : "is"} kept only on this device.
              Signing out removes {plural ? "them" : "it"} for good. Sync first to keep {plural ? "them" : "it"} in your
              network.
            </p>
            {/* Always present, so screen readers announce the message when it is filled in. */}
            <p role="status" className="mt-2 font-medium text-amber-800 text-sm empty:hidden dark:text-amber-200">
              {pending.message}
            </p>
            <div className="mt-4 flex flex-wrap justify-end gap-2">
              <button
                type="button"
                onClick={() => setPending(null)}
                className="rounded-md border border-slate-300 px-3 py-2 font-medium text-sm dark:border-slate-700"
              >
                Cancel
              </button>
              <button
                type="button"
                onClick={signOut}
                className="rounded-md border border-red-300 px-3 py-2 font-medium text-red-800 text-sm dark:border-red-800 dark:text-red-200"
              >
                Sign out anyway
              </button>
              <button
                type="button"
                onClick={syncFirst}
                disabled={pending.syncing}
                // biome-ignore lint/a11y/noAutofocus: the dialog's safe choice takes focus when it opens
                autoFocus
                className="rounded-md bg-brand-600 px-3 py-2 font-semibold text-sm text-white hover:bg-brand-700 disabled:opacity-60"
              >
                {pending.syncing ? "Syncing…" : "Sync, then sign out"}
              </button>
            </div>
          </div>
        </div>
      ) : null}
    </>
  );
}
