/**
 * `npm run check:links` against a loopback HTTP server (127.0.0.1) and a small fake catalogue:
 * no network beyond this machine.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo, Socket } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { main } from "../../../scripts/check-links";
import { checkLinks, collectLinks, renderReport } from "../../../scripts/links/check";

const requests: string[] = [];
let inFlight = 0;
let maxInFlight = 0;
const sockets = new Set<Socket>();
/** Requests to /slow wait here until the end: they never answer in time. */
const held: ServerResponse[] = [];

function route(req: IncomingMessage, res: ServerResponse): void {
  const path = req.url ?? "/";
  requests.push(`${req.method} ${path}`);
  inFlight++;
  maxInFlight = Math.max(maxInFlight, inFlight);
  res.on("close", () => inFlight--);
  const send = (status: number, headers: Record<string, string> = {}) => {
    // Answer on the next turn so that concurrent requests overlap.
    setImmediate(() => res.writeHead(status, headers).end(req.method === "GET" ? "body" : ""));
  };
  if (path === "/slow") {
    held.push(res);
    return;
  }
  if (path.startsWith("/ok")) return send(200);
  if (path === "/missing") return send(404);
  if (path === "/no-head") return send(req.method === "HEAD" ? 405 : 200);
  if (path === "/moved") return send(301, { location: "/ok-after-redirect" });
  if (path === "/moved-to-missing") return send(302, { location: "/missing" });
  send(500);
}

const server = createServer(route);
server.on("connection", (socket) => {
  sockets.add(socket);
  socket.on("close", () => sockets.delete(socket));
});
let base = "";

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  for (const res of held) res.destroy();
  for (const socket of sockets) socket.destroy();
  await new Promise((resolve) => server.close(resolve));
});

const institutions = [
  { id: "ville_a", label: "Ville d’Ambert" },
  { id: "caf_b", label: "CAF du Bas-Rhin" },
];

function catalogue() {
  const aid = (id: string, institution: string, links: Record<string, string>) => ({
    id,
    institution,
    links,
  });
  return [
    aid("a_ok", "ville_a", { information: `${base}/ok`, form: `${base}/ok` }),
    aid("a_missing", "ville_a", { information: `${base}/missing` }),
    aid("a_no_head", "ville_a", { teleservice: `${base}/no-head` }),
    aid("b_moved", "caf_b", { information: `${base}/moved` }),
    aid("b_moved_missing", "caf_b", { instructions: `${base}/moved-to-missing` }),
    aid("b_slow", "caf_b", { form: `${base}/slow` }),
  ];
}

describe("check:links", () => {
  it("follows HEAD with GET when needed, follows redirects and times out", async () => {
    const links = collectLinks(catalogue());
    expect(links).toHaveLength(7);
    requests.length = 0;
    const results = await checkLinks(links, { concurrency: 3, timeoutMs: 2000 });
    expect(results.size).toBe(6);
    const verdict = Object.fromEntries(
      [...results].map(([url, result]) => [
        url.slice(base.length),
        [result.ok, result.method, result.status ?? result.error],
      ]),
    );
    expect(verdict).toEqual({
      "/ok": [true, "HEAD", 200],
      "/missing": [false, "GET", 404],
      "/no-head": [true, "GET", 200],
      "/moved": [true, "HEAD", 200],
      "/moved-to-missing": [false, "GET", 404],
      "/slow": [false, "GET", "no answer within 2000 ms"],
    });
    // One check per distinct URL, even when two links share it.
    expect(requests.filter((r) => r === "HEAD /ok")).toHaveLength(1);
    expect(requests).toContain("HEAD /no-head");
    expect(requests).toContain("GET /no-head");
    expect(requests).not.toContain("GET /ok");
  });

  it("keeps at most `concurrency` requests in flight", async () => {
    const many = Array.from({ length: 12 }, (_, i) => ({
      id: `aid_${i}`,
      institution: "ville_a",
      links: { information: `${base}/ok-${i}` },
    }));
    maxInFlight = 0;
    const results = await checkLinks(collectLinks(many), { concurrency: 4, timeoutMs: 5000 });
    expect([...results.values()].every((result) => result.ok)).toBe(true);
    expect(maxInFlight).toBeGreaterThan(1);
    expect(maxInFlight).toBeLessThanOrEqual(4);
  });

  it("reports the broken links by institution and exits with 1", async () => {
    const dir = mkdtempSync(join(tmpdir(), "links-test-"));
    try {
      const bundlePath = join(dir, "bundle.json");
      const cataloguePath = join(dir, "catalogue.json");
      writeFileSync(bundlePath, JSON.stringify({ benefits: [], institutions }));
      writeFileSync(cataloguePath, JSON.stringify({ aids: catalogue(), bikeAids: [] }));
      const log = vi.spyOn(console, "log").mockImplementation(() => undefined);
      const code = await main([
        ...["--bundle", bundlePath, "--catalogue", cataloguePath],
        ...["--concurrency", "8", "--timeout", "2000"],
      ]);
      const report = String(log.mock.calls[0]?.[0]).replaceAll(base, "");
      log.mockRestore();
      expect(code).toBe(1);
      expect(report.split("\n")).toEqual([
        "CAF du Bas-Rhin (caf_b)",
        "  b_moved_missing instructions: /moved-to-missing → HTTP 404 (GET)",
        "  b_slow form: /slow → no answer within 2000 ms (GET)",
        "Ville d’Ambert (ville_a)",
        "  a_missing information: /missing → HTTP 404 (GET)",
        "6 distinct links checked (7 uses): 3 broken, in 2 institution(s)",
      ]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("exits with 0 when every link answers", async () => {
    const links = collectLinks([
      { id: "x", institution: "ville_a", links: { form: `${base}/ok` } },
    ]);
    const results = await checkLinks(links);
    expect(renderReport(links, results, institutions)).toBe(
      "1 distinct links checked (1 uses): 0 broken, in 0 institution(s)",
    );
  });
});
