import { Input } from "@codegouvfr/react-dsfr/Input";
import type { ReactNode, Ref } from "react";

interface AmountInputProps {
  id: string;
  name: string;
  label: ReactNode;
  hint?: ReactNode;
  hideLabel?: boolean;
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  inputRef?: Ref<HTMLInputElement>;
  error?: string;
  required?: boolean;
}

/** An amount in euros: a decimal text input followed by the "€" unit. */
export function AmountInput(props: AmountInputProps) {
  return (
    <Input
      label={
        <>
          {props.label}
          <span className="fr-sr-only"> (en euros)</span>
        </>
      }
      hintText={props.hint}
      hideLabel={props.hideLabel}
      state={props.error ? "error" : "default"}
      stateRelatedMessage={props.error}
      classes={{ wrap: "app-amount" }}
      addon={
        <span className="app-amount__unit" aria-hidden="true">
          €
        </span>
      }
      nativeInputProps={{
        id: props.id,
        type: "text",
        inputMode: "decimal",
        autoComplete: "off",
        name: props.name,
        value: props.value,
        onChange: (event) => props.onChange(event.target.value),
        onBlur: props.onBlur,
        ref: props.inputRef,
        required: props.required,
      }}
    />
  );
}
