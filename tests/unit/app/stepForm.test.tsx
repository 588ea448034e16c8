// @vitest-environment jsdom
import { DIGITS_ONLY_MESSAGE } from "../../../src/app/fields/CommuneField";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { Commune, ResolvedField, StepInstance } from "../../../src/domain";
import { ServicesContext } from "../../../src/app/services/ServicesContext";
import { StepForm } from "../../../src/app/steps/StepForm";
import {
  byLabel,
  byText,
  choose,
  click,
  description,
  groupByLegend,
  render,
  type,
  typeDate,
} from "./helpers/dom";

const TODAY = "2026-11-22";

function step(fields: ResolvedField[], path = "/simulation/test"): StepInstance {
  return {
    path,
    stepId: "test",
    chapter: "profil",
    entityName: "individu",
    id: "demandeur",
    fields,
    isActive: true,
    answered: false,
  };
}

let cleanup: (() => Promise<void>) | undefined;
afterEach(async () => {
  await cleanup?.();
  cleanup = undefined;
});

async function renderForm(
  fields: ResolvedField[],
  options: {
    values?: Record<string, never>;
    fetchCommunes?: (cp: string) => Promise<Commune[]>;
  } = {},
) {
  const onSubmit = vi.fn();
  const services = { fetchCommunes: options.fetchCommunes ?? (async () => []) };
  const rendered = await render(
    <ServicesContext.Provider value={services}>
      <StepForm
        step={step(fields)}
        title="Mon logement"
        values={options.values ?? {}}
        enumerations={{}}
        today={TODAY}
        onSubmit={onSubmit}
      />
    </ServicesContext.Provider>,
  );
  cleanup = rendered.unmount;
  const { container } = rendered;
  const submit = () => click(byText(container, "button", "Suivant"));
  return { container, onSubmit, submit };
}

const birthDate: ResolvedField = {
  name: "date_naissance",
  kind: "date",
  question: "Quelle est votre date de naissance\u00a0?",
  hint: "Celle de votre pièce d’identité.",
};

