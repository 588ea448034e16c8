/**
 * The CPU slowdown of a Lighthouse run on a host of a given speed (docs/adr/0010): the phone
 * emulated is the same on every host.
 */

/**
 * Lighthouse's default slowdown (mobile, simulated throttling), and the benchmark index of the
 * host it is made for: the middle of its "high-end desktop" bracket, 1,500 to 2,000 (Lighthouse's
 * docs/throttling.md).
 */
export const DEFAULT_SLOWDOWN = 4;
export const REFERENCE_BENCHMARK_INDEX = 1750;

/**
 * The slowdown that turns a host of `benchmarkIndex` into the phone Lighthouse's default makes of
 * its reference host (index 1,750 / 4 ≈ 440). Never under 1: a host slower than that phone is
 * measured as it is, which only lowers the scores.
 */
export function calibratedSlowdown(benchmarkIndex: number): number {
  if (!Number.isFinite(benchmarkIndex) || benchmarkIndex <= 0)
    throw new Error(`Lighthouse measured no benchmark index (${benchmarkIndex})`);
  const slowdown = (DEFAULT_SLOWDOWN * benchmarkIndex) / REFERENCE_BENCHMARK_INDEX;
  return Math.max(1, Math.round(slowdown * 100) / 100);
}
