import { getFormProps, getInputProps, getTextareaProps, type SubmissionResult, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useCallback, useEffect, useRef, useState } from "react";
import { data, Form, href, Link, useNavigation, useRouteLoaderData } from "react-router";
import { MyQrButton } from "~/components/my-qr";
import { Field, inputClass } from "~/components/ui/field";
import { appContext } from "~/context";
import { type CaptureInput, captureSchema } from "~/lib/capture";
import { parseCardText } from "~/lib/card-text";
import type { ContactDraft } from "~/lib/csv";
import { classifyScan, type ScanResult } from "~/lib/scan";
import { pageMeta } from "~/lib/site";
import { toast, useToasterReady } from "~/lib/toast";
import type { RootData } from "~/root";
import { getUser } from "~/server/account/user.server";
import { listCards, type saveCardToConnections } from "~/server/cards/cards.server";
import { cardQrSvg } from "~/server/cards/qr.server";
import { activeEventName } from "~/server/events/active-event.server";
import { type SavedCapture, saveCapture } from "~/server/people/capture.server";
import { redirectWithToast } from "~/server/platform/toast.server";
import type { Route } from "./+types/capture";

export const meta = () => [...pageMeta("Capture contacts"), { name: "robots", content: "noindex" }];

const FIELDS = ["name", "email", "phone", "title", "company", "website", "linkedin", "notes"] as const;
type Draft = Partial<Record<(typeof FIELDS)[number], string>>;

export async function loader({ request, context }: Route.LoaderArgs) {
  const app = context.get(appContext);
  const user = getUser(context);
  const origin = new URL(request.url).origin;
  const published = (await listCards(app.db, user.id)).find((c) => c.published && c.slug);
  const myCard = published?.slug
    ? { name: published.name, slug: published.slug, svg: await cardQrSvg(`${origin}/c/${published.slug}?src=qr`) }
    : null;
  return { origin, myCard, activeEvent: await activeEventName(app.db, user.id) };
}

// The form without JavaScript posts here; with JavaScript, captures go to /api/capture so they can queue offline.
export async function action({ request, context }: Route.ActionArgs) {
  const app = context.get(appContext);
  const user = getUser(context);
  const submission = parseWithZod(await request.formData(), { schema: captureSchema });
  if (submission.status !== "success") return data({ reply: submission.reply() }, { status: 400 });
  const saved = await saveCapture(app.db, user.id, submission.value, app);
  return redirectWithToast(href("/capture"), { type: "success", ...savedMessage(submission.value, saved) });
}

function savedMessage(
  capture: { name?: string | null; email?: string | null },
  saved: { mergedInto: { name: string } | null },
) {
  const name = capture.name || capture.email || "Contact";
  if (!saved.mergedInto) return { title: "Contact saved", description: `${name} is in your network.` };
  const into = saved.mergedInto.name;
  return {
    title: "Already in your network",
    description:
      into.toLowerCase() === name.toLowerCase()
        ? `${into} was already there; what you captured was added.`
        : `${name} was merged into ${into}.`,
  };
}

const draftFrom = (d: ContactDraft): Draft => ({
  name: d.name,
  email: d.email,
  phone: d.phone,
  title: d.title,
  company: d.company,
  website: d.website && /^https:\/\//i.test(d.website) ? d.website : undefined,
  linkedin: d.linkedin,
  notes: d.notes,
});

function useOnline() {
  const [online, setOnline] = useState(true);
  useEffect(() => {
    const update = () => setOnline(navigator.onLine);
    update();
    window.addEventListener("online", update);
    window.addEventListener("offline", update);
    return () => {
      window.removeEventListener("online", update);
      window.removeEventListener("offline", update);
    };
  }, []);
  return online;
}

type Readable = Exclude<ScanResult, { kind: "invalid" }>;
type SavedCard = Awaited<ReturnType<typeof saveCardToConnections>>;

const FORMAT_LABEL = { vcard: "a vCard", mecard: "a MECARD", "card-link": "a KnowWho card link" } as const;

