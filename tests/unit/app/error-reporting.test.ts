import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import * as Sentry from "@sentry/browser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  IGNORED_ERRORS,
  TRACES_SAMPLE_RATE,
  errorReportingOptions,
} from "../../../src/app/error-reporting/options";
import { reportError } from "../../../src/app/error-reporting/report";
import { initErrorReporting } from "../../../src/app/error-reporting/start";

describe("error reporting options", () => {
  it("is off without a DSN", () => {
    expect(errorReportingOptions(undefined)).toBeUndefined();
    expect(errorReportingOptions("  ")).toBeUndefined();
  });

  it("samples one trace in ten and ignores the errors of docs/product.md §8", () => {
    expect(errorReportingOptions("https://key@errors.example/3", "deploy-preview")).toEqual({
      dsn: "https://key@errors.example/3",
      tracesSampleRate: 0.1,
      ignoreErrors: ["Can't find variable: gmo", /change_ua/],
      environment: "deploy-preview",
    });
    expect(TRACES_SAMPLE_RATE).toBe(0.1);
    expect(IGNORED_ERRORS).toHaveLength(2);
  });
});

describe("error reporting to a Sentry-compatible server on loopback", () => {
  let server: Server;
  let dsn: string;
  const envelopes: { url: string; body: string }[] = [];

  beforeAll(async () => {
    server = createServer((request, response) => {
      let body = "";
      request.on("data", (chunk: Buffer) => (body += chunk.toString()));
      request.on("end", () => {
        envelopes.push({ url: request.url ?? "", body });
        response.writeHead(200, { "content-type": "application/json" }).end("{}");
      });
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    dsn = `http://publickey@127.0.0.1:${(server.address() as AddressInfo).port}/7`;
  });
  afterAll(async () => {
    await Sentry.close(2000);
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it("sends reported errors as envelopes, except the ignored ones", async () => {
    initErrorReporting(Sentry, errorReportingOptions(dsn)!, { tracing: false });
    const original = console.error;
    console.error = () => {};
    try {
      reportError(new Error("Can't find variable: gmo"));
      reportError(new Error("ReferenceError in change_ua script"));
      reportError(new Error("Le calcul a échoué"));
    } finally {
      console.error = original;
    }
    await Sentry.flush(5000);
    const events = envelopes.filter((envelope) => envelope.body.includes('"type":"event"'));
    expect(events).toHaveLength(1);
    expect(events[0]!.url).toMatch(/^\/api\/7\/envelope\/\?.*sentry_key=publickey/);
    expect(events[0]!.body).toContain("Le calcul a échoué");
    expect(envelopes.map((envelope) => envelope.body).join("\n")).not.toMatch(/gmo|change_ua/);
  });
});
