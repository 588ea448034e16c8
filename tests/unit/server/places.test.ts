import { describe, expect, it, vi } from "vitest";
import {
  createLieuxClient,
  LieuxUnavailableError,
  toLieu,
  type FetchLike,
} from "../../../src/server/places";

describe("toLieu", () => {
  it("reads fields given as JSON values as well as JSON-encoded strings", () => {
    expect(
      toLieu({
        id: "m1",
        nom: "Mairie de Lyon",
        adresse: [
          {
            type_adresse: "Adresse",
            numero_voie: "1 place de la Comédie",
            code_postal: "69001",
            nom_commune: "Lyon",
          },
        ],
        telephone: [{ valeur: "04 72 10 30 30" }],
        site_internet: [{ valeur: "ftp://ignored" }, { valeur: "https://www.lyon.fr" }],
        plage_ouverture: [
          {
            nom_jour_debut: "Samedi",
            nom_jour_fin: "Samedi",
            valeur_heure_debut_1: "09:00:00",
            valeur_heure_fin_1: "12:00:00",
            commentaire: "sauf en août",
          },
        ],
      }),
    ).toEqual({
      id: "m1",
      nom: "Mairie de Lyon",
      adresse: { lignes: ["1 place de la Comédie"], code_postal: "69001", commune: "Lyon" },
      telephone: "04 72 10 30 30",
      url: "https://www.lyon.fr",
      horaires: ["Samedi\u00a0: de 9\u00a0h\u00a000 à 12\u00a0h\u00a000 (sauf en août)"],
    });
  });

  it("keeps a place without address or contact, and drops a record without id or name", () => {
    expect(toLieu({ id: "x", nom: "Lieu", adresse: "not json" })).toEqual({
      id: "x",
      nom: "Lieu",
      adresse: { lignes: [], code_postal: "", commune: "" },
    });
    expect(toLieu({ nom: "Sans id" })).toBeUndefined();
    expect(toLieu(null)).toBeUndefined();
  });
});

describe("createLieuxClient", () => {
  it("uses the public directory by default and turns network errors into LieuxUnavailableError", async () => {
    const fetch = vi.fn<FetchLike>(async () => {
      throw new TypeError("fetch failed");
    });
    const client = createLieuxClient({ fetch });
    await expect(client.near("75056", ["caf"])).rejects.toBeInstanceOf(LieuxUnavailableError);
    expect(fetch.mock.calls[0]?.[0]).toMatch(
      /^https:\/\/api-lannuaire\.service-public\.fr\/api\/explore\/v2\.1\/catalog\/datasets\/api-lannuaire-administration\/records\?where=/,
    );
  });
});
