import { Button } from "@codegouvfr/react-dsfr/Button";
import { zodResolver } from "@hookform/resolvers/zod";
import { useEffect, useMemo, useState } from "react";
import { FormProvider, useForm } from "react-hook-form";
import type { AnswerValue, ChoiceOption, StepInstance } from "../../domain";
import { FieldInput } from "../fields/FieldInput";
import { optionsOf, toFormValues, type FormValues } from "./formValues";
import { draftOf, forgetDrafts } from "./stepDrafts";
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
  // Back from the step's learn-more page, the form starts from what the visitor had chosen; a
  // pre-rendered first question, from what they typed before the app started.
  const [defaultValues] = useState(
    () =>
      draftOf(step.path) ?? withTypedFields(toFormValues(step.fields, values), typedBeforeStart()),
  );
  const form = useForm<FormValues, unknown, StepOutput>({
    defaultValues,
    resolver: zodResolver(schema),
    mode: "onSubmit",
    reValidateMode: "onChange",
  });
  useEffect(forgetTypedBeforeStart, []);
  useEffect(forgetDrafts, []);
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
