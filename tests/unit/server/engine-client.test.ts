/**
 * The engine client's reading of the engine's failures, against a loopback server speaking like
 * the OpenFisca web API: a live engine failing on a request (its JSON 500) is not an unavailable
 * engine, so a merged request it fails is split and one bad household fails alone.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createBatchingCalculator } from "../../../src/server/compute";
import {
  createEngineClient,
  EngineRequestError,
  EngineUnavailableError,
  type CalculateRequest,
} from "../../../src/server/engine";

type Answer = { status: number; body: string; type?: string };

/** What the fake engine answers to `POST /calculate`; `next` overrides it for one request. */
let answer: (request: CalculateRequest) => Answer;
let server: Server;
let baseUrl: string;
let calls = 0;

/** OpenFisca's `errorhandler(500)`: `{"error": "Internal server error: …"}`. */
const apiError = (message: string): Answer => ({
  status: 500,
  body: JSON.stringify({ error: `Internal server error: ${message}` }),
});

/** Like OpenFisca: a month past year 9999 makes the computation raise. */
function likeOpenFisca(request: CalculateRequest): Answer {
  if (JSON.stringify(request).includes('"9999-12"')) {
    return apiError("year 10000 is out of range");
  }
  return { status: 200, body: JSON.stringify(request) };
}

beforeAll(async () => {
  server = createServer((request: IncomingMessage, response: ServerResponse) => {
    let text = "";
    request.on("data", (chunk: Buffer) => (text += chunk.toString()));
    request.on("end", () => {
      calls++;
      const { status, body, type } = answer(JSON.parse(text || "{}") as CalculateRequest);
      response.writeHead(status, { "content-type": type ?? "application/json" });
      response.end(body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

function household(salary: number, month = "2026-01"): CalculateRequest {
  return {
    individus: { demandeur: { salaire: { [month]: salary } } },
    menages: { menage: { personne_de_reference: ["demandeur"] } },
  };
}

async function failure(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => undefined,
    (error: unknown) => error,
  );
}

describe("engine client errors", () => {
  it("reads a 500 carrying the web API's JSON error as the request's fault, not an outage", async () => {
    answer = likeOpenFisca;
    const client = createEngineClient({ baseUrl });
    const error = await failure(client.calculate(household(1, "9999-12")));
    expect(error).toBeInstanceOf(EngineRequestError);
    expect((error as EngineRequestError).status).toBe(500);
    expect((error as EngineRequestError).body).toEqual({
      error: "Internal server error: year 10000 is out of range",
    });
  });

  it.each([
    ["a 502 from a proxy", { status: 502, body: "Bad Gateway", type: "text/plain" }],
    ["a 503 from a proxy", { status: 503, body: "{}" }],
    ["a 504 from a proxy", { status: 504, body: "Gateway Timeout", type: "text/html" }],
    ["a 500 without the API's error", { status: 500, body: "<h1>500</h1>", type: "text/html" }],
  ])("reads %s as the engine being unavailable", async (_, response) => {
    answer = () => response;
    const client = createEngineClient({ baseUrl });
    const error = await failure(client.calculate(household(1)));
    expect(error).toBeInstanceOf(EngineUnavailableError);
    expect((error as EngineUnavailableError).status).toBe(response.status);
  });

  it("reads a refused connection as the engine being unavailable", async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise((resolve) => closed.close(resolve));
    const client = createEngineClient({ baseUrl: `http://127.0.0.1:${port}` });
    expect(await failure(client.calculate(household(1)))).toBeInstanceOf(EngineUnavailableError);
  });
});

describe("one poisoned household in a batch, through the real client", () => {
  it("computes the 30 others and fails the poisoned one alone with the engine's error", async () => {
    answer = likeOpenFisca;
    calls = 0;
    const client = createEngineClient({ baseUrl });
    const batcher = createBatchingCalculator(client, { concurrency: 2, maxBatchSize: 64 });
    const requests = Array.from({ length: 31 }, (_, i) =>
      i === 17 ? household(i, "9999-12") : household(i),
    );
    const outcomes = await Promise.allSettled(requests.map((r) => batcher.calculate(r)));
    const failed = outcomes.flatMap((outcome, i) => (outcome.status === "rejected" ? [i] : []));
    expect(failed).toEqual([17]);
    const error = (outcomes[17] as PromiseRejectedResult).reason as EngineRequestError;
    expect(error).toBeInstanceOf(EngineRequestError);
    expect(JSON.stringify(error.body)).toContain("year 10000 is out of range");
    outcomes.forEach((outcome, i) => {
      if (i !== 17) expect((outcome as PromiseFulfilledResult<unknown>).value).toEqual(requests[i]);
    });
    // 2 alone, the 29 others as 2 batches, then about two requests per halving of the bad one's.
    expect(calls).toBeLessThanOrEqual(4 + 2 * Math.ceil(Math.log2(15)));
  });
});
