import { createHash } from "node:crypto";
import { canonicalJson } from "../../domain/canonical-json";

export { canonicalJson };

/** The cache key of an engine request: a SHA-256 of the engine's version and the canonical request. */
export function requestKey(engineVersion: string, request: unknown): string {
  return createHash("sha256")
    .update(engineVersion)
    .update("\n")
    .update(canonicalJson(request))
    .digest("hex");
}
