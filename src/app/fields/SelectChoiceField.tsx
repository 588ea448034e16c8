import { Select } from "@codegouvfr/react-dsfr/Select";
import { useController } from "react-hook-form";
import type { FormValues } from "../steps/formValues";
import { inputId, type FieldProps } from "./types";
import { useFieldError } from "./useFieldError";

/** A long list of choices, kept compact in a select. */
export function SelectChoiceField({ field, options, hideLabel }: FieldProps) {
  const { field: input } = useController<FormValues>({ name: field.name });
  const error = useFieldError(field.name);
  return (
    <Select
      className={hideLabel ? "app-label-sr-only" : undefined}
      label={field.question}
      hint={field.hint}
      state={error ? "error" : "default"}
      stateRelatedMessage={error}
      nativeSelectProps={{
        id: inputId(field),
        name: input.name,
        value: typeof input.value === "string" ? input.value : "",
        onChange: (event) => input.onChange(event.target.value),
        onBlur: input.onBlur,
        ref: input.ref,
        required: !field.optional,
      }}
    >
      <option value="" disabled>
        Sélectionnez une réponse
      </option>
      {options.map((option) => (
        <option key={String(option.value)} value={String(option.value)}>
          {option.label}
        </option>
      ))}
    </Select>
  );
}
