/**
 * A screenshot against its committed baseline (pixelmatch + pngjs): equal within a small
 * tolerance, or a failure that leaves the expected, actual and diff images side by side in a
 * directory kept after the run. With `update`, the baseline is (re)written instead, only when it
 * is missing or differs beyond the tolerance, so that regenerating does not churn unchanged files.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import pixelmatch from "pixelmatch";
import { PNG } from "pngjs";

/** pixelmatch's colour distance (0–1) under which two pixels count as equal. */
export const PIXEL_THRESHOLD = 0.1;

/**
 * The share of an image's pixels that may differ (anti-aliasing noise, a sub-pixel shift of a
 * glyph). A 390 × 1688 screen tolerates about 650 pixels: less than one short word; a button
 * cut to its icon changes thousands.
 */
export const MAX_DIFF_RATIO = 0.001;

export interface ComparisonInput {
  /** The baseline's file name without `.png`. */
  name: string;
  /** The screenshot, a PNG. */
  actual: Buffer;
  baselineDir: string;
  /** Where a failure's expected, actual and diff images go. */
  failureDir: string;
  /** Write the baseline rather than compare with it. */
  update: boolean;
}

export interface ComparisonResult {
  /** `written`: baseline (re)written in update mode; `differs`: a failure. */
  status: "match" | "written" | "missing" | "differs";
  /** Pixels that differ (0 when the baseline is missing). */
  differentPixels: number;
  /** For a failure: what differs and where its images are. */
  message?: string;
}

/** The image on a canvas of `width` × `height`, the area it does not cover opaque magenta. */
function padded(image: PNG, width: number, height: number): Buffer {
  if (image.width === width && image.height === height) return image.data;
  const canvas = new PNG({ width, height });
  for (let i = 0; i < canvas.data.length; i += 4) canvas.data.set([255, 0, 255, 255], i);
  PNG.bitblt(image, canvas, 0, 0, image.width, image.height, 0, 0);
  return canvas.data;
}

/** Differing pixels of two PNGs of any sizes, compared on the larger canvas, and the diff image. */
export function diffImages(expected: PNG, actual: PNG): { differentPixels: number; diff: PNG } {
  const width = Math.max(expected.width, actual.width);
  const height = Math.max(expected.height, actual.height);
  const diff = new PNG({ width, height });
  const differentPixels = pixelmatch(
    padded(expected, width, height),
    padded(actual, width, height),
    diff.data,
    width,
    height,
    { threshold: PIXEL_THRESHOLD },
  );
  return { differentPixels, diff };
}

export function allowedDifference(width: number, height: number): number {
  return Math.floor(width * height * MAX_DIFF_RATIO);
}

export function compareWithBaseline(input: ComparisonInput): ComparisonResult {
  const baselinePath = join(input.baselineDir, `${input.name}.png`);
  const write = () => {
    mkdirSync(input.baselineDir, { recursive: true });
    writeFileSync(baselinePath, input.actual);
  };
  if (!existsSync(baselinePath)) {
    if (input.update) {
      write();
      return { status: "written", differentPixels: 0 };
    }
    mkdirSync(input.failureDir, { recursive: true });
    const actualPath = join(input.failureDir, `${input.name}.actual.png`);
    writeFileSync(actualPath, input.actual);
    return {
      status: "missing",
      differentPixels: 0,
      message: `${input.name}: no baseline ${baselinePath} (screenshot in ${actualPath}); run npm run visual:update`,
    };
  }
  const baseline = readFileSync(baselinePath);
  // The same pixels encode to the same bytes (the common case): no need to decode.
  if (baseline.equals(input.actual)) return { status: "match", differentPixels: 0 };
  const expected = PNG.sync.read(baseline);
  const actual = PNG.sync.read(input.actual);
  const { differentPixels, diff } = diffImages(expected, actual);
  const sameSize = expected.width === actual.width && expected.height === actual.height;
  const allowed = allowedDifference(actual.width, actual.height);
  if (sameSize && differentPixels <= allowed) return { status: "match", differentPixels };
  if (input.update) {
    write();
    return { status: "written", differentPixels };
  }
  mkdirSync(input.failureDir, { recursive: true });
  const stem = join(input.failureDir, input.name);
  writeFileSync(`${stem}.expected.png`, PNG.sync.write(expected));
  writeFileSync(`${stem}.actual.png`, input.actual);
  writeFileSync(`${stem}.diff.png`, PNG.sync.write(diff));
  const size = sameSize
    ? ""
    : ` (size ${expected.width}×${expected.height} → ${actual.width}×${actual.height})`;
  return {
    status: "differs",
    differentPixels,
    message:
      `${input.name}: ${differentPixels} pixels differ, ${allowed} allowed${size}; ` +
      `see ${stem}.{expected,actual,diff}.png (npm run visual:update accepts the change)`,
  };
}
