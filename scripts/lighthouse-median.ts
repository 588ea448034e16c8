/**
 * The median of three runs, decided in two when it can be (issue 18 §4: the targets hold on "the
 * median of 3 runs"; docs/adr/0010, addendum "the targets as errors").
 *
 * A median of three meets a bound exactly when at least two of the three runs meet it. So when a
 * page's first two runs agree on every bound (both meet them all, or both miss the same one),
 * the third cannot change the verdict, and is not run; when they disagree, the third decides.
 * The verdict is then the same as with three runs; only the time differs.
 */

/** The bounds a page's median run must meet (lighthouserc.cjs's TARGETS and MAX_CLS). */
export interface Bounds {
  performance: number;
  lcpMs: number;
  maxCls: number;
}

/** What the bounds read of a Lighthouse report. */
export interface Measured {
  categories: Record<string, { score: number | null } | undefined>;
  audits: Record<string, { numericValue?: number; score?: number | null } | undefined>;
}

/** Whether one run meets each bound, in a fixed order; a missing figure meets none. */
export function meets(lhr: Measured, bounds: Bounds): [boolean, boolean, boolean] {
  const performance = lhr.categories.performance?.score;
  const lcp = lhr.audits["largest-contentful-paint"]?.numericValue;
  const cls = lhr.audits["cumulative-layout-shift"]?.numericValue;
  return [
    typeof performance === "number" && performance >= bounds.performance,
    typeof lcp === "number" && lcp <= bounds.lcpMs,
    typeof cls === "number" && cls <= bounds.maxCls,
  ];
}

/** Whether a third run could change the median's verdict on `first` and `second`. */
export function needsThirdRun(first: Measured, second: Measured, bounds: Bounds): boolean {
  const a = meets(first, bounds);
  const b = meets(second, bounds);
  return a.some((met, index) => met !== b[index]);
}
