import { useCallback, useEffect, useRef, useState } from "react";

/** Why the camera did not start: the person refused it, or the device could not give one. */
export type CameraTrouble = "refused" | "failed";

/** The pause after a code is read before the next is looked for, so one pass held up is read once. */
const NEXT_CODE_MS = 1500;

/**
 * The phone's back camera reading QR codes, for the capture screen (one code, then stop) and the door (code after
 * code until stopped). `onCode` answers whether to keep scanning; the same code read again in a row is not repeated.
 */
export function useQrCamera() {
  const videoRef = useRef<HTMLVideoElement>(null);
  const abortRef = useRef<AbortController | null>(null);
  const [state, setState] = useState<"idle" | "starting" | "scanning">("idle");
  const [trouble, setTrouble] = useState<CameraTrouble | null>(null);
  const stop = useCallback(() => {
    abortRef.current?.abort();
    const stream = videoRef.current?.srcObject as MediaStream | null;
    for (const track of stream?.getTracks() ?? []) track.stop();
    if (videoRef.current) videoRef.current.srcObject = null;
    setState("idle");
  }, []);
  useEffect(() => stop, [stop]);
  const start = useCallback(
    async (onCode: (text: string) => boolean) => {
      setState("starting");
      setTrouble(null);
      try {
        const stream = await navigator.mediaDevices.getUserMedia({
          video: { facingMode: "environment" },
          audio: false,
        });
        const video = videoRef.current;
        if (!video) return;
        video.srcObject = stream;
        await video.play();
        setState("scanning");
        const controller = new AbortController();
        abortRef.current = controller;
        const { scanUntilFound } = await import("~/lib/client/qr-scan");
        let last = "";
        while (!controller.signal.aborted) {
          const text = await scanUntilFound(video, controller.signal);
          if (!text || text === last) {
            if (text) await new Promise((r) => setTimeout(r, NEXT_CODE_MS));
            continue;
          }
          last = text;
          if (!onCode(text)) break;
          await new Promise((r) => setTimeout(r, NEXT_CODE_MS));
        }
        stop();
      } catch (error) {
        stop();
        setTrouble(error instanceof DOMException && error.name === "NotAllowedError" ? "refused" : "failed");
      }
    },
    [stop],
  );
  return { videoRef, state, trouble, start, stop };
}
