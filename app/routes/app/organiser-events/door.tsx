import { useCallback, useEffect, useRef, useState } from "react";
import { data, Form, href, Link, useFetcher, useRevalidator } from "react-router";
import { Field, inputClass } from "~/components/ui/field";
import { useQrCamera } from "~/components/use-qr-camera";
// Loaded with the page, not on the first offline scan: with no network a lazy import could not load it.
import { queuedScans, queueScan, sendScans } from "~/lib/client/door-queue";
import { pageMeta } from "~/lib/site";
import { formatInZone, zoneName } from "~/lib/time/time";
import { getUser } from "~/server/account/user.server";
import { doorCount } from "~/server/organiser-events/attendee-list.server";
import { checkInScan, type DoorResult, recentCheckIns } from "~/server/organiser-events/door.server";
import { unknownIntent } from "~/server/platform/http.server";
import { ownEventOr404 } from "./+shared/own-event.server";
import type { Route } from "./+types/door";

export const meta: Route.MetaFunction = ({ loaderData }) => [
  ...pageMeta(loaderData ? `Door: ${loaderData.event.title}` : "Door"),
  { name: "robots", content: "noindex" },
];

export async function loader({ params, context }: Route.LoaderArgs) {
  const { app, event } = await ownEventOr404(context, params);
  const [count, recent] = await Promise.all([doorCount(app.db, event.id), recentCheckIns(app.db, event.id)]);
  return { event: { id: event.id, title: event.title, timeZone: event.timeZone }, count, recent };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const { app, event } = await ownEventOr404(context, params);
  const user = getUser(context);
  const form = await request.formData().catch(() => null);
  if (form?.get("intent") !== "scan") unknownIntent();
  const code = String(form.get("code") ?? "").slice(0, 500);
  // The scan's own key (made by the page, kept with a scan queued offline): sent twice, it lets in once.
  const key = form.get("key");
  const result: DoorResult = await checkInScan(
    app.db,
    event,
    code,
    user.id,
    Date.now(),
    key === null ? undefined : String(key),
  );
  // A refusal keeps what was typed: anything that is no pass is a bad request, a pass not of this event a conflict.
  const bad = result.ok ? false : result.reason === "unreadable" || result.reason === "bad-key";
  if (!result.ok) return data({ result, code }, { status: bad ? 400 : 409 });
  return { result, code: "" };
}

/** How often the live count is read while the page is open and showing. */
const COUNT_EVERY_MS = 5000;

/** A check-in's time on the event's own clock (the door and the list say which zone). */
const time = (at: Date, timeZone: string) =>
  `${formatInZone(at, timeZone, { hour: "numeric", minute: "2-digit" })} ${zoneName(timeZone)}`;

