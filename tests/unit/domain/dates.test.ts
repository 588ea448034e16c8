import { describe, expect, it } from "vitest";
import { ageAt, isIsoDate, monthId, monthOptions, valueDates } from "../../../src/domain";

describe("ageAt", () => {
  it("turns a year older on the birthday, not the day before", () => {
    expect(ageAt("2000-11-22", "2026-11-21")).toBe(25);
    expect(ageAt("2000-11-22", "2026-11-22")).toBe(26);
  });

  it("handles 29 February", () => {
    expect(ageAt("2004-02-29", "2026-02-28")).toBe(21);
    expect(ageAt("2004-02-29", "2026-03-01")).toBe(22);
  });

  it("is null for an invalid date", () => {
    expect(ageAt("2004-02-30", "2026-03-01")).toBeNull();
    expect(isIsoDate("2026-13-01")).toBe(false);
  });
});

describe("periods", () => {
  it("counts months across years", () => {
    expect(monthId("2026-01-15", -1)).toBe("2025-12");
    expect(monthId("2026-01-15", -13)).toBe("2024-12");
  });

  it("labels months 'MMMM YYYY' in French, oldest first", () => {
    expect(monthOptions("2026-02-10", 3)).toEqual([
      { id: "2025-12", label: "décembre 2025" },
      { id: "2026-01", label: "janvier 2026" },
      { id: "2026-02", label: "février 2026" },
    ]);
  });

  it("derives fiscal years from the value date", () => {
    const dates = valueDates("2026-11-22");
    expect([dates.thisYear, dates.lastYear, dates.fiscalYear, dates.previousFiscalYear]).toEqual([
      "2026",
      "2025",
      "2024",
      "2023",
    ]);
    expect(dates.last12Months).toHaveLength(12);
    expect(dates.last12Months[11]?.id).toBe("2026-10");
  });
});
