/**
 * The aids found beside the aids already received (src/domain/received.ts, issue 57 §2 and §3),
 * over the real rules of schema/results.yaml and schema/benefits/: what is received is never
 * promised again, an exclusion holds between an aid found and one received, and the headline
 * counts each monthly amount once the aids claimed with it are paid.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import bundleJson from "../../../src/generated/bundle.json";
import type { Bundle, Droit } from "../../../src/domain";
import { categoryOf } from "../../../src/domain/results-summary";
import { reconcileReceived, summarizeWithReceived } from "../../../src/domain/received";

const bundle = bundleJson as unknown as Bundle;
const rules = bundle.results!;
const reducesOf = (id: string) =>
  bundle.benefits.find((benefit) => benefit.id === id)?.reduces?.benefits ?? [];
const AFTER = "une fois vos autres aides de la Caf versées";

function droit(id: string, montant: number, extra: Partial<Droit> = {}): Droit {
  return {
    id,
    label: id,
    description: "",
    institution: "caf",
    montant,
    unit: "€",
    periodicity: "mensuelle",
    links: {},
    ...extra,
  };
}

describe("reconcileReceived", () => {
  it("takes the student grant found out of the aids found, its amount beside the declared one", () => {
    const { found, received } = reconcileReceived(
      bundle,
      [droit("bourse_criteres_sociaux", 521.2), droit("aide_logement", 252.9)],
      [droit("bourse_criteres_sociaux", 300)],
    );
    expect(found.map((d) => d.id)).toEqual(["aide_logement"]);
    expect(received).toEqual([droit("bourse_criteres_sociaux", 300, { computed: 521.2 })]);
    // Within 10 %: the declared amount alone.
    const close = reconcileReceived(
      bundle,
      [droit("bourse_criteres_sociaux", 320)],
      [droit("bourse_criteres_sociaux", 300)],
    );
    expect(close.received[0]?.computed).toBeUndefined();
  });

  it("keeps a received RSA's lower amount only where an aid found reduces it, by at most that aid", () => {
    const rsa = droit("rsa", 821.13, { settled: { montant: 713.54, after: AFTER } });
    const withAsf = reconcileReceived(bundle, [droit("asf", 201.78)], [rsa]);
    expect(withAsf.received[0]?.settled?.montant).toBe(713.54);
    // The sentence of `reduces` is said with the ASF, since an RSA is among the results.
    expect(withAsf.found[0]?.notes?.[0]).toContain("ressources du RSA");
    // A declared amount far from the engine's: the fall is bounded by the ASF's amount.
    const far = reconcileReceived(
      bundle,
      [droit("asf", 201.78)],
      [droit("rsa", 1200, { settled: { montant: 713.54, after: AFTER } })],
    );
    expect(far.received[0]?.settled?.montant).toBe(998.22);
    // Nothing found that reduces it: its amount stays.
    const alone = reconcileReceived(bundle, [droit("ars", 400)], [rsa]);
    expect(alone.received[0]?.settled).toBeUndefined();
  });
});

describe("summarizeWithReceived", () => {
  it("leaves out the RSA found for a CEJ recipient, with the exclusion's reason", () => {
    const headline = summarizeWithReceived(
      [droit("aide_logement", 304.84), droit("rsa", 573.49)],
      [droit("contrat_engagement_jeune", 561.68)],
      rules,
      reducesOf,
    );
    expect(headline.totals.mensuel).toBe(304.84);
    expect(headline.alternatives).toHaveLength(1);
    expect(headline.alternatives[0]?.exclusion.id).toBe("cej-rsa-ppa");
    expect(headline.alternatives[0]?.found.map((d) => d.id)).toEqual(["rsa"]);
  });

  it("counts the prime d'activité once the other aids are paid, the first months' as a detail", () => {
    const headline = summarizeWithReceived(
      [
        droit("aide_logement", 287.84),
        droit("ppa", 585.09, { settled: { montant: 180.35, after: AFTER } }),
        droit("af", 153.01),
        droit("asf", 403.57),
      ],
      [],
      rules,
      reducesOf,
    );
    expect(headline.totals.mensuel).toBe(1024.77);
    expect(headline.firstMonths).toEqual({ mensuel: 1429.51, after: AFTER });
  });

  it("counts the ASF of an RSA recipient net of what the RSA loses", () => {
    const rsa = droit("rsa", 821.13, { settled: { montant: 713.54, after: AFTER } });
    const headline = summarizeWithReceived([droit("asf", 201.78)], [rsa], rules, reducesOf);
    expect(headline.totals.mensuel).toBe(94.19);
    expect(headline.reductions).toEqual([
      { received: rsa, montant: 107.59, by: [droit("asf", 201.78)] },
    ]);
  });

  const ids = [
    ...new Set([
      ...rules.exclusions!.flatMap((exclusion) => exclusion.options.flat()),
      "aide_logement",
      "af",
      "asf",
      "paje_base",
      "cf",
    ]),
  ];
  const amount = fc.integer({ min: 1, max: 200_000 }).map((c) => c / 100);
  const result = fc.record({
    id: fc.constantFrom(...ids),
    montant: amount,
    periodicity: fc.constantFrom("mensuelle", "mensuelle", "annuelle", "ponctuelle"),
    settled: fc.option(
      amount.map((m) => Math.max(0, m - 50)),
      { nil: undefined },
    ),
  });
  const uniqueResults = (max: number) =>
    fc.uniqueArray(result, { selector: (r) => r.id, maxLength: max });
  const asDroit = (r: {
    id: string;
    montant: number;
    periodicity: string;
    settled: number | undefined;
  }) =>
    droit(r.id, r.montant, {
      periodicity: r.periodicity,
      ...(r.settled !== undefined && r.periodicity === "mensuelle"
        ? { settled: { montant: r.settled, after: AFTER } }
        : {}),
    });

  it("never counts an aid received, two options of one exclusion, nor a first months' amount", () => {
    fc.assert(
      fc.property(uniqueResults(12), uniqueResults(4), (foundResults, receivedResults) => {
        const received = receivedResults.map(asDroit);
        const receivedIds = new Set(received.map((d) => d.id));
        // What the server sends: an aid received is never among those found.
        const found = foundResults.map(asDroit).filter((d) => !receivedIds.has(d.id));
        const headline = summarizeWithReceived(found, received, rules, reducesOf);
        const counted = headline.summary.counted;
        for (const id of receivedIds) expect(counted.has(id)).toBe(false);
        for (const exclusion of rules.exclusions!) {
          // One option counted at most, and none beside an option received (two received, the
          // visitor's own declaration, are shown as such and never counted).
          const countedOptions = exclusion.options.filter((o) => o.some((id) => counted.has(id)));
          const receivedOptions = exclusion.options.filter((o) =>
            o.some((id) => receivedIds.has(id)),
          );
          expect(countedOptions.length).toBeLessThanOrEqual(1);
          if (receivedOptions.length > 0)
            for (const option of countedOptions) expect(receivedOptions).toContain(option);
        }
        // The monthly headline: each counted monthly amount at its settled amount when it has
        // one, less what received aids lose, in cents.
        const cents = (n: number) => Math.round(n * 100);
        const monthly = found
          .filter((d) => counted.has(d.id) && categoryOf(d, rules).total === "mensuel")
          .reduce((sum, d) => sum + cents(d.settled?.montant ?? (d.montant as number)), 0);
        const lost = headline.reductions.reduce((sum, r) => sum + cents(r.montant), 0);
        expect(cents(headline.totals.mensuel)).toBe(Math.max(0, monthly - lost));
      }),
      { numRuns: 300 },
    );
  });
});
