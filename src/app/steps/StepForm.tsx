import { Button } from "@codegouvfr/react-dsfr/Button";
import { zodResolver } from "@hookform/resolvers/zod";
import { useEffect, useMemo } from "react";
import { FormProvider, useForm } from "react-hook-form";
import type { AnswerValue, ChoiceOption, StepInstance } from "../../domain";
import { FieldInput } from "../fields/FieldInput";
import { optionsOf, toFormValues, type FormValues } from "./formValues";
import { buildStepSchema, type StepOutput } from "./stepSchema";
import { forgetTypedBeforeStart, typedBeforeStart, withTypedFields } from "./typedBeforeStart";

interface StepFormProps {
  step: StepInstance;
  /** The page title when the step asks several questions. */
  title: string;
  /** The stored answers of the step's fields. */
  values: Record<string, AnswerValue | undefined>;
  enumerations: Record<string, ChoiceOption[]>;
  /** Today as `YYYY-MM-DD`. */
  today: string;
  onSubmit: (values: StepOutput) => void;
}

/** Renders any step of the journey from its fields, validates it and hands back answer values. */
export function StepForm({ step, title, values, enumerations, today, onSubmit }: StepFormProps) {
  const schema = useMemo(
    () => buildStepSchema(step.fields, { today, enumerations }),
    [step.fields, today, enumerations],
  );
  const form = useForm<FormValues, unknown, StepOutput>({
    // A pre-rendered first question starts from what the visitor typed before the app started.
    defaultValues: withTypedFields(toFormValues(step.fields, values), typedBeforeStart()),
    resolver: zodResolver(schema),
    mode: "onSubmit",
    reValidateMode: "onChange",
  });
  useEffect(forgetTypedBeforeStart, []);
  const [onlyField] = step.fields;
  // A lone question is the page heading, unless the step has a title of its own.
  const single = step.fields.length === 1 && onlyField !== undefined && !step.title;
  const heading = single ? onlyField.question : title;

  return (
    <FormProvider {...form}>
      <form noValidate onSubmit={form.handleSubmit(onSubmit)}>
        <h1 className="fr-h3" tabIndex={-1}>
          {heading}
        </h1>
        {single && onlyField.hint && (
          <p className="fr-hint-text fr-mb-3w" aria-hidden="true">
            {onlyField.hint}
          </p>
        )}
        {step.fields.map((field) => (
          <FieldInput
            key={field.name}
            field={field}
            options={optionsOf(field, enumerations)}
            hideLabel={single}
            today={today}
          />
        ))}
        <Button type="submit" size="large" iconId="fr-icon-arrow-right-line" iconPosition="right">
          Suivant
        </Button>
      </form>
    </FormProvider>
  );
}
