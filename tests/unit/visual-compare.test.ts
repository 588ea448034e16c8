/**
 * The baseline comparison of the visual check (tests/e2e/visual/compare.ts), on images drawn here:
 * equal images pass, a few noisy pixels pass, a changed block or a changed size fails and leaves
 * the expected, actual and diff images; update mode writes only what changed.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PNG } from "pngjs";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { compareWithBaseline, type ComparisonInput } from "../e2e/visual/compare";

/** A white image with a dark rectangle, and `noise` grey pixels on its first row. */
function image(
  width: number,
  height: number,
  rect: { x: number; y: number; w: number; h: number },
  noise = 0,
): Buffer {
  const png = new PNG({ width, height });
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const inside = x >= rect.x && x < rect.x + rect.w && y >= rect.y && y < rect.y + rect.h;
      const grey = y === 0 && x < noise ? 128 : inside ? 20 : 255;
      png.data.set([grey, grey, grey, 255], (y * width + x) * 4);
    }
  return PNG.sync.write(png);
}

const button = { x: 10, y: 10, w: 80, h: 20 };
let dir: string;
let input: (actual: Buffer, update?: boolean) => ComparisonInput;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "visual-compare-"));
  input = (actual, update = false) => ({
    name: "accueil-390-clair",
    actual,
    baselineDir: join(dir, "baselines"),
    failureDir: join(dir, "failures"),
    update,
  });
});

afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe("compareWithBaseline", () => {
  it("fails without a baseline, and writes it in update mode", () => {
    const result = compareWithBaseline(input(image(100, 100, button)));
    expect(result.status).toBe("missing");
    expect(result.message).toMatch(/no baseline .*npm run visual:update/);
    expect(existsSync(join(dir, "failures/accueil-390-clair.actual.png"))).toBe(true);
    expect(compareWithBaseline(input(image(100, 100, button), true)).status).toBe("written");
    expect(existsSync(join(dir, "baselines/accueil-390-clair.png"))).toBe(true);
  });

  it("passes on the same picture, and on a few pixels of noise", () => {
    compareWithBaseline(input(image(100, 100, button), true));
    expect(compareWithBaseline(input(image(100, 100, button))).status).toBe("match");
    // 10 pixels of 10,000: the tolerance is 0.1 %.
    const noisy = compareWithBaseline(input(image(100, 100, button, 10)));
    expect(noisy).toEqual({ status: "match", differentPixels: 10 });
    expect(existsSync(join(dir, "failures"))).toBe(false);
  });

  it("fails on a button cut to its icon, with the expected, actual and diff images", () => {
    compareWithBaseline(input(image(100, 100, button), true));
    const result = compareWithBaseline(input(image(100, 100, { ...button, w: 20 })));
    expect(result.status).toBe("differs");
    expect(result.differentPixels).toBe(60 * 20);
    expect(result.message).toMatch(/1200 pixels differ, 10 allowed; see .*failures/);
    for (const kind of ["expected", "actual", "diff"]) {
      const file = join(dir, `failures/accueil-390-clair.${kind}.png`);
      expect(PNG.sync.read(readFileSync(file)).width).toBe(100);
    }
  });

  it("fails on a page that grew, even if the part in common is the same", () => {
    compareWithBaseline(input(image(100, 100, button), true));
    const result = compareWithBaseline(input(image(100, 120, button)));
    expect(result.status).toBe("differs");
    expect(result.message).toContain("size 100×100 → 100×120");
    const diff = PNG.sync.read(readFileSync(join(dir, "failures/accueil-390-clair.diff.png")));
    expect([diff.width, diff.height]).toEqual([100, 120]);
  });

  it("in update mode, rewrites a baseline that changed and leaves one that did not", () => {
    compareWithBaseline(input(image(100, 100, button), true));
    const baseline = join(dir, "baselines/accueil-390-clair.png");
    writeFileSync(baseline, image(100, 100, button, 5)); // within the tolerance
    const before = statSync(baseline).mtimeMs;
    expect(compareWithBaseline(input(image(100, 100, button), true)).status).toBe("match");
    expect(statSync(baseline).mtimeMs).toBe(before);
    expect(compareWithBaseline(input(image(100, 100, { ...button, w: 20 }), true)).status).toBe(
      "written",
    );
    expect(readFileSync(baseline).equals(image(100, 100, { ...button, w: 20 }))).toBe(true);
  });
});
