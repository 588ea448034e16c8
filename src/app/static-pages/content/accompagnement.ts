import type { StaticPageContent } from "../types";

/** How to get help from a counsellor (docs/product.md §2 `/accompagnement`). */
export const accompagnement: StaticPageContent = {
  title: "Être accompagné dans vos démarches",
  lead: "Vous n’êtes pas seul ou seule face à vos démarches : des conseillers et conseillères peuvent vous aider gratuitement à demander les aides de vos résultats.",
  sections: [
    {
      heading: "Où être reçu ou reçue",
      blocks: [
        {
          list: [
            "**Les espaces France services** : des agents vous aident pour les démarches de la CAF, de l’Assurance maladie, de France Travail, des impôts… Trouvez le plus proche sur [france-services.gouv.fr](https://www.france-services.gouv.fr/).",
            "**Les missions locales**, si vous avez entre 16 et 25 ans et n’êtes plus scolarisé ou scolarisée : emploi, formation, logement, santé, contrat d’engagement jeune. Voir [la carte des missions locales](https://www.unml.info/les-missions-locales/annuaire/).",
            "**Les services sociaux des Crous**, si vous êtes étudiant ou étudiante : les assistants et assistantes sociales vous reçoivent pour les bourses, le logement et les aides d’urgence. Voir [etudiant.gouv.fr](https://www.etudiant.gouv.fr/).",
            "**Les points information jeunesse** du réseau Info Jeunes : logement, jobs, mobilité, BAFA, permis de conduire. Voir [infojeunes.fr](https://www.infojeunes.fr/).",
            "**Le centre communal d’action sociale (CCAS)** de votre mairie pour les aides de votre commune.",
          ],
        },
      ],
    },
    {
      heading: "Ce qu’il faut apporter",
      blocks: [
        {
          list: [
            "vos résultats : envoyez-les-vous par e-mail ou SMS depuis la page des résultats, ou notez les aides qui vous intéressent ;",
            "une pièce d’identité et, si vous en avez, votre dernier avis d’imposition ou celui de vos parents ;",
            "vos justificatifs de ressources des 12 derniers mois et, pour le logement, votre bail ou une quittance de loyer.",
          ],
        },
      ],
    },
    {
      heading: "Vous avez une question sur le simulateur ?",
      blocks: ["Consultez les [questions fréquentes](/faq) ou [écrivez-nous](/contact)."],
    },
  ],
};
