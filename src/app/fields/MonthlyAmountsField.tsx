import { Checkbox } from "@codegouvfr/react-dsfr/Checkbox";
import { useController } from "react-hook-form";
import { periodsOf, type FormValues, type MonthlyAmountsValue } from "../steps/formValues";
import { AmountInput } from "./AmountInput";
import { PeriodAmountInput } from "./PeriodAmountInput";
import { inputId, type FieldProps } from "./types";
import { useFieldError } from "./useFieldError";

function asAmounts(value: unknown): MonthlyAmountsValue {
  if (typeof value === "object" && value !== null && "byPeriod" in value) {
    return value as MonthlyAmountsValue;
  }
  return { same: true, single: "", byPeriod: {} };
}

/**
 * An income over several periods. By default one amount applies to every month; unticking
 * "Même montant tous les mois" shows one input per period, two a row on a phone (three wider).
 */
export function MonthlyAmountsField({ field, hideLabel }: FieldProps) {
  const { field: input } = useController<FormValues>({ name: field.name });
  const value = asAmounts(input.value);
  const periods = periodsOf(field);
  const id = inputId(field);
  const fieldError = useFieldError(field.name);
  const singleError = useFieldError(`${field.name}.single`);
  const canShare = periods.length > 1;
  const shared = canShare && value.same;
  const first = periods[0];
  const last = periods[periods.length - 1];

  const setShared = (same: boolean) => {
    if (same) {
      input.onChange({ ...value, same, single: first ? (value.byPeriod[first.id] ?? "") : "" });
    } else {
      const byPeriod = Object.fromEntries(periods.map((period) => [period.id, value.single]));
      input.onChange({ ...value, same, byPeriod });
    }
  };

  return (
    <fieldset className="fr-fieldset" aria-labelledby={`${id}-legend`}>
      <legend
        id={`${id}-legend`}
        className={`fr-fieldset__legend fr-text--regular${hideLabel ? " fr-sr-only" : ""}`}
      >
        {field.question}
        {field.hint && <span className="fr-hint-text">{field.hint}</span>}
      </legend>
      {canShare && (
        <div className="fr-fieldset__element">
          <Checkbox
            id={`${id}-meme-montant`}
            small
            options={[
              {
                label: "Même montant tous les mois",
                nativeInputProps: {
                  checked: value.same,
                  onChange: (event) => setShared(event.target.checked),
                },
              },
            ]}
          />
        </div>
      )}
      {shared && first && last ? (
        <div className="fr-fieldset__element">
          <AmountInput
            id={`${id}-montant`}
            name={`${input.name}.single`}
            label={`Montant mensuel, de ${first.label} à ${last.label}`}
            value={value.single}
            onChange={(single) => input.onChange({ ...value, single })}
            onBlur={input.onBlur}
            inputRef={input.ref}
            error={singleError ?? fieldError}
            required
          />
        </div>
      ) : (
        periods.map((period, index) => (
          <div className="fr-fieldset__element app-period" key={period.id}>
            <PeriodAmountInput
              id={`${id}-${period.id}`}
              fieldName={input.name}
              period={period}
              value={value.byPeriod[period.id] ?? ""}
              onChange={(amount) =>
                input.onChange({ ...value, byPeriod: { ...value.byPeriod, [period.id]: amount } })
              }
              onBlur={input.onBlur}
              inputRef={index === 0 ? input.ref : undefined}
            />
          </div>
        ))
      )}
    </fieldset>
  );
}
