import { href } from "react-router";
import { btnPrimary } from "~/components/marketing/page";
import { NAME_MAX } from "~/lib/forms/limits";
import { processingFee } from "~/lib/fundraising/donation";
import { feeRuleIn, newsOptIn } from "~/lib/fundraising/giving-messages";
import type { Locale } from "~/lib/i18n/locales";
import { translator } from "~/lib/i18n/translate";
import { formatMoney } from "~/lib/money";

export type DonateFormErrors = Partial<Record<"amount" | "tributeName" | "tributeNotify" | "address", string>>;

const inputClass =
  "mt-1 w-full rounded-md border border-slate-300 bg-white px-3 py-2 aria-[invalid=true]:border-red-600 dark:border-slate-600 dark:bg-slate-900";

function FieldError({ id, message }: { id: string; message?: string }) {
  return message ? (
    <p id={id} className="mt-1 text-red-700 text-sm dark:text-red-300">
      {message}
    </p>
  ) : null;
}

/**
 * The Donate form, plain HTML (no framework JavaScript), in the visitor's language: on the campaign page,
 * and again with the donor's typed values and each message beside its field when something needs a second look.
 */
export function DonateForm({
  c,
  via,
  locale,
  langQuery = "",
  errors = {},
  values = {},
}: {
  c: { id: string; currency: string; suggested: number[]; organization: string };
  via: { src: string; card: string; event: string; mailing: string };
  locale: Locale;
  /** `?lang=…` when the page's language came from its address, so the answer keeps it without a cookie. */
  langQuery?: string;
  errors?: DonateFormErrors;
  values?: Record<string, string>;
}) {
  const t = translator(locale);
  const money = (n: number) => formatMoney(n, c.currency, { compact: true, locale });
  const chosen = values.amount ?? String(c.suggested[1] ?? c.suggested[0] ?? "custom");
  const described = (field: keyof DonateFormErrors) =>
    errors[field] ? { "aria-invalid": true, "aria-describedby": `donate-${field}-error` } : {};
  return (
    <form
      id="donate"
      method="post"
      action={`${href("/fundraising/:id/donate", { id: String(c.id) })}${langQuery}`}
      className="space-y-3"
      aria-label={t("donate.form")}
    >
      <h2 className="font-bold text-lg">{t("donate.heading")}</h2>
      <fieldset>
        <legend className="font-medium text-sm">{t("donate.howOften")}</legend>
        <div className="mt-1 flex gap-4 text-sm">
          <label className="flex items-center gap-1.5">
            <input type="radio" name="frequency" value="once" defaultChecked={values.frequency !== "monthly"} />{" "}
            {t("donate.once")}
          </label>
          <label className="flex items-center gap-1.5">
            <input type="radio" name="frequency" value="monthly" defaultChecked={values.frequency === "monthly"} />{" "}
            {t("donate.monthly")}
          </label>
        </div>
      </fieldset>
      <fieldset>
        <legend className="font-medium text-sm">{t("donate.amount")}</legend>
        <div className="mt-1 grid grid-cols-2 gap-2 text-sm">
          {c.suggested.map((a) => (
            <label
              key={a}
              className="flex items-center gap-1.5 rounded-md border border-slate-300 px-2 py-2 dark:border-slate-600"
            >
              <input type="radio" name="amount" value={a} defaultChecked={chosen === String(a)} /> {money(a)}
            </label>
          ))}
          <label className="col-span-2 flex items-center gap-1.5 rounded-md border border-slate-300 px-2 py-2 dark:border-slate-600">
            <input type="radio" name="amount" value="custom" defaultChecked={chosen === "custom"} /> {t("donate.other")}
          </label>
        </div>
      </fieldset>
      <label className="block text-sm">
        <span className="font-medium">{t("donate.otherAmount", { currency: c.currency })}</span>
        <input
          name="custom"
          inputMode="decimal"
          autoComplete="off"
          defaultValue={values.custom ?? ""}
          {...described("amount")}
          className={inputClass}
        />
      </label>
      <FieldError id="donate-amount-error" message={errors.amount} />
      <label className="flex items-start gap-2 text-sm">
        <input type="checkbox" name="coverFees" className="mt-1" defaultChecked={values.coverFees === "on"} />
        <span>
          {t("donate.coverFees", { organization: c.organization })}
          <span className="block text-slate-600 text-xs dark:text-slate-300" data-testid="fee-examples">
            {c.suggested.length
              ? `${new Intl.ListFormat(locale, { type: "unit" }).format(
                  c.suggested.map((a) =>
                    t("donate.feeOn", { fee: money(processingFee(a, c.currency)), amount: money(a) }),
                  ),
                )}; `
              : ""}
            {t("donate.feeRule", { rule: feeRuleIn(c.currency, locale) })}
          </span>
        </span>
      </label>
      <details className="text-sm" open={Boolean(values.tribute || errors.tributeName || errors.tributeNotify)}>
        <summary className="cursor-pointer font-medium">{t("donate.tribute")}</summary>
        <div className="mt-2 space-y-2">
          <div className="flex flex-wrap gap-4">
            {(
              [
                ["", t("donate.tribute.none")],
                ["honour", t("donate.tribute.honour")],
                ["memory", t("donate.tribute.memory")],
              ] as const
            ).map(([value, label]) => (
              <label key={value} className="flex items-center gap-1.5">
                <input type="radio" name="tribute" value={value} defaultChecked={(values.tribute ?? "") === value} />{" "}
                {label}
              </label>
            ))}
          </div>
          <label className="block">
            <span className="font-medium">{t("donate.tributeName")}</span>
            <input
              name="tributeName"
              maxLength={NAME_MAX}
              defaultValue={values.tributeName ?? ""}
              {...described("tributeName")}
              className={inputClass}
            />
          </label>
          <FieldError id="donate-tributeName-error" message={errors.tributeName} />
          <label className="block">
            <span className="font-medium">{t("donate.tributeNotify")}</span>
            <input
              name="tributeNotify"
              type="email"
              autoComplete="off"
              defaultValue={values.tributeNotify ?? ""}
              {...described("tributeNotify")}
              className={inputClass}
            />
          </label>
          <FieldError id="donate-tributeNotify-error" message={errors.tributeNotify} />
        </div>
      </details>
      <details className="text-sm" open={Boolean(values.address || errors.address)}>
        <summary className="cursor-pointer font-medium">{t("donate.addAddress")}</summary>
        <label className="mt-2 block">
          <span className="font-medium">{t("donate.address")}</span>
          <textarea
            name="address"
            rows={3}
            autoComplete="street-address"
            defaultValue={values.address ?? ""}
            {...described("address")}
            className={inputClass}
          />
        </label>
        <FieldError id="donate-address-error" message={errors.address} />
      </details>
      <label className="flex items-start gap-2 text-sm">
        <input type="checkbox" name="publicName" className="mt-1" defaultChecked={values.publicName === "on"} />{" "}
        {t("donate.publicName")}
      </label>
      <label className="flex items-start gap-2 text-sm">
        <input type="checkbox" name="news" className="mt-1" defaultChecked={values.news === "on"} />{" "}
        {newsOptIn(locale, c.organization)}
      </label>
      <input type="hidden" name="src" value={via.src} />
      {via.card ? <input type="hidden" name="card" value={via.card} /> : null}
      {via.event ? <input type="hidden" name="event" value={via.event} /> : null}
      {via.mailing ? <input type="hidden" name="mailing" value={via.mailing} /> : null}
      <button type="submit" className={`${btnPrimary} w-full`}>
        {t("donate.submit")}
      </button>
      <p className="text-slate-600 text-xs dark:text-slate-300">
        {t("donate.stripe", { organization: c.organization })}
      </p>
    </form>
  );
}
