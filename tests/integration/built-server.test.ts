/**
 * The compiled server (`npm run build:server` → dist/server/main.js), run as `npm start` runs it
 * (scripts/serve.sh): it finds the schema bundle and the engine's files from dist/, migrates its
 * database, stores and serves a simulation, and writes one access line per request.
 */
import { execFileSync } from "node:child_process";
import { afterAll, beforeAll, expect, it } from "vitest";
import { student, VALUE_DATE } from "../fixtures/situations";
import {
  createServerDatabase,
  startChildServer,
  type ChildServer,
  sleep,
  waitFor,
  type ServerDatabase,
} from "./helpers/child-server";
import { freePort } from "./helpers/engine";

let database: ServerDatabase;
let server: ChildServer;

beforeAll(async () => {
  execFileSync("npm", ["run", "-s", "build:server"], { stdio: ["ignore", "ignore", "inherit"] });
  database = await createServerDatabase("built-server");
  server = await startChildServer({
    database,
    built: true,
    // Writes and reads need no engine: nobody listens there, and the server starts none.
    env: { ENGINE_URL: `http://127.0.0.1:${await freePort()}` },
  });
}, 120_000);

afterAll(async () => {
  await server?.stop();
  await database?.remove();
});

it("stores a simulation and gives it back to its owner only", async () => {
  const created = await fetch(`${server.baseUrl}/api/simulation`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ answers: { all: student, current: student }, dateDeValeur: VALUE_DATE }),
  });
  expect(created.status, server.output()).toBe(200);
  const { _id, token } = (await created.json()) as { _id: string; token: string };

  const read = await fetch(`${server.baseUrl}/api/simulation/${_id}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(read.status).toBe(200);
  expect(((await read.json()) as { answers: { all: unknown[] } }).answers.all).toEqual(student);

  const anonymous = await fetch(`${server.baseUrl}/api/simulation/${_id}`);
  expect(anonymous.status).toBe(403);
});

it("writes one access line per request, when it completes", async () => {
  await fetch(`${server.baseUrl}/api/simulation/inconnue`);
  // The line is written as the response ends: it may reach us just after the response.
  await waitFor("the access line", () =>
    server.output().includes("/api/simulation/inconnue") ? true : undefined,
  );
  await sleep(200);
  const lines = server
    .output()
    .split("\n")
    .filter((line) => line.includes("/api/simulation/inconnue"));
  expect(lines).toHaveLength(1);
  expect(JSON.parse(lines[0]!)).toMatchObject({
    msg: "request completed",
    req: { method: "GET", url: "/api/simulation/inconnue" },
    res: { statusCode: expect.any(Number) },
  });
});
