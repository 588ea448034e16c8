import { describe, expect, it } from "vitest";
import { endsSession } from "../../../src/server/storage/session-ending-errors";

describe("which PostgreSQL errors end the session (the client is then discarded)", () => {
  it("keeps the client after a statement's own error", () => {
    expect(endsSession({ severity: "ERROR", code: "55P03" })).toBe(false);
  });

  it("discards it after a FATAL or PANIC message", () => {
    expect(endsSession({ severity: "FATAL", code: "57P01" })).toBe(true);
    expect(endsSession({ severity: "PANIC" })).toBe(true);
  });

  it("discards it after an error of the connection itself", () => {
    expect(endsSession(new Error("Connection terminated unexpectedly"))).toBe(true);
    expect(endsSession(undefined)).toBe(true);
  });
});
