import { createServer } from "node:net";
import type { EngineLogger } from "../../../src/server/engine";

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() =>
        typeof address === "object" && address
          ? resolve(address.port)
          : reject(new Error("no port")),
      );
    });
  });
}

/** Keeps engine logs out of the test output unless something goes wrong. */
export function quietLogger(): EngineLogger {
  return { info: () => undefined, warn: console.warn, error: console.error };
}
