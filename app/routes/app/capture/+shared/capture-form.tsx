import { getFormProps, getInputProps, getTextareaProps, type SubmissionResult, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { type ComponentProps, useCallback, useEffect, useRef, useState } from "react";
import { Form, href, Link, useNavigation, useRouteLoaderData } from "react-router";
import { MyQrButton } from "~/components/my-qr";
import { Field, FormError, inputClass } from "~/components/ui/field";
import { type CaptureInput, captureSchema } from "~/lib/capture/capture";
import { toast, useToasterReady } from "~/lib/platform/toast";
import type { RootData } from "~/root";
import type { saveCardToConnections } from "~/server/cards/cards.server";
import type { SavedCapture } from "~/server/people/capture.server";
import { type Draft, draftFrom, FIELDS, savedMessage } from "./draft";
import { CardPhoto, FORMAT_LABEL, QrScanner, type Readable } from "./sources";

type MyCard = ComponentProps<typeof MyQrButton>["card"];

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

type SavedCard = Awaited<ReturnType<typeof saveCardToConnections>>;

/**
 * The capture page: the camera and card photo (when `camera`), and the quick-add form they fill. `answer` is
 * the server's reply to the form posted without JavaScript.
 */
export function CapturePanel({
  origin,
  myCard,
  activeEvent,
  answer,
  camera,
}: {
  origin: string;
  myCard: MyCard;
  activeEvent: string | null;
  answer: { reply?: SubmissionResult<string[]> } | undefined;
  camera: boolean;
}) {
  useToasterReady();
  const online = useOnline();
  const navigation = useNavigation();
  // The last answer from the server (the page's action without JavaScript, /api/capture with it).
  const [reply, setReply] = useState<SubmissionResult<string[]> | undefined>(answer?.reply);
  useEffect(() => setReply(answer?.reply), [answer]);
  const [source, setSource] = useState<"qr" | "photo" | "quick">("quick");
  const [clientId, setClientId] = useState("");
  const [notice, setNotice] = useState("");
  const [waiting, setWaiting] = useState(0);
  const [saving, setSaving] = useState(false);
  const [added, setAdded] = useState<SavedCard | null>(null);
  const nameRef = useRef<HTMLInputElement>(null);
  // Queued captures carry the workspace they were made in (decision 0207), so they never sync into another one.
  const ownerId = useRouteLoaderData<RootData>("root")?.user?.workspace.id ?? null;

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
    const cardUrl = `${origin}/c/${slug}`;
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
        // The stand's qualifying questions are on the scanned pass's own page, a plain form.
        ...(body.kind === "lead"
          ? { action: { label: "Answer questions", onClick: () => window.location.assign(path) }, duration: 15_000 }
          : {}),
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
      eventName: activeEvent,
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
      <div className={`mt-4 grid gap-6 sm:mt-6 lg:gap-8 ${camera ? "lg:grid-cols-2" : "max-w-2xl"}`}>
        {camera ? (
          <div className="space-y-3">
            <QrScanner origin={origin} onScan={scanned} />
            <div className="grid grid-cols-2 items-start gap-3">
              <MyQrButton card={myCard} />
              <CardPhoto onResult={(d, m) => fill(d, m, "photo")} />
            </div>
            <p className="text-slate-600 text-xs dark:text-slate-300">
              A photographed card is read on this device; the photo is not uploaded.
            </p>
          </div>
        ) : null}
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
          <FormError id={form.errorId} errors={form.errors} />
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