describe("StepForm", () => {
  it("titles a one-question step with its question and keeps an accessible legend", async () => {
    const { container } = await renderForm([birthDate]);
    expect(container.querySelector("h1")?.textContent).toBe(
      "Quelle est votre date de naissance\u00a0?",
    );
    const group = groupByLegend(container, "Quelle est votre date de naissance\u00a0?");
    expect(group.getAttribute("role")).toBe("group");
    expect(group.querySelector("legend")?.textContent).toContain("Par exemple\u00a0: 14 7 2005");
    expect(byText(container, "p", "Celle de votre pièce d’identité.")).toBeDefined();
    expect(byText(container, "button", "Suivant")?.getAttribute("type")).toBe("submit");
  });

  it("asks a date as day, month and year in numeric text inputs", async () => {
    const { container } = await renderForm([{ ...birthDate, autocomplete: "bday" }]);
    const inputs = ["Jour", "Mois", "Année"].map((label) => byLabel(container, label));
    expect(inputs.map((input) => input.getAttribute("type"))).toEqual(["text", "text", "text"]);
    expect(inputs.map((input) => input.getAttribute("inputmode"))).toEqual([
      "numeric",
      "numeric",
      "numeric",
    ]);
    expect(inputs.map((input) => input.getAttribute("autocomplete"))).toEqual([
      "bday-day",
      "bday-month",
      "bday-year",
    ]);
    await cleanup?.();
    const other = await renderForm([{ ...birthDate, name: "date_debut_chomage" }]);
    expect(byLabel(other.container, "Jour").getAttribute("autocomplete")).toBe("off");
  });

  it("shows French errors on the group, marks the inputs at fault and submits answer values", async () => {
    const { container, onSubmit, submit } = await renderForm([birthDate]);
    const group = () => groupByLegend(container, "Quelle est votre date de naissance\u00a0?");
    const labelled = () =>
      (group().getAttribute("aria-labelledby") ?? "")
        .split(" ")
        .map((id) => document.getElementById(id)?.textContent ?? "")
        .join(" ");
    const invalid = () =>
      ["Jour", "Mois", "Année"].filter(
        (label) => byLabel(container, label).getAttribute("aria-invalid") === "true",
      );
    await submit();
    expect(onSubmit).not.toHaveBeenCalled();
    expect(group().classList.contains("fr-fieldset--error")).toBe(true);
    expect(labelled()).toContain("Veuillez indiquer une date\u00a0: le jour, le mois et l’année.");
    expect(description(byLabel(container, "Jour"))).toContain("Veuillez indiquer une date");
    expect(document.activeElement).toBe(byLabel(container, "Jour"));

    await typeDate(container, "date de naissance", "2005-02-31");
    await submit();
    expect(labelled()).toContain("Cette date n’existe pas\u00a0: février 2005 compte 28 jours.");
    expect(invalid()).toEqual(["Jour"]);

    await typeDate(container, "date de naissance", "1850-2-3");
    await submit();
    expect(labelled()).toContain("L’année doit être comprise entre 1900 et 2026.");
    expect(invalid()).toEqual(["Année"]);
    expect(document.activeElement).toBe(byLabel(container, "Année"));

    await typeDate(container, "date de naissance", "2026-12-01");
    await submit();
    expect(labelled()).toContain(
      "La date ne peut pas être dans le futur\u00a0: au plus tard le 22/11/2026.",
    );
    expect(invalid()).toEqual(["Jour", "Mois", "Année"]);

    await typeDate(container, "date de naissance", "2004-03-01");
    await submit();
    expect(onSubmit).toHaveBeenCalledOnce();
    expect(onSubmit.mock.calls[0]?.[0]).toEqual({ date_naissance: "2004-03-01" });
    expect(group().classList.contains("fr-fieldset--error")).toBe(false);
  });

  it("shows a stored date in the three inputs", async () => {
    const { container } = await renderForm([birthDate], {
      values: { date_naissance: "2004-03-01" as never },
    });
    expect(
      ["Jour", "Mois", "Année"].map(
        (label) => (byLabel(container, label) as HTMLInputElement).value,
      ),
    ).toEqual(["1", "3", "2004"]);
  });

  it("asks yes/no questions with Oui/Non radios in a fieldset", async () => {
    const { container, onSubmit, submit } = await renderForm([
      { name: "boursier", kind: "boolean", question: "Êtes-vous boursier ?" },
    ]);
    const legend = container.querySelector("fieldset legend");
    expect(legend?.textContent).toContain("Êtes-vous boursier ?");
    await click(byLabel(container, "Non"));
    await submit();
    expect(onSubmit.mock.calls[0]?.[0]).toEqual({ boursier: false });
  });

  it("uses radios for short lists and a select beyond 8 options", async () => {
    const few = Array.from({ length: 3 }, (_, i) => ({ value: `v${i}`, label: `Choix ${i}` }));
    const many = Array.from({ length: 9 }, (_, i) => ({ value: `v${i}`, label: `Choix ${i}` }));
    const short = await renderForm([
      { name: "a", kind: "choice", question: "Court ?", options: few },
    ]);
    expect(short.container.querySelectorAll('input[type="radio"]')).toHaveLength(3);
    await cleanup?.();
    const long = await renderForm([
      { name: "b", kind: "choice", question: "Long ?", options: many },
    ]);
    const select = long.container.querySelector("select");
    expect(select?.querySelectorAll("option")).toHaveLength(10);
    await choose(select, "v7");
    await long.submit();
    expect(long.onSubmit.mock.calls[0]?.[0]).toEqual({ b: "v7" });
  });

  it("collects several checked options", async () => {
    const options = [
      { value: "salaire_net", label: "Salaire" },
      { value: "chomage_net", label: "Allocations chômage" },
    ];
    const { container, onSubmit, submit } = await renderForm([
      {
        name: "ressources",
        kind: "multi_choice",
        optional: true,
        question: "Ressources ?",
        options,
      },
    ]);
    await click(byLabel(container, "Allocations chômage"));
    await submit();
    expect(onSubmit.mock.calls[0]?.[0]).toEqual({ ressources: ["chomage_net"] });
  });

  it("titles a several-question step with the step title and shows every label", async () => {
    const { container, onSubmit, submit } = await renderForm([
      { name: "loyer", kind: "money", question: "Quel est votre loyer ?", min: 0 },
      { name: "charges", kind: "money", question: "Vos charges ?", optional: true },
    ]);
    expect(container.querySelector("h1")?.textContent).toBe("Mon logement");
    const rent = byLabel(container, "Quel est votre loyer ?");
    expect(rent.closest(".fr-input-group")?.textContent).toContain("€");
    await type(rent, "1 200,50");
    await submit();
    expect(onSubmit.mock.calls[0]?.[0]).toEqual({ loyer: 1200.5, charges: undefined });
  });

  it("applies one amount to every period until the shortcut is unticked", async () => {
    const periods = [
      { id: "2026-09", label: "septembre 2026" },
      { id: "2026-10", label: "octobre 2026" },
      { id: "2026-11", label: "novembre 2026" },
    ];
    const { container, onSubmit, submit } = await renderForm([
      { name: "salaire_net", kind: "monthly_amounts", question: "Salaire", periods },
    ]);
    const shortcut = byLabel(container, "Même montant tous les mois") as HTMLInputElement;
    expect(shortcut.checked).toBe(true);
    await type(byLabel(container, "Montant mensuel"), "450");
    await click(shortcut);
    const october = byLabel(container, "octobre 2026") as HTMLInputElement;
    expect(october.value).toBe("450");
    await type(october, "500");
    await submit();
    expect(onSubmit.mock.calls[0]?.[0]).toEqual({
      salaire_net: { "2026-09": 450, "2026-10": 500, "2026-11": 450 },
    });
  });

  it("finds the communes of a postcode and answers with the commune", async () => {
    const communes: Commune[] = [
      {
        code_insee: "01001",
        code_postal: "01400",
        nom: "L’Abergement-Clémenciat",
        departement: "01",
        region: "84",
        epci: "200069193",
      },
      {
        code_insee: "01002",
        code_postal: "01400",
        nom: "Autre commune",
        departement: "01",
        region: "84",
        epci: "200069193",
      },
    ];
    const fetchCommunes = vi.fn(async () => communes);
    const { container, onSubmit, submit } = await renderForm(
      [{ name: "depcom", kind: "commune", question: "Dans quelle commune habitez-vous ?" }],
      { fetchCommunes },
    );
    await submit();
    expect(container.textContent).toContain("Veuillez indiquer un code postal");
    // A commune's name is not searched: the visitor is told to type the postcode's digits.
    await type(byLabel(container, "Code postal"), "lille");
    expect(description(byLabel(container, "Code postal"))).toContain(DIGITS_ONLY_MESSAGE);
    expect(fetchCommunes).not.toHaveBeenCalled();
    await type(byLabel(container, "Code postal"), "01400");
    expect(container.textContent).not.toContain(DIGITS_ONLY_MESSAGE);
    expect(fetchCommunes).toHaveBeenCalledWith("01400");
    const select = byLabel(container, "Commune");
    await choose(select, "01002|Autre commune");
    await submit();
    expect(onSubmit.mock.calls[0]?.[0]).toEqual({ depcom: communes[1] });
  });

  it("validates e-mail addresses", async () => {
    const { container, onSubmit, submit } = await renderForm([
      { name: "email", kind: "email", question: "Votre adresse électronique ?" },
    ]);
    const input = byLabel(container, "Votre adresse électronique ?");
    expect(input.getAttribute("type")).toBe("email");
    await type(input, "nom@");
    await submit();
    expect(description(input)).toContain("adresse électronique valide");
    expect(onSubmit).not.toHaveBeenCalled();
  });
});
