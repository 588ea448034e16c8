import { RadioChoiceField } from "./RadioChoiceField";
import { SelectChoiceField } from "./SelectChoiceField";
import type { FieldProps } from "./types";

/** Beyond this many choices, radio buttons give way to a select. */
export const MAX_RADIO_OPTIONS = 8;

export function ChoiceField(props: FieldProps) {
  return props.options.length > MAX_RADIO_OPTIONS ? (
    <SelectChoiceField {...props} />
  ) : (
    <RadioChoiceField {...props} />
  );
}
