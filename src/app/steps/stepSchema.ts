import "../zodConfig";
import { z } from "zod";
import type { AnswerValue, ChoiceOption, ResolvedField } from "../../domain";
import { optionsOf, type FormValue, type FormValues } from "./formValues";
import { validateField } from "./validateField";

export type StepOutput = Record<string, AnswerValue | undefined>;

/** The zod schema of a step form: each field is checked and converted to its answer value. */
export function buildStepSchema(
  fields: ResolvedField[],
  options: { today: string; enumerations: Record<string, ChoiceOption[]> },
): z.ZodType<StepOutput, FormValues> {
  const shape = Object.fromEntries(
    fields.map((field) => {
      const context = { today: options.today, options: optionsOf(field, options.enumerations) };
      const schema = z.custom<FormValue>().transform((raw, ctx) => {
        const { value, issues } = validateField(field, raw, context);
        for (const issue of issues) {
          ctx.addIssue({ code: "custom", message: issue.message, path: issue.path });
        }
        return value;
      });
      return [field.name, schema];
    }),
  );
  return z.object(shape) as unknown as z.ZodType<StepOutput, FormValues>;
}
