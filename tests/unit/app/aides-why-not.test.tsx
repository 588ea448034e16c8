import { describe, expect, it, vi } from "vitest";
import { fetchAidEligibility } from "../../../src/app/aides/whyNot";
import type { FetchLike } from "../../../src/app/machine/api";

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });

const simulation = { simulationId: "sim 1", token: "secret" };

describe("fetchAidEligibility", () => {
  it("asks the saved simulation with its bearer token", async () => {
    const fetch = vi.fn<FetchLike>(async () =>
      json(200, { benefitId: "caf_74_bafa", eligible: false, reason: "Trop jeune." }),
    );
    await expect(fetchAidEligibility(fetch, simulation, "caf_74_bafa")).resolves.toEqual({
      benefitId: "caf_74_bafa",
      eligible: false,
      reason: "Trop jeune.",
    });
    expect(fetch).toHaveBeenCalledWith("/api/simulation/sim%201/eligibility/caf_74_bafa", {
      headers: { Accept: "application/json", Authorization: "Bearer secret" },
    });
  });

  it("reads an eligible answer without a reason", async () => {
    const fetch = vi.fn<FetchLike>(async () => json(200, { benefitId: "x", eligible: true }));
    await expect(fetchAidEligibility(fetch, simulation, "x")).resolves.toEqual({
      benefitId: "x",
      eligible: true,
    });
  });

  it("says nothing when the server cannot tell", async () => {
    for (const response of [
      json(404, { error: "not found" }),
      json(403, { error: "forbidden" }),
      json(500, {}),
      json(200, { benefitId: "x" }),
      new Response("pas du JSON", { status: 200 }),
    ]) {
      await expect(fetchAidEligibility(async () => response, simulation, "x")).resolves.toBe(
        undefined,
      );
    }
    const offline = vi.fn<FetchLike>(async () => {
      throw new TypeError("Failed to fetch");
    });
    await expect(fetchAidEligibility(offline, simulation, "x")).resolves.toBe(undefined);
  });
});
