/**
 * A loopback TCP relay in front of a real server (the shared engine), that a test can cut: new
 * connections are then refused and open ones reset, as when the engine's process is gone. Lets a
 * test take the engine away from one server without booting an engine of its own (tens of
 * seconds) and without stopping the one every other test file shares.
 */
import { connect, createServer, type AddressInfo, type Socket } from "node:net";

export interface CuttableRelay {
  /** The relay's address, to give the server instead of the target's. */
  url: string;
  /** Refuses new connections and resets the open ones; idempotent. */
  cut(): Promise<void>;
}

export async function startCuttableRelay(targetUrl: string): Promise<CuttableRelay> {
  const target = new URL(targetUrl);
  const open = new Set<Socket>();
  const server = createServer((incoming) => {
    const outgoing = connect(Number(target.port), target.hostname);
    const pair = [incoming, outgoing];
    for (const socket of pair) {
      open.add(socket);
      socket.on("error", () => pair.forEach((s) => s.destroy()));
      socket.on("close", () => {
        open.delete(socket);
        pair.forEach((s) => s.destroy());
      });
    }
    incoming.pipe(outgoing).pipe(incoming);
  });
  await new Promise<void>((listening) => server.listen(0, "127.0.0.1", listening));
  const { port } = server.address() as AddressInfo;
  let closed: Promise<void> | undefined;
  return {
    url: `http://127.0.0.1:${port}`,
    cut() {
      closed ??= new Promise<void>((done) => {
        server.close(() => done());
        for (const socket of open) socket.resetAndDestroy();
      });
      return closed;
    },
  };
}
