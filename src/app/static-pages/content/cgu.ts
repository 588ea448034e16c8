import type { StaticPageContent } from "../types";

export const cgu: StaticPageContent = {
  title: "Conditions générales d’utilisation",
  lead: "Les présentes conditions encadrent l’utilisation du Simulateur d’aides pour les jeunes, proposé par la plateforme {platform}. Utiliser le simulateur vaut acceptation de ces conditions.",
  sections: [
    {
      heading: "Objet du service",
      blocks: [
        "Le simulateur permet d’estimer, à partir de vos réponses, les aides publiques auxquelles vous pourriez avoir droit : logement, transport, santé, formation, emploi, culture, sport, alimentation… Il indique pour chaque aide l’organisme qui la verse et la façon de la demander.",
      ],
    },
    {
      heading: "Accès au service",
      blocks: [
        "Le service est gratuit et accessible sans création de compte. Seuls l’accès à Internet et l’équipement nécessaire sont à votre charge.",
        "L’éditeur peut suspendre l’accès au service, notamment pour des opérations de maintenance ou en cas d’indisponibilité du moteur de calcul, sans que sa responsabilité puisse être engagée.",
      ],
    },
    {
      heading: "Portée des résultats",
      blocks: [
        "Les résultats sont une **estimation indicative**. Ils sont calculés avec le moteur de calcul OpenFisca, qui applique la législation en vigueur à la date de la simulation, et avec les conditions publiées par les organismes pour leurs aides locales.",
        "Ils ne constituent ni une décision administrative, ni un engagement de versement : seul l’organisme qui verse l’aide examine votre demande et décide de vos droits, au vu de votre dossier complet. Un résultat peut différer si vos réponses sont incomplètes ou si votre situation change.",
      ],
    },
    {
      heading: "Vos engagements",
      blocks: [
        {
          list: [
            "Répondre aux questions de façon sincère : la qualité de l’estimation en dépend.",
            "Ne pas perturber le fonctionnement du service, notamment par des envois automatisés massifs ou des tentatives d’accès aux simulations d’autres personnes.",
            "Ne pas saisir les données d’une autre personne sans son accord.",
          ],
        },
      ],
    },
    {
      heading: "Données personnelles",
      blocks: [
        "Le traitement de vos réponses et, si vous demandez un récapitulatif, de vos coordonnées est décrit dans la [politique de confidentialité](/confidentialite).",
      ],
    },
    {
      heading: "Intégration par un partenaire",
      blocks: [
        "Les partenaires (établissements d’enseignement, collectivités, réseaux d’information jeunesse…) peuvent afficher le simulateur dans leur site à l’aide du code d’intégration proposé sur la page [Intégrer le simulateur](/iframe). Ils s’engagent à ne pas modifier les questions ni les résultats et à ne pas laisser croire que le partenaire décide de l’attribution des aides.",
      ],
    },
    {
      heading: "Liens vers d’autres sites",
      blocks: [
        "Le simulateur renvoie vers les sites des organismes qui versent les aides. Leur contenu relève de la seule responsabilité de ces organismes.",
      ],
    },
    {
      heading: "Évolution des conditions",
      blocks: [
        "Ces conditions peuvent évoluer avec le service. La version en ligne est celle qui s’applique. Elles sont régies par le droit français.",
        "Pour toute question : {email}.",
      ],
    },
  ],
  updated: "22 novembre 2026",
};
