/** docs/product.md §9: one transaction in ten is traced. */
export const TRACES_SAMPLE_RATE = 0.1;

/** docs/product.md §8: errors of third-party scripts and browser extensions, never reported. */
export const IGNORED_ERRORS: (string | RegExp)[] = ["Can't find variable: gmo", /change_ua/];

export interface ErrorReportingOptions {
  dsn: string;
  tracesSampleRate: number;
  ignoreErrors: (string | RegExp)[];
  environment?: string;
}

/** The error-reporting options, or undefined (reporting off) without a DSN. */
export function errorReportingOptions(
  dsn: string | undefined,
  environment?: string,
): ErrorReportingOptions | undefined {
  const trimmed = dsn?.trim();
  if (!trimmed) return undefined;
  return {
    dsn: trimmed,
    tracesSampleRate: TRACES_SAMPLE_RATE,
    ignoreErrors: IGNORED_ERRORS,
    ...(environment ? { environment } : {}),
  };
}
