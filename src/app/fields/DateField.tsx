import { useRef } from "react";
import { useController } from "react-hook-form";
import type { FormValues } from "../steps/formValues";
import {
  checkDateParts,
  DATE_PARTS,
  isDateParts,
  type DatePart,
  type DateParts,
} from "../steps/dateParts";
import { MIN_DATE } from "../steps/validateField";
import { inputId, type FieldProps } from "./types";
import { useFieldError } from "./useFieldError";

const LABELS: Record<DatePart, string> = { day: "Jour", month: "Mois", year: "Année" };
const EMPTY: DateParts = { day: "", month: "", year: "" };

/**
 * A known date (a birth date, the start of a period) as the DSFR asks it: day, month and year in
 * three numeric text inputs grouped by a fieldset, in French whatever the browser's language.
 * Nothing moves the focus while typing; on a failed submit it goes to the first input at fault.
 */
export function DateField({ field, hideLabel, today }: FieldProps) {
  const { field: input } = useController<FormValues>({ name: field.name });
  const error = useFieldError(field.name);
  const value = isDateParts(input.value) ? input.value : EMPTY;
  const id = inputId(field);
  const inputs = useRef<Partial<Record<DatePart, HTMLInputElement | null>>>({});
  // The inputs at fault: the check is the one the form's validation makes, on the same value.
  const check = error ? checkDateParts(value, { min: MIN_DATE, max: today }) : undefined;
  const faulty = new Set<DatePart>(check && !check.ok ? check.parts : []);
  // The form focuses a field in error through its ref: the first input at fault, read when it
  // happens (the value of this render may be older than the submitted one).
  const focusTarget = {
    focus: () => {
      const current = input.value;
      const parts = isDateParts(current) ? current : EMPTY;
      const result = checkDateParts(parts, { min: MIN_DATE, max: today });
      const first = result.ok ? "day" : (result.parts[0] ?? "day");
      inputs.current[first]?.focus();
    },
  };
  const messagesId = `${id}-messages`;
  const autoComplete = field.autocomplete === "bday";

  return (
    <fieldset
      className={`fr-fieldset${error ? " fr-fieldset--error" : ""}`}
      id={id}
      role="group"
      aria-labelledby={`${id}-legend ${messagesId}`}
    >
      <legend id={`${id}-legend`} className="fr-fieldset__legend fr-text--regular">
        <span className={hideLabel ? "fr-sr-only" : undefined}>
          {field.question}
          {field.hint && <span className="fr-hint-text">{field.hint}</span>}
        </span>
        <span className="fr-hint-text">Par exemple&nbsp;: 14 7 2005</span>
      </legend>
      {DATE_PARTS.map((part) => (
        <div
          key={part}
          className={`fr-fieldset__element fr-fieldset__element--inline fr-fieldset__element--${part === "year" ? "year" : "number"}`}
        >
          <div className="fr-input-group">
            <label className="fr-label" htmlFor={`${id}-${part}`}>
              {LABELS[part]}
            </label>
            <input
              ref={(element) => {
                inputs.current[part] = element;
                if (part === "day") input.ref(element ? focusTarget : null);
              }}
              className="fr-input"
              id={`${id}-${part}`}
              name={`${input.name}.${part}`}
              type="text"
              inputMode="numeric"
              autoComplete={autoComplete ? `bday-${part}` : "off"}
              value={value[part]}
              onChange={(event) => input.onChange({ ...value, [part]: event.target.value })}
              onBlur={input.onBlur}
              required={!field.optional}
              aria-invalid={faulty.has(part) || undefined}
              aria-describedby={error ? messagesId : undefined}
            />
          </div>
        </div>
      ))}
      <div className="fr-messages-group" id={messagesId} aria-live="polite">
        {error && <p className="fr-message fr-message--error">{error}</p>}
      </div>
    </fieldset>
  );
}