export default function Door({ loaderData, actionData }: Route.ComponentProps) {
  const { event: e, count, recent } = loaderData;
  const fetcher = useFetcher<typeof action>();
  const revalidator = useRevalidator();
  const answer = fetcher.data ?? actionData;
  useEffect(() => {
    const timer = setInterval(() => {
      if (document.visibilityState === "visible" && revalidator.state === "idle") void revalidator.revalidate();
    }, COUNT_EVERY_MS);
    return () => clearInterval(timer);
  }, [revalidator]);
  const queue = useDoorQueue(e.id);
  // Each scan carries its own key: sent now, or kept on the phone while offline and sent when the network is back.
  const submit = useCallback(
    (code: string) => {
      const key = crypto.randomUUID();
      if (navigator.onLine) void fetcher.submit({ intent: "scan", code, key }, { method: "post" });
      else void queue.keep(code, key);
    },
    [fetcher.submit, queue.keep],
  );
  return (
    <section className="mx-auto max-w-xl px-4 py-8 sm:px-6">
      <Link to={href("/organiser/:id/attendees", { id: String(e.id) })} className="text-sm underline">
        ← Attendees of {e.title}
      </Link>
      <h1 className="mt-4 font-bold text-3xl tracking-tight">Door check-in</h1>
      <p className="mt-2 font-bold text-2xl" aria-live="polite" data-count="inside">
        {`${count.inside} of ${count.attendees} in`}
      </p>
      {answer ? (
        <p
          role={answer.result.ok ? "status" : "alert"}
          data-door={answer.result.ok ? (answer.result.created ? "in" : "again") : "refused"}
          className={`mt-4 rounded-lg p-4 font-semibold text-lg ${
            answer.result.ok
              ? answer.result.created
                ? "bg-emerald-100 text-emerald-900"
                : "bg-amber-100 text-amber-900"
              : "bg-red-100 text-red-900"
          }`}
        >
          {answer.result.ok
            ? answer.result.created
              ? `${answer.result.name}: checked in`
              : `${answer.result.name}: already checked in at ${time(answer.result.checkedAt, e.timeZone)}`
            : answer.result.message}
        </p>
      ) : null}
      {queue.note ? (
        <p role="status" className="mt-4 rounded-lg bg-slate-100 p-3 text-slate-900" data-door-queue={queue.waiting}>
          {queue.note}
        </p>
      ) : null}
      <DoorCamera onScan={submit} busy={fetcher.state !== "idle"} />
      <Form
        method="post"
        className="mt-6 grid gap-3"
        noValidate
        onSubmit={(event) => {
          // Offline, the typed link is kept like a camera scan rather than lost to a failed post.
          if (navigator.onLine) return;
          event.preventDefault();
          const field = event.currentTarget.elements.namedItem("code") as HTMLInputElement | null;
          if (field?.value.trim()) submit(field.value.trim());
          if (field) field.value = "";
        }}
      >
        <input type="hidden" name="intent" value="scan" />
        <Field
          id="door-code"
          label="Or paste the pass's link"
          errors={answer && !answer.result.ok && answer.code ? [answer.result.message] : undefined}
        >
          <input
            id="door-code"
            name="code"
            defaultValue={answer?.code ?? ""}
            key={answer?.code ?? ""}
            maxLength={500}
            className={inputClass}
          />
        </Field>
        <button type="submit" className="rounded-md bg-brand-600 px-4 py-2.5 font-semibold text-white">
          Check in
        </button>
      </Form>
      <h2 className="mt-8 font-semibold text-lg">Latest in</h2>
      {recent.length ? (
        <ul className="mt-2 divide-y divide-slate-200 dark:divide-slate-800">
          {recent.map((r) => (
            <li key={r.id} className="flex justify-between py-2">
              <span>{r.name}</span>
              <span className="text-slate-600 dark:text-slate-300">{time(r.checkedAt, e.timeZone)}</span>
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-2 text-slate-600 dark:text-slate-300">Nobody is checked in yet.</p>
      )}
    </section>
  );
}

/** The phone's camera, scanning passes one after another until stopped. */
function DoorCamera({ onScan, busy }: { onScan: (code: string) => void; busy: boolean }) {
  const { videoRef, state, trouble, start, stop } = useQrCamera();
  const scanning = state === "scanning";
  return (
    <div className="mt-4">
      <video ref={videoRef} playsInline muted className={scanning ? "w-full rounded-lg bg-black" : "hidden"} />
      {scanning ? (
        <button
          type="button"
          onClick={stop}
          className="mt-3 rounded-md border border-slate-300 px-4 py-2.5 font-semibold"
        >
          Stop the camera{busy ? " (checking…)" : ""}
        </button>
      ) : (
        <button
          type="button"
          onClick={() =>
            void start((code) => {
              onScan(code);
              return true;
            })
          }
          disabled={state === "starting"}
          className="rounded-md bg-brand-600 px-4 py-3 font-semibold text-lg text-white"
          data-door-camera
        >
          Scan passes with the camera
        </button>
      )}
      {trouble ? (
        <p role="alert" className="mt-2 text-red-700 text-sm">
          The camera could not start: allow it in the browser's settings, or paste the pass's link below.
        </p>
      ) : null}
    </div>
  );
}

/**
 * The scans this phone keeps while offline: how many wait, and sending them (oldest first) when the page opens
 * online or the network comes back, then reading the count again.
 */
function useDoorQueue(eventId: number) {
  const revalidator = useRevalidator();
  // Read through a ref: the revalidator changes every render, the listener is set once.
  const revalidate = useRef(revalidator.revalidate);
  revalidate.current = revalidator.revalidate;
  const [waiting, setWaiting] = useState(0);
  const [note, setNote] = useState("");
  const send = useCallback(async () => {
    if (!(await queuedScans(eventId)).length) return;
    const result = await sendScans(eventId, window.location.pathname);
    setWaiting(result.waiting);
    setNote(
      result.waiting
        ? `${result.waiting} scans kept on this phone: they are sent when the network is back.`
        : `Back online: kept scans sent, ${result.sent} let in${result.refused ? `, ${result.refused} refused (see the attendee list)` : ""}.`,
    );
    void revalidate.current();
  }, [eventId]);
  useEffect(() => {
    if (navigator.onLine) void send();
    const online = () => void send();
    window.addEventListener("online", online);
    return () => window.removeEventListener("online", online);
  }, [send]);
  const keep = useCallback(
    async (code: string, key: string) => {
      await queueScan({ key, eventId, code, at: Date.now() });
      const n = (await queuedScans(eventId)).length;
      setWaiting(n);
      setNote(`Offline: ${n === 1 ? "1 scan" : `${n} scans`} kept on this phone, sent when the network is back.`);
    },
    [eventId],
  );
  return { waiting, note, keep };
}
