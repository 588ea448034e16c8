import { Input } from "@codegouvfr/react-dsfr/Input";
import type { HTMLInputAutoCompleteAttribute } from "react";
import { useController } from "react-hook-form";
import type { FieldKind } from "../../domain";
import type { FormValues } from "../steps/formValues";
import { inputId, type FieldProps } from "./types";
import { useFieldError } from "./useFieldError";

const INPUT_TYPES: Partial<
  Record<FieldKind, { type: string; autoComplete: HTMLInputAutoCompleteAttribute }>
> = {
  email: { type: "email", autoComplete: "email" },
  phone: { type: "tel", autoComplete: "tel" },
};

/** Free text, e-mail address or phone number. */
export function TextField({ field, hideLabel }: FieldProps) {
  const { field: input } = useController<FormValues>({ name: field.name });
  const error = useFieldError(field.name);
  const byKind = INPUT_TYPES[field.kind] ?? { type: "text", autoComplete: "off" };
  // The visitor's own details say what they are, for autofill (WCAG 1.3.5).
  const type = byKind.type;
  const autoComplete = field.autocomplete ?? byKind.autoComplete;
  return (
    <Input
      label={field.question}
      hintText={field.hint}
      hideLabel={hideLabel}
      state={error ? "error" : "default"}
      stateRelatedMessage={error}
      nativeInputProps={{
        id: inputId(field),
        type,
        autoComplete,
        spellCheck: false,
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
