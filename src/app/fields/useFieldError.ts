import { get, useFormContext } from "react-hook-form";
import type { FormValues } from "../steps/formValues";

/** The message of the error at `path` (a field name, or a path inside a field's value). */
export function useFieldError(path: string): string | undefined {
  const { formState } = useFormContext<FormValues>();
  const error: unknown = get(formState.errors, path);
  if (typeof error === "object" && error !== null && "message" in error) {
    return typeof error.message === "string" ? error.message : undefined;
  }
  return undefined;
}
