import { Checkbox } from "@codegouvfr/react-dsfr/Checkbox";
import { useController } from "react-hook-form";
import type { ChoiceOption } from "../../domain";
import type { FormValues } from "../steps/formValues";
import { inputId, type FieldProps } from "./types";
import { useFieldError } from "./useFieldError";

/** Consecutive options under the same heading; one group without heading when none has one. */
function groupsOf(options: ChoiceOption[]): { heading?: string; options: ChoiceOption[] }[] {
  const groups: { heading?: string; options: ChoiceOption[] }[] = [];
  for (const option of options) {
    const last = groups.at(-1);
    if (last && last.heading === option.group) last.options.push(option);
    else groups.push({ ...(option.group ? { heading: option.group } : {}), options: [option] });
  }
  return groups;
}

export function MultiChoiceField({ field, options, hideLabel }: FieldProps) {
  const { field: input } = useController<FormValues>({ name: field.name });
  const error = useFieldError(field.name);
  const selected = Array.isArray(input.value) ? input.value : [];
  const toggle = (value: string) =>
    input.onChange(
      selected.includes(value) ? selected.filter((item) => item !== value) : [...selected, value],
    );
  const boxes = (list: ChoiceOption[], first: boolean) =>
    list.map((option, index) => ({
      label: option.label,
      nativeInputProps: {
        name: input.name,
        value: String(option.value),
        checked: selected.includes(String(option.value)),
        onChange: () => toggle(String(option.value)),
        onBlur: input.onBlur,
        ...(first && index === 0 ? { ref: input.ref } : {}),
      },
    }));
  const groups = groupsOf(options);

  if (groups.every((group) => group.heading === undefined)) {
    return (
      <Checkbox
        id={inputId(field)}
        legend={field.question}
        hintText={field.hint}
        classes={hideLabel ? { legend: "fr-sr-only" } : {}}
        state={error ? "error" : "default"}
        stateRelatedMessage={error}
        options={boxes(options, true)}
      />
    );
  }
  // Many options (the income types): one group of boxes per heading, inside the question's own.
  const id = inputId(field);
  return (
    <fieldset
      id={id}
      className={`fr-fieldset${error ? " fr-fieldset--error" : ""}`}
      aria-labelledby={`${id}-legend`}
    >
      <legend
        id={`${id}-legend`}
        className={`fr-fieldset__legend fr-text--regular${hideLabel ? " fr-sr-only" : ""}`}
      >
        {field.question}
        {field.hint && <span className="fr-hint-text">{field.hint}</span>}
      </legend>
      {groups.map((group, index) => (
        <div className="fr-fieldset__element" key={group.heading ?? index}>
          <Checkbox
            id={`${id}-${index}`}
            legend={group.heading}
            classes={{ legend: "fr-text--bold" }}
            options={boxes(group.options, index === 0)}
          />
        </div>
      ))}
      {error && (
        <div className="fr-messages-group" aria-live="polite">
          <p className="fr-message fr-message--error">{error}</p>
        </div>
      )}
    </fieldset>
  );
}
