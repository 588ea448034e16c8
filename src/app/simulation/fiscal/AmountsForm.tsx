import { Button } from "@codegouvfr/react-dsfr/Button";
import { useRef, useState, type FormEvent } from "react";
import { AmountInput } from "../../fields/AmountInput";
import { formatDecimal, parseDecimal } from "../../steps/formValues";

export interface AmountField {
  /** Unique in the form. */
  key: string;
  label: string;
  hint?: string;
}

export interface AmountGroup {
  legend: string;
  fields: AmountField[];
}

const INVALID = "Indiquez un montant en euros, par exemple 1200 ou 1200,50.";
const NEGATIVE = "Le montant doit être positif ou nul.";

/** The amount typed in a field: `undefined` when empty, an error message when invalid. */
export function readAmount(raw: string): number | undefined | { error: string } {
  if (raw.trim() === "") return undefined;
  const amount = parseDecimal(raw);
  if (amount === undefined) return { error: INVALID };
  return amount < 0 ? { error: NEGATIVE } : amount;
}

interface AmountsFormProps {
  groups: AmountGroup[];
  values: Record<string, number | undefined>;
  submitLabel: string;
  onSubmit: (values: Record<string, number>) => void;
}

/** Optional amounts in euros, grouped in fieldsets; empty fields are left out. */
export function AmountsForm({ groups, values, submitLabel, onSubmit }: AmountsFormProps) {
  const [raw, setRaw] = useState<Record<string, string>>(() =>
    Object.fromEntries(
      Object.entries(values).map(([key, value]) => [
        key,
        value === undefined ? "" : formatDecimal(value),
      ]),
    ),
  );
  const [errors, setErrors] = useState<Record<string, string>>({});
  const inputs = useRef(new Map<string, HTMLInputElement>());

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const amounts: Record<string, number> = {};
    const problems: Record<string, string> = {};
    for (const field of groups.flatMap((group) => group.fields)) {
      const read = readAmount(raw[field.key] ?? "");
      if (typeof read === "number") amounts[field.key] = read;
      else if (read) problems[field.key] = read.error;
    }
    setErrors(problems);
    const [firstError] = Object.keys(problems);
    if (firstError) {
      inputs.current.get(firstError)?.focus();
      return;
    }
    onSubmit(amounts);
  };

  return (
    <form noValidate onSubmit={submit}>
      {groups.map((group) => (
        <fieldset key={group.legend} className="fr-fieldset fr-mb-2w">
          <legend className="fr-fieldset__legend fr-h6">{group.legend}</legend>
          {group.fields.map((field) => (
            <div key={field.key} className="fr-fieldset__element">
              <AmountInput
                id={`montant-${field.key}`}
                name={field.key}
                label={field.label}
                hint={field.hint}
                value={raw[field.key] ?? ""}
                onChange={(value) => setRaw((current) => ({ ...current, [field.key]: value }))}
                inputRef={(element) => {
                  if (element) inputs.current.set(field.key, element);
                  else inputs.current.delete(field.key);
                }}
                error={errors[field.key]}
              />
            </div>
          ))}
        </fieldset>
      ))}
      <Button type="submit" iconId="fr-icon-arrow-right-line" iconPosition="right">
        {submitLabel}
      </Button>
    </form>
  );
}
