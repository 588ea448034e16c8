// @vitest-environment jsdom
import { act } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { FetchLike } from "../../../src/app/machine/api";
import { STORAGE_KEYS } from "../../../src/app/machine/storage";
import { partnerPayload, postToPartner } from "../../../src/app/recap-email/partner";
import { setRecapStatus } from "../../../src/app/recap-email/recapState";
import type { Answer, Droit } from "../../../src/domain";
import { fixtureBundle } from "./fixtures/bundle";
import { MemoryStorage } from "./fixtures/memoryStorage";
import { byLabel, byText, click, settle, settleUntil, type } from "./helpers/dom";
import { renderRoutes } from "./helpers/renderRoutes";

const TODAY = "2026-11-22";
const droit: Droit = {
  id: "aide_logement",
  label: "Aide au logement",
  description: "Une aide pour payer le loyer.",
  institution: "caf",
  montant: 210.5,
  unit: "€",
  periodicity: "mensuelle",
  links: {},
};
const results = { _id: "sim-1", droitsEligibles: [droit], droitsInjectes: [] };

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });

function validStorage(): MemoryStorage {
  const storage = new MemoryStorage();
  const all = [
    { entityName: "individu", id: "demandeur", fieldName: "date_naissance", value: "2004-03-01" },
    { entityName: "individu", id: "demandeur", fieldName: "activite", value: "salarie" },
  ];
  storage.setItem(
    STORAGE_KEYS.simulation,
    JSON.stringify({ answers: { all, current: all }, dateDeValeur: TODAY, version: "test-1" }),
  );
  return storage;
}

let cleanup: (() => Promise<void>) | undefined;
afterEach(async () => {
  await cleanup?.();
  cleanup = undefined;
  document.body.innerHTML = "";
  setRecapStatus("idle");
});

async function open(path: string, fetch: FetchLike, storage = validStorage()) {
  const rendered = await renderRoutes(path, {
    bundle: fixtureBundle,
    storage,
    fetch,
    today: () => TODAY,
  });
  cleanup = rendered.unmount;
  await settle();
  await settleUntil(() => rendered.container.querySelector("main h1") !== null);
  // The whole document: the recap modal is rendered at its end (a portal), outside the app's root.
  return document.body;
}

function simulationFetch(followup: (init?: RequestInit) => Response) {
  return vi.fn<FetchLike>(async (url, init) => {
    if (url === "/api/simulation") return json(200, { _id: "sim-1", token: "t" });
    if (url === "/api/simulation/sim-1/followup") return followup(init);
    return json(200, results);
  });
}

describe("recap by e-mail and SMS", () => {
  it("sends the recap from the results and says so", async () => {
    let resolve: (response: Response) => void = () => {};
    const fetch = simulationFetch(() => json(200, {}));
    fetch.mockImplementation(async (url, init) => {
      if (url === "/api/simulation") return json(200, { _id: "sim-1", token: "t" });
      if (url === "/api/simulation/sim-1/followup") {
        expect(init?.headers).toMatchObject({ Authorization: "Bearer t" });
        expect(JSON.parse(String(init?.body))).toEqual({
          email: "camille@example.org",
          surveyOptin: true,
        });
        return new Promise<Response>((done) => (resolve = done));
      }
      return json(200, results);
    });
    const container = await open("/simulation/resultats", fetch);
    const button = byText(container, "button", "Recevoir les résultats par email/SMS");
    expect(button).toBeDefined();
    expect(button!.hasAttribute("disabled")).toBe(false);

    await type(byLabel(container, "Adresse électronique"), "camille@example.org");
    await act(async () => (byLabel(container, "J’accepte") as HTMLInputElement).click());
    await click(byText(container, "button", "Envoyer"));
    // While the recap is on its way, the results' button is disabled.
    expect(
      byText(container, "button", "Recevoir les résultats par email/SMS")!.hasAttribute("disabled"),
    ).toBe(true);
    await act(async () => resolve(json(200, { email: "sent", phone: "none" })));
    await settle();
    expect(container.textContent).toContain("Votre récapitulatif a été envoyé par e-mail.");
    expect(
      byText(container, "button", "Recevoir les résultats par email/SMS")!.hasAttribute("disabled"),
    ).toBe(false);
  });

  it("shows the server's French error next to the phone field", async () => {
    const fetch = simulationFetch(() =>
      json(400, {
        message: "Les coordonnées saisies ne sont pas valides.",
        errors: [
          {
            path: "phone",
            message: "Numéro de téléphone invalide\u00a0: seuls les mobiles français sont acceptés",
          },
        ],
      }),
    );
    const container = await open("/simulation/resultats", fetch);
    await type(byLabel(container, "Numéro de téléphone mobile"), "01 23 45 67 89");
    await click(byText(container, "button", "Envoyer"));
    expect(container.textContent).toContain(
      "Numéro de téléphone invalide\u00a0: seuls les mobiles français sont acceptés",
    );
    expect(window._paq).toContainEqual(["trackEvent", "Contact", "Invalid phone form"]);
  });

  it("asks for an address or a number before sending", async () => {
    const fetch = simulationFetch(() => json(200, {}));
    const container = await open("/simulation/resultats", fetch);
    await click(byText(container, "button", "Envoyer"));
    expect(container.textContent).toContain(
      "Indiquez une adresse électronique ou un numéro de téléphone mobile.",
    );
    await type(byLabel(container, "Adresse électronique"), "camille@");
    await click(byText(container, "button", "Envoyer"));
    expect(container.textContent).toContain("Adresse électronique invalide");
    expect(window._paq).toContainEqual(["trackEvent", "Contact", "Invalid email form"]);
    expect(fetch).not.toHaveBeenCalledWith("/api/simulation/sim-1/followup", expect.anything());
  });
});

