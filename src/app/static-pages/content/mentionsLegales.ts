import type { StaticPageContent } from "../types";

export const mentionsLegales: StaticPageContent = {
  title: "Mentions légales",
  sections: [
    {
      heading: "Éditeur",
      blocks: [
        "Le Simulateur d’aides pour les jeunes est édité par l’opérateur de la plateforme {platform}, qui en assure la publication.",
        "Pour toute question relative au site : {email}.",
      ],
    },
    {
      heading: "Hébergement",
      blocks: [
        "Le site et son moteur de calcul sont hébergés par l’opérateur de la plateforme {platform}. Aucun moteur de calcul tiers n’est interrogé : les estimations sont calculées sur nos propres serveurs.",
      ],
    },
    {
      heading: "Sources des calculs et des données",
      blocks: [
        {
          list: [
            "Les aides nationales sont calculées avec [OpenFisca-France](https://openfisca.org/fr/), modèle libre de la législation socio-fiscale française.",
            "Les aides à l’achat d’un vélo proviennent de la bibliothèque libre aides-vélo.",
            "Les adresses et horaires des lieux d’accueil proviennent de l’[API Annuaire de l’administration](https://www.service-public.fr/), publiée par la Direction de l’information légale et administrative.",
            "Les conditions des aides locales sont rédigées par notre équipe à partir des informations publiées par les organismes qui les versent ; chaque aide renvoie vers sa source officielle.",
          ],
        },
      ],
    },
    {
      heading: "Propriété intellectuelle",
      blocks: [
        "Sauf mention contraire, les textes de ce site peuvent être réutilisés dans les conditions de la Licence Ouverte 2.0 (Etalab), en citant leur source. Les marques et logos (Marianne, FranceConnect, logos des organismes) restent la propriété de leurs titulaires.",
      ],
    },
    {
      heading: "Accessibilité et données personnelles",
      blocks: [
        "L’état d’accessibilité du site est décrit dans la [déclaration d’accessibilité](/accessibilite). Le traitement de vos données est décrit dans la [politique de confidentialité](/confidentialite).",
      ],
    },
    {
      heading: "Signaler un problème",
      blocks: [
        "Une erreur dans une aide, un lien cassé, un calcul surprenant ? Écrivez-nous à {email}.",
      ],
    },
  ],
  updated: "22 novembre 2026",
};
