/**
 * Two instances of the compiled server (separate processes, as behind a load balancer) over one
 * PostgreSQL, one Redis and one engine pool (issue 19 §4). The engine is reached through a
 * counting proxy: every `/calculate` and every household in it is counted, so "computed once" is
 * read from the engine's side, not from the servers' own statistics.
 */
import { execFileSync } from "node:child_process";
import { createServer, request as httpRequest, type Server } from "node:http";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, expect, inject, it } from "vitest";
import type { Answer } from "../../src/domain";
import { student, VALUE_DATE } from "../fixtures/situations";
import { loadGoldenSituations, simulationPayload } from "../golden/golden";
import {
  createServerDatabase,
  startChildServer,
  type ChildServer,
  type ServerDatabase,
} from "./helpers/child-server";
import { testDatabaseUrl } from "./helpers/database";
import { freePort } from "./helpers/engine";
import { deleteKeys, testRedisPrefix, testRedisUrl } from "./helpers/redis";

const repoRoot = fileURLToPath(new URL("../../", import.meta.url));
const WRITES_PER_MINUTE = 3;
const COMPUTATIONS_PER_MINUTE = 4;

let database: ServerDatabase | undefined;
let servers: ChildServer[] = [];
let engineProxy: Server | undefined;
let redisUrl: string;
let prefix: string;
/**
 * What the engine was asked: `/calculate` requests, the situations in them, and their rents in
 * the order sent (each test's situations differ by their rent).
 */
const engine = { calculations: 0, situations: 0, rents: [] as number[] };
/** Told when the engine's answer to a `/calculate` has been passed on. */
const answered: (() => void)[] = [];
const nextAnswer = () => new Promise<void>((resolve) => answered.push(resolve));

type Batch = { individus?: Record<string, unknown>; menages?: Record<string, unknown> };

/**
 * The situations in one `/calculate`: a batch prefixes each one's ids with `b<index>_`
 * (src/server/compute/batch.ts); a request sent alone is one situation.
 */
function situationsIn(sent: Batch): number {
  const prefixes = new Set(
    Object.keys(sent.individus ?? {}).map((id) => /^b(\d+)_/.exec(id)?.[1] ?? "alone"),
  );
  return prefixes.size;
}

/** The rent of each situation in one `/calculate` (its household's `loyer`, whatever the month). */
function rentsIn(sent: Batch): number[] {
  return Object.values(sent.menages ?? {}).flatMap((menage) => {
    const loyer = (menage as { loyer?: Record<string, unknown> }).loyer ?? {};
    const rent = Object.values(loyer).find((value) => typeof value === "number");
    return typeof rent === "number" ? [rent] : [];
  });
}

/** Forwards everything to the shared engine, counting `/calculate` requests and situations. */
async function startEngineProxy(target: string): Promise<string> {
  const upstream = new URL(target);
  engineProxy = createServer((incoming, outgoing) => {
    const chunks: Buffer[] = [];
    incoming.on("data", (chunk: Buffer) => chunks.push(chunk));
    incoming.on("end", () => {
      const body = Buffer.concat(chunks);
      if (incoming.method === "POST" && incoming.url?.startsWith("/calculate")) {
        const sent = JSON.parse(body.toString("utf8")) as Batch;
        engine.calculations++;
        engine.situations += situationsIn(sent);
        engine.rents.push(...rentsIn(sent));
      }
      const forwarded = httpRequest(
        {
          host: upstream.hostname,
          port: upstream.port,
          path: incoming.url,
          method: incoming.method,
          headers: { ...incoming.headers, host: upstream.host },
        },
        (answer) => {
          outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(outgoing);
          if (incoming.url?.startsWith("/calculate"))
            answer.on("end", () => {
              for (const resolve of answered.splice(0)) resolve();
            });
        },
      );
      forwarded.on("error", () => outgoing.destroy());
      forwarded.end(body);
    });
  });
  const port = await freePort();
  await new Promise<void>((resolve) => engineProxy!.listen(port, "127.0.0.1", resolve));
  return `http://127.0.0.1:${port}`;
}

