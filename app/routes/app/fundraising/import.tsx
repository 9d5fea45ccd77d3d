import { href, Link, useNavigation } from "react-router";
import { GiftPreviewList } from "~/components/fundraising/gift-import-preview";
import { PREVIEW_EXPIRED } from "~/lib/fundraising/gift-import-forms";
import { formatMoney } from "~/lib/money";
import { pageMeta } from "~/lib/site";
import { type ActionData, loadGiftImport, runGiftImport } from "./+shared/gift-import.server";
import { ConfirmForm, MappingForm, UploadForm } from "./+shared/gift-import-forms";
import type { Route } from "./+types/import";

export const meta = () => [...pageMeta("Import gifts"), { name: "robots", content: "noindex" }];

export const loader = (args: Route.LoaderArgs) => loadGiftImport(args);

export const action = (args: Route.ActionArgs) => runGiftImport(args);

export default function ImportGifts({ loaderData, actionData }: Route.ComponentProps) {
  const { c, expired, preview } = loaderData;
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  const reply = (form: ActionData["form"]) =>
    navigation.state === "idle" && actionData?.form === form ? actionData.reply : null;
  return (
    <section className="mx-auto max-w-5xl px-4 py-8 sm:px-6">
      <Link
        to={href("/campaigns/:id", { id: String(c.id) })}
        className="text-brand-700 text-sm underline dark:text-brand-200"
      >
        ← {c.title}
      </Link>
      <h1 className="mt-2 font-bold text-3xl tracking-tight">Import gifts</h1>
      <p className="mt-2 text-slate-600 dark:text-slate-300">
        A CSV export from Givebutter (transactions), Donorbox (donations) or Stripe (payments), or any spreadsheet with
        an amount, a date and the donor's email or name. Every gift goes to this campaign in {c.currency}; donors are
        matched by email or phone to people already in your network, and new ones are added tagged Donor. You'll see a
        preview first; nothing is saved until you confirm.
      </p>
      {expired ? (
        <p role="alert" className="mt-4 text-red-700 text-sm dark:text-red-300">
          {PREVIEW_EXPIRED}
        </p>
      ) : null}
      {preview ? (
        <>
          <div className="mt-6 rounded-xl border border-slate-200 p-5 dark:border-slate-800" data-testid="gift-summary">
            <p className="text-slate-600 text-sm dark:text-slate-300">
              <strong className="text-slate-900 dark:text-white">{preview.filename}</strong> · read as {preview.format}{" "}
              · {preview.encoding.toUpperCase()}
            </p>
            <dl className="mt-3 grid grid-cols-2 gap-3 text-sm sm:grid-cols-4">
              <div>
                <dt className="text-slate-600 dark:text-slate-300">Gifts to import</dt>
                <dd className="font-bold text-xl">{preview.count}</dd>
              </div>
              <div>
                <dt className="text-slate-600 dark:text-slate-300">Total</dt>
                <dd className="font-bold text-xl">{formatMoney(preview.total, c.currency)}</dd>
              </div>
              <div>
                <dt className="text-slate-600 dark:text-slate-300">Donors in your network</dt>
                <dd className="font-bold text-xl">{preview.matchedDonors}</dd>
              </div>
              <div>
                <dt className="text-slate-600 dark:text-slate-300">New donors</dt>
                <dd className="font-bold text-xl">{preview.newDonors}</dd>
              </div>
            </dl>
            {preview.agreed ? (
              <p className="mt-3 text-sm" data-testid="gift-agreed">
                {preview.agreed} donor{preview.agreed === 1 ? "" : "s"} agreed to email in the file's opt-in column:
                each is recorded as their consent to email from you, dated on their gift.
              </p>
            ) : null}
            <Link
              to={href("/campaigns/:id/import", { id: String(c.id) })}
              className="mt-3 inline-block text-sm underline"
            >
              Choose another file
            </Link>
          </div>

          <MappingForm
            key={`${preview.id}-${JSON.stringify(preview.mapping)}`}
            preview={preview.id}
            headers={preview.headers}
            mapping={preview.mapping}
            lastResult={reply("map")}
          />
          {preview.dropped.length ? (
            <p className="mt-4 break-words text-sm" data-testid="gift-dropped">
              <strong>Not imported:</strong> {preview.dropped.length} column{preview.dropped.length === 1 ? "" : "s"} no
              field above reads ({preview.dropped.join(", ")}). Choose a field for any you want kept.
            </p>
          ) : null}

          {preview.errorCount ? (
            <div className="mt-6">
              <h2 className="font-bold text-xl text-red-800 dark:text-red-300">
                {preview.errorCount} problem{preview.errorCount === 1 ? "" : "s"} in {preview.errorRows} row
                {preview.errorRows === 1 ? "" : "s"}
              </h2>
              <ul className="mt-2 space-y-1 text-sm" data-testid="gift-errors">
                {preview.errors.map((e) => (
                  <li key={`${e.row}-${e.message}`}>
                    <span className="font-semibold">Row {e.row}:</span> {e.message}
                  </li>
                ))}
              </ul>
            </div>
          ) : null}

          <h2 className="mt-8 font-bold text-xl">What will be imported</h2>
          {preview.gifts.length ? (
            <GiftPreviewList gifts={preview.gifts} />
          ) : (
            <p className="mt-3 text-slate-600 dark:text-slate-300">No gifts in this file can be imported.</p>
          )}
          {preview.moreGifts ? (
            <p className="mt-2 text-slate-600 text-sm dark:text-slate-300">…and {preview.moreGifts} more.</p>
          ) : null}

          {preview.noteCount ? (
            <div className="mt-6">
              <h2 className="font-bold text-lg">
                {preview.noteCount} row{preview.noteCount === 1 ? "" : "s"} skipped
              </h2>
              <ul className="mt-2 space-y-1 text-slate-600 text-sm dark:text-slate-300" data-testid="gift-notes">
                {preview.notes.map((n) => (
                  <li key={`${n.row}-${n.message}`}>
                    Row {n.row}: {n.message}
                  </li>
                ))}
              </ul>
            </div>
          ) : null}

          <ConfirmForm
            preview={preview.id}
            count={preview.count}
            errorRows={preview.errorRows}
            lastResult={reply("confirm")}
            busy={busy}
          />
        </>
      ) : (
        <UploadForm lastResult={reply("upload")} busy={busy} />
      )}
    </section>
  );
}
