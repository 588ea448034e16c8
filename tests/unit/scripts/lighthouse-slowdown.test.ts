import { describe, expect, it } from "vitest";
// Lighthouse's own settings: the slowdown it applies when nobody calibrates.
import { defaultSettings } from "lighthouse/core/config/constants.js";
import {
  calibratedSlowdown,
  REFERENCE_BENCHMARK_INDEX,
} from "../../../scripts/lighthouse-slowdown";

describe("calibratedSlowdown", () => {
  it("is Lighthouse's default on a host in the middle of the bracket that default is made for", () => {
    // docs/throttling.md upstream: the constant 4 is made for "high-end desktop", 1,500 to 2,000.
    expect(REFERENCE_BENCHMARK_INDEX).toBeGreaterThanOrEqual(1500);
    expect(REFERENCE_BENCHMARK_INDEX).toBeLessThanOrEqual(2000);
    expect(calibratedSlowdown(REFERENCE_BENCHMARK_INDEX)).toBe(
      defaultSettings.throttling.cpuSlowdownMultiplier,
    );
  });

  it("emulates the same phone on every host: the index divided by the slowdown is constant", () => {
    const phone = (index: number) => index / calibratedSlowdown(index);
    const reference = phone(REFERENCE_BENCHMARK_INDEX);
    // Within 1 %: the slowdown is rounded to two decimals.
    for (const index of [936, 1258, 1750, 2212, 3300])
      expect(Math.abs(phone(index) - reference) / reference).toBeLessThan(0.01);
  });

  it("stays within the ranges Lighthouse's docs give for a mid-tier phone from each host", () => {
    // docs/throttling.md upstream, "Calibrating the CPU slowdown": from a high-end desktop (index
    // 1,500 to 2,000) 2× to 10×, from a low-end desktop (1,000 to 1,500) 1× to 5×.
    for (const index of [1500, 1750, 2000]) {
      expect(calibratedSlowdown(index)).toBeGreaterThanOrEqual(2);
      expect(calibratedSlowdown(index)).toBeLessThanOrEqual(10);
    }
    for (const index of [1000, 1250, 1499]) {
      expect(calibratedSlowdown(index)).toBeGreaterThanOrEqual(1);
      expect(calibratedSlowdown(index)).toBeLessThanOrEqual(5);
    }
  });

  it("never speeds up a host slower than the phone, and refuses a missing measure", () => {
    expect(calibratedSlowdown(200)).toBe(1);
    expect(() => calibratedSlowdown(Number.NaN)).toThrow(/benchmark index/);
    expect(() => calibratedSlowdown(0)).toThrow(/benchmark index/);
  });
});
