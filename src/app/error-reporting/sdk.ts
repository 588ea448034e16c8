// Only what the app uses, so that the lazily loaded chunk leaves the rest of the SDK out.
export { browserTracingIntegration, captureException, init } from "@sentry/browser";
