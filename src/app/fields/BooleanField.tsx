import { RadioButtons } from "@codegouvfr/react-dsfr/RadioButtons";
import { useController } from "react-hook-form";
import type { FormValues } from "../steps/formValues";
import { inputId, type FieldProps } from "./types";
import { useFieldError } from "./useFieldError";

const CHOICES = [
  { value: "true", label: "Oui" },
  { value: "false", label: "Non" },
] as const;

export function BooleanField({ field, hideLabel }: FieldProps) {
  const { field: input } = useController<FormValues>({ name: field.name });
  const error = useFieldError(field.name);
  return (
    <RadioButtons
      id={inputId(field)}
      name={input.name}
      legend={field.question}
      hintText={field.hint}
      orientation="horizontal"
      classes={hideLabel ? { legend: "fr-sr-only" } : {}}
      state={error ? "error" : "default"}
      stateRelatedMessage={error}
      options={CHOICES.map((choice, index) => ({
        label: choice.label,
        nativeInputProps: {
          value: choice.value,
          checked: input.value === choice.value,
          onChange: () => input.onChange(choice.value),
          onBlur: input.onBlur,
          required: !field.optional,
          ...(index === 0 ? { ref: input.ref } : {}),
        },
      }))}
    />
  );
}
