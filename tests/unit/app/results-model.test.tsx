import { describe, expect, it } from "vitest";
import type { BenefitGroup, Droit } from "../../../src/domain";
import { formatAmount } from "../../../src/domain";
import {
  claimActions,
  groupResults,
  groupsMerged,
  roundMontant,
  sortDroits,
  type InfoOf,
  type ResultInfo,
} from "../../../src/app/results/resultsModel";

const droit = (id: string, label: string, montant: number | boolean = 100): Droit => ({
  id,
  label,
  description: "",
  institution: "caf",
  montant,
  unit: "€",
  periodicity: "mensuelle",
  links: {},
});

const infoFrom =
  (info: Record<string, ResultInfo>): InfoOf =>
  (id) =>
    info[id];

describe("results order", () => {
  it("by priority, lower first and those without one after, then by label in French order", () => {
    const sorted = sortDroits(
      [
        droit("z", "Zèbre"),
        droit("e", "Été"),
        droit("a", "Aide"),
        droit("p2", "Prioritaire deux"),
        droit("p1", "Prioritaire un"),
        droit("eb", "École"),
      ],
      infoFrom({ p1: { priority: 1 }, p2: { priority: 2 } }),
    );
    expect(sorted.map((d) => d.id)).toEqual(["p1", "p2", "a", "eb", "e", "z"]);
  });
});

describe("rounding and formatting", () => {
  it("floors to a multiple of floorAt when the benefit has one, else keeps cents", () => {
    expect(roundMontant(1234.56, 10)).toBe(1230);
    expect(roundMontant(250, 50)).toBe(250);
    expect(roundMontant(210.504)).toBe(210.5);
  });

  it("shows whole euros without cents, with the periodicity", () => {
    expect(formatAmount({ montant: 1230, unit: "€", periodicity: "annuelle" })).toMatch(
      /^1\s230\s€ \/ an$/,
    );
    expect(formatAmount({ montant: 80, unit: "€", periodicity: "mensuelle" })).toMatch(
      /^80\s€ \/ mois$/,
    );
  });
});

describe("groups", () => {
  const bafa: BenefitGroup = {
    id: "bafa-bafd",
    label: "Aides BAFA et BAFD",
    description: "…",
    interestFlag: "_interetBafa",
  };
  const info = infoFrom({
    b1: { interestFlag: "_interetBafa" },
    b2: { interestFlag: "_interetBafa" },
  });

  it("applies when more than one result shares the flag, at the first member's place", () => {
    const items = groupResults(
      [droit("x", "X"), droit("b1", "B1"), droit("y", "Y"), droit("b2", "B2")],
      [bafa],
      info,
      true,
    );
    expect(items.map((i) => (i.kind === "droit" ? i.droit.id : `groupe:${i.group.id}`))).toEqual([
      "x",
      "groupe:bafa-bafd",
      "y",
    ]);
    const group = items[1];
    expect(group?.kind === "group" && group.members.map((d: Droit) => d.id)).toEqual(["b1", "b2"]);
  });

  it("does not apply to a single member, nor under the separate variant", () => {
    expect(groupResults([droit("b1", "B1")], [bafa], info, true)).toEqual([
      { kind: "droit", droit: droit("b1", "B1") },
    ]);
    const separate = groupResults([droit("b1", "B1"), droit("b2", "B2")], [bafa], info, false);
    expect(separate.every((item) => item.kind === "droit")).toBe(true);
  });

  it("reads the aides_bafa variant, separate without an A/B record", () => {
    const storage = (value: string | null) => ({ getItem: () => value });
    expect(groupsMerged(storage(null))).toBe(false);
    expect(groupsMerged(storage("not json"))).toBe(false);
    expect(
      groupsMerged(
        storage(
          JSON.stringify({ aides_bafa: { value: "aides_bafa_fusionnees_conserve_position" } }),
        ),
      ),
    ).toBe(true);
    expect(
      groupsMerged(
        storage(JSON.stringify({ aides_bafa: "aides_bafa_separees_conserve_position" })),
      ),
    ).toBe(false);
  });
});

describe("how to claim", () => {
  const all = {
    teleservice: "https://t.example",
    form: "https://f.example",
    instructions: "https://i.example",
    information: "https://info.example",
  };

  it("keeps two actions in priority order: teleservice, form, instructions", () => {
    expect(claimActions(all).map((a) => [a.kind, a.label])).toEqual([
      ["teleservice", "Faire une demande en ligne"],
      ["form", "Télécharger le formulaire"],
    ]);
    expect(
      claimActions({ instructions: all.instructions, form: all.form }).map((a) => a.kind),
    ).toEqual(["form", "instructions"]);
    expect(claimActions({ information: all.information })).toEqual([]);
  });

  it("says when the teleservice needs an account", () => {
    expect(claimActions({ teleservice: all.teleservice }, true)[0]?.note).toContain(
      "créer un compte",
    );
    expect(claimActions({ teleservice: all.teleservice })[0]?.note).toBeUndefined();
  });
});
