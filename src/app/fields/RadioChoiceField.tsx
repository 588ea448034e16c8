import { RadioButtons } from "@codegouvfr/react-dsfr/RadioButtons";
import { useController } from "react-hook-form";
import type { FormValues } from "../steps/formValues";
import { inputId, type FieldProps } from "./types";
import { useFieldError } from "./useFieldError";

export function RadioChoiceField({ field, options, hideLabel }: FieldProps) {
  const { field: input } = useController<FormValues>({ name: field.name });
  const error = useFieldError(field.name);
  return (
    <RadioButtons
      id={inputId(field)}
      name={input.name}
      legend={field.question}
      hintText={field.hint}
      classes={hideLabel ? { legend: "fr-sr-only" } : {}}
      state={error ? "error" : "default"}
      stateRelatedMessage={error}
      options={options.map((option, index) => ({
        label: option.label,
        nativeInputProps: {
          value: String(option.value),
          checked: input.value === String(option.value),
          onChange: () => input.onChange(String(option.value)),
          onBlur: input.onBlur,
          required: !field.optional,
          ...(index === 0 ? { ref: input.ref } : {}),
        },
      }))}
    />
  );
}
