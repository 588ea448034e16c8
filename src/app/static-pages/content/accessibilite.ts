import type { StaticPageContent } from "../types";

/** RGAA accessibility statement (loi n° 2005-102, article 47). No audit has been made yet. */
export const accessibilite: StaticPageContent = {
  title: "Déclaration d’accessibilité",
  lead: "L’équipe du simulateur s’engage à rendre ses services numériques accessibles, conformément à l’article 47 de la loi n° 2005-102 du 11 février 2005.",
  sections: [
    {
      blocks: [
        "Cette déclaration d’accessibilité s’applique au Simulateur d’aides pour les jeunes, proposé par la plateforme {platform}, y compris lorsqu’il est intégré dans le site d’un partenaire.",
      ],
    },
    {
      heading: "État de conformité",
      blocks: [
        "Le simulateur est **non conforme** avec le référentiel général d’amélioration de l’accessibilité (RGAA), version 4.1.2 : aucun audit de conformité n’a encore été réalisé. En l’absence d’audit, aucun taux de conformité ne peut être annoncé.",
      ],
    },
    {
      heading: "Ce que nous vérifions déjà",
      blocks: [
        "Sans remplacer un audit, chaque évolution du simulateur est vérifiée de la façon suivante :",
        {
          list: [
            "des tests automatisés avec l’outil axe-core sur les pages du parcours (accueil, questions, récapitulatif, résultats, pages d’information) ; une erreur détectée bloque la mise en ligne ;",
            "la navigation complète au clavier, de la première question jusqu’aux résultats, avec un focus visible et placé sur le titre de chaque nouvelle page ;",
            "l’utilisation des composants du Système de design de l’État (DSFR), conçus pour être accessibles ;",
            "des liens d’évitement vers le contenu, le menu et le pied de page, et un titre de page propre à chaque étape ;",
            "le respect de la préférence « réduire les animations » du système et du mode d’affichage clair ou sombre.",
          ],
        },
      ],
    },
    {
      heading: "Contenus non accessibles",
      blocks: [
        "Faute d’audit, la liste des non-conformités n’est pas établie. Les points suivants sont connus :",
        {
          list: [
            "les formulaires et documents (souvent au format PDF) des organismes vers lesquels le simulateur renvoie ne relèvent pas de ce site et peuvent ne pas être accessibles ;",
            "intégré dans le site d’un partenaire, le simulateur dépend aussi de l’accessibilité de la page qui l’accueille.",
          ],
        },
      ],
    },
    {
      heading: "Établissement de cette déclaration",
      blocks: [
        "Cette déclaration a été établie le 22 novembre 2026.",
        "Technologies utilisées : HTML5, CSS, JavaScript, WAI-ARIA.",
        "Environnement des vérifications : navigateur Chromium avec axe-core, navigation au clavier seul.",
      ],
    },
    {
      heading: "Retour d’information et contact",
      blocks: [
        "Si vous n’arrivez pas à accéder à un contenu ou à un service, écrivez-nous à {email} : nous vous indiquerons une autre façon d’y accéder ou vous transmettrons le contenu sous une autre forme.",
      ],
    },
    {
      heading: "Voies de recours",
      blocks: [
        "Cette procédure est à utiliser si vous avez signalé au responsable du site un défaut d’accessibilité qui vous empêche d’accéder à un contenu ou à un service et que vous n’avez pas obtenu de réponse satisfaisante.",
        "Vous pouvez :",
        {
          list: [
            "écrire un message au [Défenseur des droits](https://formulaire.defenseurdesdroits.fr/) ;",
            "contacter [le délégué du Défenseur des droits dans votre région](https://www.defenseurdesdroits.fr/carte-des-delegues) ;",
            "envoyer un courrier par la poste (gratuit, ne pas mettre de timbre) : Défenseur des droits, Libre réponse 71120, 75342 Paris CEDEX 07.",
          ],
        },
      ],
    },
  ],
  updated: "22 novembre 2026",
};
