type Capture = (error: unknown) => void;

let capture: Capture | undefined;

/** Set once the error-reporting SDK has started. */
export function setErrorCapture(next: Capture | undefined): void {
  capture = next;
}

/** Logs an unexpected error, and reports it when error reporting runs. */
export function reportError(error: unknown): void {
  console.error(error);
  capture?.(error);
}
