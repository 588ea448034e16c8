import { expect, it } from "vitest";
import { cpuSlowdownFor } from "../../../scripts/lighthouse-calibration";

// The published points of Lighthouse's CPU throttling calculator (docs/throttling.md), including
// 1,766 → 5 and 2,000 → 6, which the module does not list: it extends its last segment.
it.each([
  [150, 1],
  [800, 2],
  [1050, 2.5],
  [1300, 3],
  [1533, 4],
  [1766, 5],
  [2000, 6],
])("gives a host of benchmark index %i a CPU slowdown of %f", (index, slowdown) => {
  expect(cpuSlowdownFor(index)).toBeCloseTo(slowdown, 1);
});

it("never speeds the CPU up, and slows a faster host down more", () => {
  expect(cpuSlowdownFor(20)).toBe(1);
  expect(cpuSlowdownFor(Number.NaN)).toBe(1);
  let previous = 0;
  for (let index = 100; index <= 3000; index += 25) {
    const slowdown = cpuSlowdownFor(index);
    expect(slowdown).toBeGreaterThanOrEqual(previous);
    previous = slowdown;
  }
});
