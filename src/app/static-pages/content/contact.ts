import type { StaticPageContent } from "../types";

export const contact: StaticPageContent = {
  title: "Nous contacter",
  lead: "Une question sur le simulateur, une erreur constatée, une suggestion ? Écrivez-nous à {email}.",
  sections: [
    {
      blocks: [
        "Nous lisons tous les messages et répondons en général sous cinq jours ouvrés. Pour que nous puissions vous aider au mieux, décrivez la page concernée et, si possible, les réponses que vous avez données.",
      ],
    },
    {
      heading: "Avant de nous écrire",
      blocks: [
        "La réponse à votre question se trouve peut-être dans les [questions fréquentes](/faq).",
        "Pour être aidé ou aidée dans vos démarches par une personne près de chez vous, consultez la page [Être accompagné](/accompagnement).",
      ],
    },
    {
      heading: "Ce que nous ne pouvons pas faire",
      blocks: [
        {
          list: [
            "Nous ne traitons pas les demandes d’aide : nous ne pouvons ni connaître l’état de votre dossier, ni modifier une décision. Adressez-vous à l’organisme qui verse l’aide (CAF, Crous, France Travail, mairie, département…) : ses coordonnées figurent sur la page de chaque aide.",
            "N’envoyez pas de documents personnels (avis d’imposition, pièce d’identité, bulletins de salaire) : ils ne sont pas nécessaires pour vous répondre.",
          ],
        },
      ],
    },
    {
      heading: "Vos données",
      blocks: [
        "Votre message et votre adresse électronique servent uniquement à vous répondre. Pour en savoir plus, consultez notre [politique de confidentialité](/confidentialite).",
      ],
    },
  ],
};