beforeAll(async () => {
  execFileSync("npm", ["run", "-s", "build:server"], {
    cwd: repoRoot,
    stdio: ["ignore", "ignore", "inherit"],
  });
  // Several processes over one database: always PostgreSQL (the SQLite run of `npm test` skips
  // this file, the PostgreSQL run has TEST_DATABASE_URL).
  if (!testDatabaseUrl()) {
    process.env.TEST_DATABASE_URL = execFileSync("bash", ["scripts/ensure-postgres.sh"], {
      cwd: repoRoot,
      encoding: "utf8",
      stdio: ["ignore", "pipe", "inherit"],
    }).trim();
  }
  redisUrl = testRedisUrl();
  prefix = testRedisPrefix("two-instances");
  database = await createServerDatabase("two_instances");
  const env = {
    ENGINE_URL: await startEngineProxy(inject("engineUrl")),
    ENGINE_WORKERS: "2",
    // On a loaded machine 200 situations wait longer than the default 10 s for the engine.
    ENGINE_QUEUE_TIMEOUT_MS: "40000",
    ENGINE_CLIENT_TIMEOUT_MS: "55000",
    REDIS_URL: redisUrl,
    REDIS_KEY_PREFIX: prefix,
    // Each visitor's address comes from X-Forwarded-For, as behind the load balancer.
    TRUST_PROXY: "true",
    WRITES_PER_MINUTE_PER_IP: String(WRITES_PER_MINUTE),
    COMPUTATIONS_PER_MINUTE_PER_IP: String(COMPUTATIONS_PER_MINUTE),
  };
  servers = await Promise.all(
    [1, 2].map(() => startChildServer({ database: database!, built: true, env })),
  );
}, 180_000);

afterAll(async () => {
  await Promise.all(servers.map((server) => server.stop()));
  await new Promise((resolve) => engineProxy?.close(resolve));
  await database?.remove();
  if (redisUrl) await deleteKeys(redisUrl, prefix);
});

interface Visitor {
  ip: string;
  id?: string;
  token?: string;
}

