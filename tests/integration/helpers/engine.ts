import { inject } from "vitest";
import {
  createEngineSupervisor,
  type EngineLogger,
  type EngineSupervisor,
} from "../../../src/server/engine";

export { freePort } from "./free-port";

/** Keeps engine logs out of the test output unless something goes wrong. */
export function quietLogger(): EngineLogger {
  return { info: () => undefined, warn: console.warn, error: console.error };
}

/**
 * A supervisor watching the engine started once for the integration project
 * (tests/integration/setup/shared-engine.ts). Call `stop()` when done: it only stops watching.
 */
export async function sharedEngine(): Promise<EngineSupervisor> {
  const engine = createEngineSupervisor({
    externalUrl: inject("engineUrl"),
    logger: quietLogger(),
  });
  await engine.start();
  await engine.waitUntilReady(60_000);
  return engine;
}
