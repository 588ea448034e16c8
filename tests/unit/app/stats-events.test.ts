import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import {
  benefitEvents,
  isOwnEndpoint,
  sendBenefitEvents,
  skipReason,
  type SendDeps,
} from "../../../src/app/stats/benefitEvents";
import { randomHashId } from "../../../src/app/stats/visitorId";

/** A statistics endpoint on loopback recording what it receives. */
let server: Server;
let statsUrl: string;
const received: {
  contentType: string | undefined;
  simulationId?: string | string[] | undefined;
  body: unknown;
}[] = [];
const SIMULATION_ID = "AbCdEfGhIjKlMnOpQrStUv";
let status = 204;

beforeAll(async () => {
  server = createServer((request, response) => {
    let body = "";
    request.on("data", (chunk: Buffer) => (body += chunk.toString()));
    request.on("end", () => {
      const simulationId = request.headers["x-simulation-id"];
      received.push({
        contentType: request.headers["content-type"],
        ...(simulationId !== undefined ? { simulationId } : {}),
        body: JSON.parse(body),
      });
      response.writeHead(status).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  statsUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/stats/events`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
afterEach(() => {
  received.length = 0;
  status = 204;
});

function deps(overrides: Partial<SendDeps> = {}): SendDeps & { reported: unknown[] } {
  const reported: unknown[] = [];
  return {
    fetch: (input, init) => fetch(input, init),
    statsUrl,
    // A third-party endpoint unless a test says otherwise.
    origin: "https://simulateur.example",
    simulationId: SIMULATION_ID,
    doNotTrack: false,
    cookie: "",
    hashId: async () => "visitor-1",
    abtesting: () => ({ aides_bafa: "aides_bafa_separees" }),
    report: (error) => reported.push(error),
    reported,
    ...overrides,
  };
}

describe("statistics skip rules (docs/product.md §7)", () => {
  const base = {
    doNotTrack: false,
    piwikIgnore: false,
    statsUrl: "/api/stats/events",
    benefitCount: 3,
  };

  it("sends by default", () => {
    expect(skipReason(base)).toBeUndefined();
  });

  it("skips when do-not-track is on together with the piwik_ignore cookie, not with one alone", () => {
    expect(skipReason({ ...base, doNotTrack: true, piwikIgnore: true })).toBe("do-not-track");
    expect(skipReason({ ...base, doNotTrack: true })).toBeUndefined();
    expect(skipReason({ ...base, piwikIgnore: true })).toBeUndefined();
  });

  it("skips without configuration or without benefits", () => {
    expect(skipReason({ ...base, statsUrl: undefined })).toBe("no-configuration");
    expect(skipReason({ ...base, statsUrl: "" })).toBe("no-configuration");
    expect(skipReason({ ...base, benefitCount: 0 })).toBe("no-benefits");
  });
});

describe("benefit events", () => {
  it("are version 2, 1-based, with the page total", () => {
    expect(benefitEvents(["a", "b"], "show", "uid_1", null)).toEqual([
      {
        benefit_id: "a",
        hash_id: "uid_1",
        abtesting: null,
        benefit_index: 1,
        page_total: 2,
        event_type: "show",
        version: 2,
      },
      {
        benefit_id: "b",
        hash_id: "uid_1",
        abtesting: null,
        benefit_index: 2,
        page_total: 2,
        event_type: "show",
        version: 2,
      },
    ]);
  });

  it("of one benefit's own page keep its position in the results", () => {
    expect(benefitEvents(["b"], "showDetails", "uid_1", null, { index: 3, total: 5 })).toEqual([
      {
        benefit_id: "b",
        hash_id: "uid_1",
        abtesting: null,
        benefit_index: 3,
        page_total: 5,
        event_type: "showDetails",
        version: 2,
      },
    ]);
  });

  it("fall back to a random base-12 id prefixed uid_", () => {
    expect(randomHashId(() => 0.5)).toBe(`uid_${(0.5).toString(12).slice(2)}`);
    expect(randomHashId()).toMatch(/^uid_[0-9ab]+$/);
  });

  it("are posted as a JSON array to the configured endpoint", async () => {
    const options = deps();
    expect(await sendBenefitEvents(["aide_logement", "bourse"], "show", options)).toBe("sent");
    expect(received).toEqual([
      {
        contentType: "application/json",
        body: benefitEvents(["aide_logement", "bourse"], "show", "visitor-1", {
          aides_bafa: "aides_bafa_separees",
        }),
      },
    ]);
    expect(options.reported).toEqual([]);
  });

  it("name the simulation in a header to our own endpoint only", async () => {
    const own = new URL(statsUrl).origin;
    expect(await sendBenefitEvents(["a"], "show", deps({ origin: own }))).toBe("sent");
    expect(await sendBenefitEvents(["b"], "show", deps())).toBe("sent");
    expect(received.map((request) => request.simulationId)).toEqual([SIMULATION_ID, undefined]);
  });

  it("are not posted to our own endpoint without a simulation, which it would refuse", async () => {
    const own = new URL(statsUrl).origin;
    expect(
      await sendBenefitEvents(["a"], "show", deps({ origin: own, simulationId: undefined })),
    ).toBe("no-simulation");
    // A third-party endpoint is not told the simulation, so it does not need one.
    expect(await sendBenefitEvents(["a"], "show", deps({ simulationId: undefined }))).toBe("sent");
    expect(received).toHaveLength(1);
  });

  it("tell a same-origin endpoint from a third-party one", () => {
    expect(isOwnEndpoint("/api/stats/events", "https://a.fr")).toBe(true);
    expect(isOwnEndpoint("https://a.fr/api/stats/events", "https://a.fr")).toBe(true);
    expect(isOwnEndpoint("https://stats.b.fr/events", "https://a.fr")).toBe(false);
    expect(isOwnEndpoint("/api/stats/events", undefined)).toBe(false);
  });

  it("are not posted when a skip rule applies", async () => {
    const cookie = "a=1; piwik_ignore=*; b=2";
    expect(await sendBenefitEvents(["a"], "show", deps({ doNotTrack: true, cookie }))).toBe(
      "do-not-track",
    );
    expect(await sendBenefitEvents(["a"], "show", deps({ statsUrl: undefined }))).toBe(
      "no-configuration",
    );
    expect(await sendBenefitEvents([], "show", deps())).toBe("no-benefits");
    // Do-not-track alone does not stop them.
    expect(await sendBenefitEvents(["a"], "show", deps({ doNotTrack: true }))).toBe("sent");
    expect(received).toHaveLength(1);
  });

  it("fail silently when the request fails", async () => {
    status = 500;
    const refused = deps();
    expect(await sendBenefitEvents(["a"], "show", refused)).toBe("failed");
    const unreachable = deps({ statsUrl: "http://127.0.0.1:1/api/stats/events" });
    expect(await sendBenefitEvents(["a"], "show", unreachable)).toBe("failed");
    expect([...refused.reported, ...unreachable.reported]).toEqual([]);
  });

  it("report other errors", async () => {
    const broken = deps({
      hashId: async () => {
        throw new Error("no id");
      },
    });
    expect(await sendBenefitEvents(["a"], "show", broken)).toBe("failed");
    expect(broken.reported).toEqual([new Error("no id")]);
    expect(received).toEqual([]);
  });
});