function call(server: ChildServer, visitor: Visitor, path: string, body?: unknown) {
  return fetch(`${server.baseUrl}${path}`, {
    method: body === undefined ? "GET" : "POST",
    headers: {
      "x-forwarded-for": visitor.ip,
      ...(body === undefined ? {} : { "content-type": "application/json" }),
      ...(visitor.token ? { authorization: `Bearer ${visitor.token}` } : {}),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
}

/** The student of the fixtures, paying `rent` (one distinct computation per rent). */
function answersFor(rent: number): Answer[] {
  return student.map((answer) =>
    answer.fieldName === "loyer" ? { ...answer, value: rent } : answer,
  );
}

async function save(server: ChildServer, visitor: Visitor, rent: number): Promise<Response> {
  const answers = answersFor(rent);
  const response = await call(server, visitor, "/api/simulation", {
    answers: { all: answers, current: answers },
    dateDeValeur: VALUE_DATE,
  });
  if (response.status === 200) {
    const { _id, token } = (await response.clone().json()) as { _id: string; token: string };
    Object.assign(visitor, { id: _id, token });
  }
  return response;
}

async function results(server: ChildServer, visitor: Visitor) {
  const response = await call(server, visitor, `/api/simulation/${visitor.id}/results`);
  const body = (await response.json()) as { droitsEligibles?: { id: string; montant: unknown }[] };
  return { status: response.status, body };
}

const eligible = (body: { droitsEligibles?: { id: string; montant: unknown }[] }) =>
  (body.droitsEligibles ?? []).map(({ id, montant }) => ({ id, montant }));

it("a visitor alternating between the instances gets one computation and one rate-limit count", async () => {
  const [a, b] = servers as [ChildServer, ChildServer];
  const visitor: Visitor = { ip: "198.51.100.1" };
  // Before the save: a save computes ahead (docs/architecture.md "Compute ahead").
  const before = { ...engine };
  expect((await save(a, visitor, 451)).status, a.output()).toBe(200);

  const first = await results(b, visitor);
  expect(first.status, b.output()).toBe(200);
  expect(eligible(first.body).length).toBeGreaterThan(0);
  // A has never computed it: it reads B's result from Redis.
  const again = await results(a, visitor);
  expect(again.status).toBe(200);
  expect(eligible(again.body)).toEqual(eligible(first.body));
  expect(engine.situations - before.situations, a.output() + b.output()).toBe(1);

  // Computations: 2 so far; 2 more on either instance, then the shared limit refuses.
  expect((await results(b, visitor)).status).toBe(200);
  expect((await results(a, visitor)).status).toBe(200);
  const refused = await call(b, visitor, `/api/simulation/${visitor.id}/results`);
  expect(refused.status).toBe(429);
  expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
  expect(engine.situations - before.situations).toBe(1);

  // Writes: one on A so far, then B, A, and the next is one too many, wherever it lands.
  expect((await save(b, visitor, 452)).status).toBe(200);
  expect((await save(a, visitor, 453)).status).toBe(200);
  expect((await save(b, visitor, 454)).status).toBe(429);
});

it("a save computes ahead on its instance; the other instance answers the results from Redis", async () => {
  const [a, b] = servers as [ChildServer, ChildServer];
  const visitor: Visitor = { ip: "198.51.100.3" };
  const before = { ...engine };
  const computed = nextAnswer();
  // A golden student: every question before the projects answered.
  const golden = loadGoldenSituations().find(
    (situation) => situation.name === "etudiante-boursiere-lyon-loin-des-parents",
  )!;
  const response = await call(a, visitor, "/api/simulation", simulationPayload(golden));
  expect(response.status, a.output()).toBe(200);
  const { _id, token } = (await response.json()) as { _id: string; token: string };
  Object.assign(visitor, { id: _id, token });
  // A computes in the background, nobody asking yet.
  await computed;
  expect(engine.situations - before.situations).toBe(1);
  const shown = await results(b, visitor);
  expect(shown.status, b.output()).toBe(200);
  expect(eligible(shown.body).length).toBeGreaterThan(0);
  // B computed nothing: A's computation ahead answered.
  expect(engine.situations - before.situations, a.output() + b.output()).toBe(1);
});

it("200 concurrent visitors spread over both instances all get their results, none computed twice", async () => {
  const SITUATIONS = 10;
  const before = { ...engine, rents: engine.rents.length };
  const started = performance.now();
  const outcomes = await Promise.all(
    Array.from({ length: 200 }, async (_, index) => {
      const server = servers[Math.floor(index / SITUATIONS) % 2] as ChildServer;
      // Each situation is asked by 20 visitors, 10 on each instance, at the same time.
      const rent = 500 + (index % SITUATIONS);
      const visitor: Visitor = { ip: `198.18.${index >> 8}.${index & 255}` };
      const saved = await save(server, visitor, rent);
      if (saved.status !== 200) return { rent, status: saved.status, body: {} };
      return { rent, ...(await results(server, visitor)) };
    }),
  );
  const elapsed = performance.now() - started;
  const statuses = outcomes.map(({ status }) => status);
  expect(
    statuses.filter((status) => status !== 200),
    servers[0]!.output(),
  ).toEqual([]);
  // Every visitor of a situation gets the same amounts.
  const bySituation = new Map<number, string>();
  for (const { rent, body } of outcomes) {
    const shown = JSON.stringify(eligible(body));
    expect(bySituation.get(rent) ?? shown).toBe(shown);
    bySituation.set(rent, shown);
  }
  // Counted by rent: a save of the first test computes ahead in the background, unawaited, and
  // its computation may reach the engine during this one (a run counted 11 situations).
  const sent = engine.rents.slice(before.rents).filter((rent) => rent >= 500 && rent < 510);
  expect(sent.length, `rents sent: ${engine.rents.slice(before.rents).join(", ")}`).toBe(
    SITUATIONS,
  );
  console.log(
    `two instances: 200 visitors (${SITUATIONS} situations) in ${Math.round(elapsed)} ms, ` +
      `${engine.calculations - before.calculations} /calculate for ${SITUATIONS} situations`,
  );
});

it("kill -9 of one instance mid-journey loses no acknowledged save; the visitor finishes on the other", async () => {
  const [a, b] = servers as [ChildServer, ChildServer];
  const visitor: Visitor = { ip: "198.51.100.2" };
  expect((await save(a, visitor, 461)).status).toBe(200);

  // Other visitors keep saving on A while it is killed.
  const acknowledged: Visitor[] = [];
  let killed = false;
  let written = 0;
  async function writer(): Promise<void> {
    while (!killed) {
      const index = written++;
      const other: Visitor = { ip: `198.19.${index >> 8}.${index & 255}` };
      try {
        const response = await save(a, other, 600 + (index % 10));
        if (response.status === 200) acknowledged.push(other);
        if (acknowledged.length >= 60 && !killed) {
          killed = true;
          a.process.kill("SIGKILL");
        }
      } catch {
        // The connection died with the instance: not acknowledged.
      }
    }
  }
  await Promise.all(Array.from({ length: 8 }, writer));
  expect(await a.exited).toBe("SIGKILL");

  // The visitor goes on on B: its simulation is there, and so are its results.
  const read = await call(b, visitor, `/api/simulation/${visitor.id}`);
  expect(read.status).toBe(200);
  const finished = await results(b, visitor);
  expect(finished.status, b.output()).toBe(200);
  expect(eligible(finished.body).length).toBeGreaterThan(0);

  let missing = 0;
  for (const other of acknowledged) {
    const response = await call(b, other, `/api/simulation/${other.id}`);
    if (response.status !== 200) missing++;
    await response.arrayBuffer();
  }
  expect(acknowledged.length).toBeGreaterThanOrEqual(60);
  expect(missing).toBe(0);
});
