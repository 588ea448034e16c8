/**
 * The compiled server (`npm run build:server` → dist/server/main.js), run as `npm start` runs it
 * (scripts/serve.sh): it finds the schema bundle and the engine's files from dist/, migrates its
 * database, stores and serves a simulation, and writes one access line per request.
 */
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { builtinModules } from "node:module";
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

it("writes no credential of a query string in its access lines", async () => {
  const secret = "Zx9-secret-value";
  const path = "/api/simulation/journal-secret";
  await fetch(
    `${server.baseUrl}${path}?access_token=${secret}&authorization=Bearer%20${secret}&api_key=${secret}&days=3`,
  );
  const line = await waitFor("the access line", () =>
    server
      .output()
      .split("\n")
      .find((candidate) => candidate.includes(path)),
  );
  expect(line).not.toContain(secret);
  expect((JSON.parse(line) as { req: { url: string } }).req.url).toBe(
    `${path}?access_token=[redacted]&authorization=[redacted]&api_key=[redacted]&days=3`,
  );
});

it("imports only runtime dependencies and Node's own modules (no devDependency: smtp-server…)", () => {
  const bundle = readFileSync(new URL("../../dist/server/main.js", import.meta.url), "utf8");
  const manifest = JSON.parse(
    readFileSync(new URL("../../package.json", import.meta.url), "utf8"),
  ) as { dependencies: Record<string, string> };
  // `from "x"`, `import("x")`, `import "x"`, `createRequire(…)("x")`, `require("x")`, `.resolve("x/…")`
  // (not any `(…)("x")`: the limiters are made by `(deps.limiters ?? memory…)("stats-ip", …)`).
  const specifier =
    /(?:\bfrom\s*|\bimport\s*\(?\s*|\bcreateRequire\([^)]*\)\s*\(\s*|\brequire\w*\s*\(\s*|\.resolve\(\s*)["']([^"'./\s][^"'\s]*)["']/g;
  const packages = new Set<string>();
  for (const [, name] of bundle.matchAll(specifier)) {
    const parts = name!.split("/");
    packages.add(parts[0]!.startsWith("@") ? `${parts[0]}/${parts[1]}` : parts[0]!);
  }
  const builtin = new Set(builtinModules);
  const outside = [...packages].filter(
    (name) => !name.startsWith("node:") && !builtin.has(name) && !(name in manifest.dependencies),
  );
  expect(packages.size).toBeGreaterThan(5);
  expect(outside).toEqual([]);
  expect(packages).not.toContain("smtp-server");
});
