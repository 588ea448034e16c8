import { Checkbox } from "@codegouvfr/react-dsfr/Checkbox";
import { useController } from "react-hook-form";
import type { FormValues } from "../steps/formValues";
import { inputId, type FieldProps } from "./types";
import { useFieldError } from "./useFieldError";

export function MultiChoiceField({ field, options, hideLabel }: FieldProps) {
  const { field: input } = useController<FormValues>({ name: field.name });
  const error = useFieldError(field.name);
  const selected = Array.isArray(input.value) ? input.value : [];
  const toggle = (value: string) =>
    input.onChange(
      selected.includes(value) ? selected.filter((item) => item !== value) : [...selected, value],
    );
  return (
    <Checkbox
      id={inputId(field)}
      legend={field.question}
      hintText={field.hint}
      classes={hideLabel ? { legend: "fr-sr-only" } : {}}
      state={error ? "error" : "default"}
      stateRelatedMessage={error}
      options={options.map((option, index) => ({
        label: option.label,
        nativeInputProps: {
          name: input.name,
          value: String(option.value),
          checked: selected.includes(String(option.value)),
          onChange: () => toggle(String(option.value)),
          onBlur: input.onBlur,
          ...(index === 0 ? { ref: input.ref } : {}),
        },
      }))}
    />
  );
}
