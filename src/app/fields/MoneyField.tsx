import { useController } from "react-hook-form";
import type { FormValues } from "../steps/formValues";
import { AmountInput } from "./AmountInput";
import { inputId, type FieldProps } from "./types";
import { useFieldError } from "./useFieldError";

export function MoneyField({ field, hideLabel }: FieldProps) {
  const { field: input } = useController<FormValues>({ name: field.name });
  const error = useFieldError(field.name);
  return (
    <AmountInput
      id={inputId(field)}
      name={input.name}
      label={field.question}
      hint={field.hint}
      hideLabel={hideLabel}
      value={typeof input.value === "string" ? input.value : ""}
      onChange={input.onChange}
      onBlur={input.onBlur}
      inputRef={input.ref}
      error={error}
      required={!field.optional}
    />
  );
}