function QrScanner({ origin, onScan }: { origin: string; onScan: (result: Readable) => void }) {
  const videoRef = useRef<HTMLVideoElement>(null);
  const [state, setState] = useState<"idle" | "starting" | "scanning" | "error">("idle");
  const [message, setMessage] = useState("");
  const abortRef = useRef<AbortController | null>(null);

  const stop = useCallback(() => {
    abortRef.current?.abort();
    const stream = videoRef.current?.srcObject as MediaStream | null;
    for (const track of stream?.getTracks() ?? []) track.stop();
    if (videoRef.current) videoRef.current.srcObject = null;
  }, []);
  useEffect(() => stop, [stop]);

  async function start() {
    setState("starting");
    setMessage("");
    try {
      const stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: "environment" }, audio: false });
      const video = videoRef.current;
      if (!video) return;
      video.srcObject = stream;
      await video.play();
      setState("scanning");
      const controller = new AbortController();
      abortRef.current = controller;
      const { scanUntilFound } = await import("~/lib/client/qr-scan");
      const text = await scanUntilFound(video, controller.signal);
      stop();
      setState("idle");
      if (!text) return;
      const result = classifyScan(text, origin);
      if (result.kind === "invalid") {
        setState("error");
        setMessage(result.reason);
      } else onScan(result);
    } catch (error) {
      stop();
      setState("error");
      setMessage(
        error instanceof DOMException && error.name === "NotAllowedError"
          ? "Camera access was refused. Allow the camera for this site, or type the details below."
          : "The camera could not be started. Type the details below instead.",
      );
    }
  }

  return (
    <div>
      {/* Wide on phones, so the camera and the quick-add form fit one screen. */}
      <div className="relative aspect-video overflow-hidden rounded-xl bg-slate-900 sm:aspect-[4/3]">
        <video ref={videoRef} className="size-full object-cover" muted playsInline aria-label="Camera preview" />
        {state !== "scanning" ? (
          <div className="absolute inset-0 flex items-center justify-center">
            <button
              type="button"
              onClick={start}
              disabled={state === "starting"}
              className="rounded-md bg-white px-5 py-3 font-semibold text-slate-900 shadow hover:bg-slate-100 disabled:opacity-60"
            >
              {state === "starting" ? "Starting camera..." : "Scan a QR code"}
            </button>
          </div>
        ) : (
          <div className="absolute inset-x-0 bottom-0 flex justify-between bg-black/50 p-3 text-sm text-white">
            <span role="status">Point the camera at a QR code</span>
            <button
              type="button"
              onClick={() => {
                stop();
                setState("idle");
              }}
              className="font-semibold underline"
            >
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

function CardPhoto({ onResult }: { onResult: (draft: Draft, message: string) => void }) {
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

export default function CapturePage({ loaderData, actionData }: Route.ComponentProps) {
  useToasterReady();
  const online = useOnline();
  const navigation = useNavigation();
  // The last answer from the server (the page's action without JavaScript, /api/capture with it).
  const [reply, setReply] = useState<SubmissionResult<string[]> | undefined>(actionData?.reply);
  useEffect(() => setReply(actionData?.reply), [actionData]);
  const [source, setSource] = useState<"qr" | "photo" | "quick">("quick");
  const [clientId, setClientId] = useState("");
  const [notice, setNotice] = useState("");
  const [waiting, setWaiting] = useState(0);
  const [saving, setSaving] = useState(false);
  const [added, setAdded] = useState<SavedCard | null>(null);
  const nameRef = useRef<HTMLInputElement>(null);
  // Queued captures carry the account they were made in, so they never sync into another one.
  const ownerId = useRouteLoaderData<RootData>("root")?.user?.id ?? null;

  const refreshQueue = useCallback(async () => {
    const { syncCaptures } = await import("~/lib/client/capture-queue");
    const { synced, waiting } = await syncCaptures(ownerId);
    setWaiting(waiting);
    if (synced) toast.success(`${synced} offline capture${synced > 1 ? "s" : ""} synced`);
  }, [ownerId]);

  useEffect(() => {
    setClientId(crypto.randomUUID());
    refreshQueue();
    window.addEventListener("online", refreshQueue);
    return () => window.removeEventListener("online", refreshQueue);
  }, [refreshQueue]);

  const [form, fields] = useForm({
    id: "capture",
    lastResult: reply,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: captureSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onSubmit: (event, { submission }) => {
      event.preventDefault();
      if (submission?.status === "success") save(submission.payload);
    },
  });

  const fill = (next: Draft, message: string, from: "qr" | "photo") => {
    const typed = Object.fromEntries(FIELDS.map((f) => [f, String(form.value?.[f] ?? "")]));
    form.update({
      value: { ...typed, ...Object.fromEntries(Object.entries(next).filter(([, v]) => v)) },
      validated: false,
    });
    setSource(from);
    setAdded(null);
    setNotice(message);
    nameRef.current?.focus();
  };

  // Our own card links name a published card: its owner is added at once, with the details they keep current.
  async function addCardOwner(slug: string) {
    const cardUrl = `${loaderData.origin}/c/${slug}`;
    try {
      if (!navigator.onLine) throw new TypeError("offline");
      const res = await fetch(`/api/cards/${encodeURIComponent(slug)}/save`, {
        method: "POST",
        headers: { accept: "application/json" },
      });
      if (res.status === 404 || res.status === 409) {
        setAdded(null);
        setNotice(
          res.status === 404
            ? "That card is no longer published. Ask them for their details and add them below."
            : "That is your own card. Scan someone else's code to add them.",
        );
        return;
      }
      if (!res.ok) throw new TypeError(`status ${res.status}`);
      const saved = (await res.json()) as SavedCard;
      setNotice("");
      setAdded(saved);
      toast.success(saved.created ? "Contact saved" : "Already in your network", {
        description: saved.created ? `${saved.name} is in your network.` : `${saved.name} was saved before.`,
      });
    } catch {
      fill(
        { website: cardUrl },
        "Read a KnowWho card link while offline. Add their name and save; it syncs later.",
        "qr",
      );
    }
  }

  // A pass at an organiser event both of you attend: details go both ways (or as a lead, for a stand).
  async function exchangeBadge(path: string) {
    try {
      const res = await fetch(path, { method: "POST", headers: { accept: "application/json" }, body: new FormData() });
      const body = (await res.json()) as { error?: string; kind?: string; name?: string; event?: string };
      if (!res.ok) {
        setAdded(null);
        setNotice(body.error ?? "That pass could not be read. Try again.");
        return;
      }
      setNotice("");
      toast.success(body.kind === "lead" ? "Lead saved" : "Details exchanged", {
        description: `${body.name} at ${body.event} is in your network.`,
      });
    } catch {
      setNotice("Exchanging needs the network. Try again when you are back online.");
    }
  }

  function scanned(result: Readable) {
    if (result.kind === "card") return addCardOwner(result.slug);
    if (result.kind === "badge") return exchangeBadge(result.path);
    if (result.kind === "linkedin")
      return fill({ linkedin: result.url }, "Read a LinkedIn profile link. Add their name and save.", "qr");
    fill(draftFrom(result.draft), `Read ${FORMAT_LABEL[result.format]}. Check the details and save.`, "qr");
  }

  // Checked by the form already; sent as JSON so that without a network it can wait in the queue.
  async function save(payload: Record<string, unknown>) {
    const typed = Object.fromEntries(FIELDS.map((f) => [f, typeof payload[f] === "string" ? payload[f] : undefined]));
    const capture: CaptureInput & { clientId: string } = {
      ...typed,
      source,
      clientId,
      eventName: loaderData.activeEvent,
    };
    setSaving(true);
    const label = capture.name || capture.email || "Contact";
    const reset = () => {
      form.reset();
      setReply(undefined);
      setNotice("");
      setAdded(null);
      setSource("quick");
      setClientId(crypto.randomUUID());
    };
    try {
      if (!navigator.onLine) throw new TypeError("offline");
      const res = await fetch("/api/capture", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(capture),
      });
      if (res.status === 400) {
        const error = ((await res.json()) as { fields?: Record<string, string[]> }).fields ?? {};
        setReply({ status: "error", initialValue: typed as Record<string, string>, error });
        return;
      }
      if (!res.ok) throw new TypeError(`status ${res.status}`);
      const saved = (await res.json()) as SavedCapture;
      const message = savedMessage(capture, saved);
      toast.success(message.title, { description: message.description });
      reset();
      if (saved.mergedInto) setAdded({ created: false, ...saved.mergedInto });
    } catch {
      const { queueCapture, pendingCaptures } = await import("~/lib/client/capture-queue");
      await queueCapture({ ...capture, ownerId: ownerId ?? undefined });
      setWaiting((await pendingCaptures(ownerId)).filter((c) => !c.rejected).length);
      toast.info("Saved on this device", { description: `${label} will sync when you're back online.` });
      reset();
    } finally {
      setSaving(false);
    }
  }

  const field = (
    name: Exclude<(typeof FIELDS)[number], "notes">,
    label: string,
    type: "text" | "email" | "tel" | "url" = "text",
  ) => (
    <Field id={fields[name].id} label={label} errors={fields[name].errors}>
      <input
        ref={name === "name" ? nameRef : undefined}
        {...getInputProps(fields[name], { type })}
        autoComplete="off"
        className={inputClass}
      />
    </Field>
  );

  return (
    <section className="mx-auto max-w-5xl px-4 py-4 sm:px-6 sm:py-8">
      <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1">
        <h1 className="font-bold text-2xl tracking-tight sm:text-3xl">Capture contacts</h1>
        <p
          role="status"
          className={`rounded-full px-3 py-1 font-medium text-sm ${online ? "bg-emerald-100 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-100" : "bg-amber-100 text-amber-950 dark:bg-amber-950 dark:text-amber-100"}`}
        >
          {online ? "Online" : "Offline: captures are kept on this device"}
          {waiting ? ` · ${waiting} waiting to sync` : ""}
        </p>
      </div>
      <div className="mt-4 grid gap-6 sm:mt-6 lg:grid-cols-2 lg:gap-8">
        <div className="space-y-3">
          <QrScanner origin={loaderData.origin} onScan={scanned} />
          <div className="grid grid-cols-2 items-start gap-3">
            <MyQrButton card={loaderData.myCard} />
            <CardPhoto onResult={(d, m) => fill(d, m, "photo")} />
          </div>
          <p className="text-slate-600 text-xs dark:text-slate-300">
            A photographed card is read on this device; the photo is not uploaded.
          </p>
        </div>
        {/* On a laptop the form takes the left column, clear of the toasts at the bottom right; on a phone
            room below Save keeps it clear of the toasts above the tab bar. */}
        <Form method="post" {...getFormProps(form)} className="space-y-4 pb-20 lg:order-first lg:pb-0">
          <h2 className="font-semibold text-xl">{source === "quick" ? "Quick add" : "Check and save"}</h2>
          {added ? (
            <p
              role="status"
              className="rounded-md bg-emerald-50 p-3 text-emerald-900 text-sm dark:bg-emerald-950 dark:text-emerald-100"
            >
              {added.created ? `Added ${added.name} from their card.` : `${added.name} is already in your network.`}{" "}
              {added.id ? (
                <Link to={href("/connections/:id", { id: String(added.id) })} className="font-semibold underline">
                  Open their connection
                </Link>
              ) : null}
            </p>
          ) : null}
          {notice ? (
            <p
              role="status"
              className="rounded-md bg-brand-50 p-3 text-brand-900 text-sm dark:bg-brand-900/40 dark:text-brand-100"
            >
              {notice}
            </p>
          ) : null}
          <input type="hidden" name="source" value={source} />
          <input type="hidden" name="clientId" value={clientId} />
          {form.errors?.length ? (
            <p id={form.errorId} role="alert" className="text-red-700 text-sm dark:text-red-300">
              {form.errors[0]}
            </p>
          ) : null}
          {field("name", "Name")}
          <div className="grid gap-4 sm:grid-cols-2">
            {field("email", "Email", "email")}
            {field("phone", "Phone", "tel")}
            {field("title", "Title")}
            {field("company", "Company")}
          </div>
          <div className="grid gap-4 sm:grid-cols-2">
            {field("website", "Website", "url")}
            {field("linkedin", "LinkedIn", "url")}
          </div>
          <Field id={fields.notes.id} label="Notes" errors={fields.notes.errors}>
            <textarea {...getTextareaProps(fields.notes)} rows={3} className={inputClass} />
          </Field>
          <button
            type="submit"
            disabled={saving || navigation.state === "submitting"}
            className="w-full rounded-md bg-brand-600 px-4 py-3 font-semibold text-white hover:bg-brand-700 disabled:opacity-60"
          >
            {saving ? "Saving..." : "Save contact"}
          </button>
        </Form>
      </div>
    </section>
  );
}
