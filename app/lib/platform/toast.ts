import { useEffect, useSyncExternalStore } from "react";

/**
 * Toasts without shipping sonner with every page: the library and the toaster load with the first toast,
 * so pages that never show one (the landing page) never download it. Sonner replays toasts created before
 * its Toaster subscribes, so a toast shown while the toaster is still loading is not lost.
 */
type Sonner = typeof import("sonner");
type ToastType = "success" | "info" | "warning" | "error";
type ToastOptions = {
  description?: string;
  duration?: number;
  action?: { label: string; onClick: () => void };
};

let sonner: Promise<Sonner> | undefined;
let requested = false;
const listeners = new Set<() => void>();

function loadSonner(): Promise<Sonner> {
  if (!sonner) {
    sonner = import("sonner");
    // A failed load (offline) is retried by the next toast rather than remembered.
    sonner.catch(() => {
      sonner = undefined;
    });
    requested = true;
    for (const listener of listeners) listener();
  }
  return sonner;
}

/**
 * Loads sonner and mounts the toaster as soon as a component that toasts appears, while the network is
 * there: capture toasts "Saved on this device" when offline, when a lazy import would fail.
 */
export function useToasterReady(): void {
  useEffect(() => {
    loadSonner().catch(() => undefined);
  }, []);
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** True once any toast was requested; the root mounts the toaster from then on. */
export function useToasterNeeded(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => requested,
    () => false,
  );
}

export function showToast(type: ToastType, title: string, options?: ToastOptions): void {
  loadSonner().then(
    ({ toast }) => toast[type](title, options),
    (error: unknown) => console.error("Could not load the toaster", error),
  );
}

export const toast = {
  success: (title: string, options?: ToastOptions) => showToast("success", title, options),
  info: (title: string, options?: ToastOptions) => showToast("info", title, options),
  warning: (title: string, options?: ToastOptions) => showToast("warning", title, options),
  error: (title: string, options?: ToastOptions) => showToast("error", title, options),
};

const SHOWN_KEY = "kw_toasts_shown";
const SHOWN_KEEP = 50;

/**
 * True the first time this device is asked to show `key` (a flash toast's id, a notification's id);
 * the last 50 are remembered. Without storage (private mode, blocked) every toast shows.
 */
export function firstShowing(key: string): boolean {
  try {
    const shown: unknown = JSON.parse(localStorage.getItem(SHOWN_KEY) ?? "[]");
    const list = Array.isArray(shown) ? shown.filter((k): k is string => typeof k === "string") : [];
    if (list.includes(key)) return false;
    localStorage.setItem(SHOWN_KEY, JSON.stringify([...list, key].slice(-SHOWN_KEEP)));
  } catch {
    // Storage unavailable: showing a toast twice is better than never.
  }
  return true;
}
