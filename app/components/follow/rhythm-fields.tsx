import { type FieldMetadata, getInputProps, getSelectProps } from "@conform-to/react";
import { inputClass } from "~/components/ui/field";
import { RHYTHM_LABEL, RHYTHMS } from "~/lib/follow/rhythm";

/**
 * How often and how many days: the rhythm's two fields, shared by a person's keep-in-touch form and the
 * rhythms per tag. Each error sits below the row, named by the field it belongs to.
 */
export function RhythmFields<E, D, S extends Record<string, unknown>>({
  every,
  days,
  everyLabel,
  noneLabel,
}: {
  every: FieldMetadata<E, S, string[]>;
  days: FieldMetadata<D, S, string[]>;
  everyLabel: string;
  /** An extra first option that removes the rhythm (a person's own rhythm only). */
  noneLabel?: string;
}) {
  return (
    <>
      <div className="text-sm">
        <label htmlFor={every.id} className="mb-1 block font-medium">
          {everyLabel}
        </label>
        <select {...getSelectProps(every)} className={inputClass}>
          {noneLabel ? <option value="none">{noneLabel}</option> : null}
          {RHYTHMS.map((r) => (
            <option key={r} value={r}>
              {RHYTHM_LABEL[r]}
            </option>
          ))}
        </select>
      </div>
      <div className="w-28 text-sm">
        <label htmlFor={days.id} className="mb-1 block font-medium">
          Days
        </label>
        <input
          {...getInputProps(days, { type: "number" })}
          min={1}
          max={3650}
          inputMode="numeric"
          className={inputClass}
        />
      </div>
      {[every, days].map((f) =>
        f.errors?.length ? (
          <p
            key={f.name}
            id={f.errorId}
            role="alert"
            className="order-last w-full text-red-700 text-sm dark:text-red-300"
          >
            {f.errors[0]}
          </p>
        ) : null,
      )}
    </>
  );
}
