import { Input } from "@codegouvfr/react-dsfr/Input";
import { useController } from "react-hook-form";
import type { FormValues } from "../steps/formValues";
import { inputId, type FieldProps } from "./types";
import { useFieldError } from "./useFieldError";

// A text input with a numeric keyboard: unlike type="number", it accepts "12,5" and does not
// change its value on scroll.
export function NumberField({ field, hideLabel }: FieldProps) {
  const { field: input } = useController<FormValues>({ name: field.name });
  const error = useFieldError(field.name);
  return (
    <Input
      label={field.question}
      hintText={field.hint}
      hideLabel={hideLabel}
      state={error ? "error" : "default"}
      stateRelatedMessage={error}
      nativeInputProps={{
        id: inputId(field),
        type: "text",
        // A whole number (months, children) gets the keyboard without a decimal separator.
        inputMode: field.integer ? "numeric" : "decimal",
        autoComplete: "off",
        name: input.name,
        value: typeof input.value === "string" ? input.value : "",
        onChange: (event) => input.onChange(event.target.value),
        onBlur: input.onBlur,
        ref: input.ref,
        required: !field.optional,
      }}
    />
  );
}
