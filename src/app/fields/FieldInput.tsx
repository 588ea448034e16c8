import type { FieldKind } from "../../domain";
import { FieldHelp } from "../simulation/HelpLink";
import { BooleanField } from "./BooleanField";
import { ChoiceField } from "./ChoiceField";
import { CommuneField } from "./CommuneField";
import { DateField } from "./DateField";
import { MoneyField } from "./MoneyField";
import { MonthlyAmountsField } from "./MonthlyAmountsField";
import { MultiChoiceField } from "./MultiChoiceField";
import { NumberField } from "./NumberField";
import { TextField } from "./TextField";
import type { FieldProps } from "./types";

const COMPONENTS: Record<FieldKind, (props: FieldProps) => React.JSX.Element> = {
  date: DateField,
  boolean: BooleanField,
  choice: ChoiceField,
  multi_choice: MultiChoiceField,
  number: NumberField,
  money: MoneyField,
  monthly_amounts: MonthlyAmountsField,
  commune: CommuneField,
  text: TextField,
  email: TextField,
  phone: TextField,
};

/** Renders a field by its kind, with its "en savoir plus" text when it has one. */
export function FieldInput(props: FieldProps) {
  const Component = COMPONENTS[props.field.kind];
  return (
    <div className="fr-mb-4w">
      <Component {...props} />
      <FieldHelp field={props.field} />
    </div>
  );
}
