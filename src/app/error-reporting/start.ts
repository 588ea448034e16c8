import type * as SentrySdk from "@sentry/browser";
import { telemetryConfig } from "../analytics/runtimeConfig";
import { errorReportingOptions, type ErrorReportingOptions } from "./options";
import { setErrorCapture } from "./report";

type Sdk = Pick<typeof SentrySdk, "init" | "captureException" | "browserTracingIntegration">;

/** Starts the SDK with these options; `reportError` then sends to it. */
export function initErrorReporting(
  sdk: Sdk,
  options: ErrorReportingOptions,
  { tracing = true }: { tracing?: boolean } = {},
): void {
  sdk.init({
    ...options,
    integrations: (defaults) => [
      ...defaults,
      ...(tracing ? [sdk.browserTracingIntegration()] : []),
    ],
  });
  setErrorCapture((error) => sdk.captureException(error));
}

/**
 * Starts error reporting when a DSN is configured (docs/product.md §7). The SDK is a separate chunk,
 * downloaded only then.
 */
export async function startErrorReporting(
  environment: string | undefined = import.meta.env.VITE_BUILD_CONTEXT || undefined,
): Promise<boolean> {
  const { sentryDsn } = await telemetryConfig();
  const options = errorReportingOptions(sentryDsn, environment);
  if (!options) return false;
  initErrorReporting(await import("./sdk"), options);
  return true;
}
