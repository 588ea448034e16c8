import { Input } from "@codegouvfr/react-dsfr/Input";
import { useController } from "react-hook-form";
import type { FormValues } from "../steps/formValues";
import { MIN_DATE } from "../steps/validateField";
import { inputId, type FieldProps } from "./types";
import { useFieldError } from "./useFieldError";

/** A native date input: typed digit by digit with the keyboard, or picked in the calendar. */
export function DateField({ field, hideLabel, today }: FieldProps) {
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
        type: "date",
        name: input.name,
        value: typeof input.value === "string" ? input.value : "",
        onChange: (event) => input.onChange(event.target.value),
        onBlur: input.onBlur,
        ref: input.ref,
        min: MIN_DATE,
        max: today,
        required: !field.optional,
      }}
    />
  );
}
