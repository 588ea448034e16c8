/**
 * Starts one real OpenFisca engine for the whole integration project (booting it takes tens of
 * seconds, so test files share it) and hands its URL to the tests through `inject("engineUrl")`.
 * Tests that stop or kill an engine start their own instead.
 */
import type { TestProject } from "vitest/node";
import { createEngineSupervisor } from "../../../src/server/engine";
import { freePort, quietLogger } from "../helpers/engine";

declare module "vitest" {
  export interface ProvidedContext {
    engineUrl: string;
  }
}

/** The engine and the number of projects using it (both integration projects set it up). */
interface Shared {
  engine: Promise<ReturnType<typeof createEngineSupervisor>>;
  users: number;
}
const shared = globalThis as typeof globalThis & { sharedIntegrationEngine?: Shared };

async function startEngine() {
  const engine = createEngineSupervisor({
    port: await freePort(),
    workers: 2,
    logger: quietLogger(),
  });
  await engine.start();
  await engine.waitUntilReady(300_000);
  return engine;
}

export default async function setup(project: TestProject) {
  // One engine for every project of the run (vitest sets each project up in the same process).
  shared.sharedIntegrationEngine ??= { engine: startEngine(), users: 0 };
  const use = shared.sharedIntegrationEngine;
  use.users++;
  const engine = await use.engine;
  project.provide("engineUrl", engine.baseUrl);
  return async () => {
    if (--use.users > 0) return;
    shared.sharedIntegrationEngine = undefined;
    await engine.stop();
  };
}
