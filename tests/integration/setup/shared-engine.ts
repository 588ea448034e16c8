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

export default async function setup(project: TestProject) {
  const engine = createEngineSupervisor({
    port: await freePort(),
    workers: 2,
    logger: quietLogger(),
  });
  await engine.start();
  await engine.waitUntilReady(300_000);
  project.provide("engineUrl", engine.baseUrl);
  return async () => {
    await engine.stop();
  };
}
