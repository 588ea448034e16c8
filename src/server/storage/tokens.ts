import { createHash, randomBytes, timingSafeEqual } from "node:crypto";

/** 128 random bits, base64url: 22 characters. */
export const SIMULATION_ID_PATTERN = /^[A-Za-z0-9_-]{22}$/;

export function newSimulationId(): string {
  return randomBytes(16).toString("base64url");
}

/** 256 random bits, base64url: 43 characters. */
export function newToken(): string {
  return randomBytes(32).toString("base64url");
}

export function hashToken(token: string): string {
  return createHash("sha256").update(token, "utf8").digest("hex");
}

/** Compares a presented token with a stored hash in constant time. */
export function tokenMatchesHash(token: string, expectedHashHex: string): boolean {
  const actual = createHash("sha256").update(token, "utf8").digest();
  const expected = Buffer.from(expectedHashHex, "hex");
  // Both are SHA-256 digests, so lengths only differ if the stored hash is corrupt.
  return expected.length === actual.length && timingSafeEqual(actual, expected);
}
