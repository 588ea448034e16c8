import type { Ref } from "react";
import { AmountInput } from "./AmountInput";
import { useFieldError } from "./useFieldError";

interface PeriodAmountInputProps {
  id: string;
  fieldName: string;
  period: { id: string; label: string };
  value: string;
  onChange: (value: string) => void;
  onBlur: () => void;
  inputRef?: Ref<HTMLInputElement>;
}

/** The amount of one period of an income. */
export function PeriodAmountInput(props: PeriodAmountInputProps) {
  const path = `${props.fieldName}.byPeriod.${props.period.id}`;
  const error = useFieldError(path);
  return (
    <AmountInput
      id={props.id}
      name={path}
      label={props.period.label}
      value={props.value}
      onChange={props.onChange}
      onBlur={props.onBlur}
      inputRef={props.inputRef}
      error={error}
      required
    />
  );
}