describe("recapitulatif_email page", () => {
  it("has its title and the form", async () => {
    const fetch = simulationFetch(() => json(200, {}));
    const storage = new MemoryStorage();
    const all = [
      { entityName: "individu", id: "demandeur", fieldName: "date_naissance", value: "2004-03-01" },
    ];
    storage.setItem(
      STORAGE_KEYS.simulation,
      JSON.stringify({
        answers: { all, current: all },
        dateDeValeur: TODAY,
        version: "test-1",
        simulationToken: "t",
      }),
    );
    storage.setItem(STORAGE_KEYS.simulationId, JSON.stringify("sim-1"));
    const container = await open("/simulation/resultats/recapitulatif_email", fetch, storage);
    expect(container.querySelector("main h1")?.textContent).toBe("Recevoir un récapitulatif");
    expect(document.title).toContain("Recevoir un récapitulatif");
    expect(byLabel(container, "Numéro de téléphone mobile")).toBeDefined();
  });
});

describe("follow-up survey", () => {
  it("asks per benefit, posts the answers with the token in the header and thanks", async () => {
    const fetch = vi.fn<FetchLike>(async (url, init) => {
      expect(init?.headers).toMatchObject({ Authorization: "Bearer abc" });
      if (url === "/api/followup") {
        return json(200, { benefits: [{ id: "aide_logement", label: "Aide au logement" }] });
      }
      if (url === "/api/followup/answers") {
        expect(JSON.parse(String(init?.body))).toEqual({
          answers: [{ benefitId: "aide_logement", status: "applied" }],
        });
        return json(200, {});
      }
      return json(404, {});
    });
    const container = await open("/suivi?token=abc", fetch, new MemoryStorage());
    await settle(20);
    expect(container.querySelector("main h1")?.textContent).toBe(
      "Avez-vous fait vos demandes\u00a0?",
    );
    expect(container.querySelector("main legend")?.textContent).toContain("Aide au logement");
    for (const label of [
      "Je l’avais déjà",
      "J’ai essayé sans succès",
      "J’ai fait la demande",
      "Je n’ai rien fait",
    ]) {
      expect(byLabel(container, label)).toBeDefined();
    }
    await act(async () => (byLabel(container, "J’ai fait la demande") as HTMLInputElement).click());
    await click(byText(container, "button", "Envoyer mes réponses"));
    expect(container.textContent).toContain("Merci pour vos réponses");
  });

  it("explains an invalid link", async () => {
    const fetch = vi.fn<FetchLike>(async () =>
      json(403, { message: "Ce lien de suivi n’est pas valide ou a expiré." }),
    );
    const container = await open("/suivi?token=nope", fetch, new MemoryStorage());
    await settle(20);
    expect(container.textContent).toContain("Ce lien de suivi n’est pas valide ou a expiré.");
  });
});

describe("partner post", () => {
  const answers: Answer[] = [
    { entityName: "individu", id: "demandeur", fieldName: "prenom", value: "Camille" },
    { entityName: "individu", id: "demandeur", fieldName: "email", value: "camille@example.org" },
    { entityName: "individu", id: "demandeur", fieldName: "activite", value: "etudiant" },
  ];

  it("posts the contact, the answers and the benefits found", async () => {
    const fetch = vi.fn<FetchLike>(async () => json(200, {}));
    await expect(
      postToPartner(fetch, "https://partner.example.org/r", answers, [droit]),
    ).resolves.toBe(true);
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe("https://partner.example.org/r");
    expect(init?.method).toBe("POST");
    expect(JSON.parse(String(init?.body))).toEqual({
      prenom: "Camille",
      nom: null,
      email: "camille@example.org",
      telephone: null,
      answers,
      droits_eligibles: [droit],
    });
    expect(partnerPayload([], []).prenom).toBeNull();
  });

  it("is silent when the partner fails", async () => {
    const down = vi.fn<FetchLike>(async () => {
      throw new TypeError("network");
    });
    await expect(postToPartner(down, "https://partner.example.org/r", answers, [])).resolves.toBe(
      false,
    );
    const refused = vi.fn<FetchLike>(async () => json(500, {}));
    await expect(
      postToPartner(refused, "https://partner.example.org/r", answers, []),
    ).resolves.toBe(false);
  });
});
