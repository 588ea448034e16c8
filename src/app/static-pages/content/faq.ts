import type { StaticPageContent } from "../types";

export const faq: StaticPageContent = {
  title: "Questions fréquentes",
  lead: "Vous ne trouvez pas votre réponse ? [Écrivez-nous](/contact).",
  sections: [
    {
      heading: "Le simulateur",
      blocks: [
        {
          question: "À qui s’adresse le simulateur ?",
          answer: [
            "Principalement aux jeunes et aux étudiants et étudiantes, mais toute personne vivant en France peut l’utiliser. Il couvre les aides nationales (aides au logement, bourses, contrat d’engagement jeune…) et de nombreuses aides locales de régions, départements, villes et CAF.",
          ],
        },
        {
          question: "Combien de temps faut-il ?",
          answer: [
            "Environ 7 minutes. Munissez-vous de vos ressources des 12 derniers mois, ou de celles de vos parents si vous êtes encore à leur charge : leur revenu fiscal de référence figure sur leur avis d’imposition.",
          ],
        },
        {
          question: "Dois-je créer un compte ?",
          answer: [
            "Non. Le simulateur est gratuit et anonyme : il ne demande ni votre nom, ni votre adresse pour calculer vos droits.",
          ],
        },
        {
          question: "Le résultat est-il une garantie ?",
          answer: [
            "Non. C’est une estimation faite à partir de vos réponses et de la législation en vigueur. Seul l’organisme qui verse l’aide décide, après examen de votre dossier.",
          ],
        },
        {
          question: "Pourquoi me demande-t-on des revenus d’il y a deux ans ?",
          answer: [
            "Plusieurs aides, comme les bourses sur critères sociaux ou les aides au logement, tiennent compte des revenus déclarés aux impôts deux ans plus tôt. Le simulateur vous les demande quand une aide en a besoin.",
          ],
        },
      ],
    },
    {
      heading: "Ma simulation",
      blocks: [
        {
          question: "Puis-je reprendre ma simulation plus tard ?",
          answer: [
            "Oui, depuis le même navigateur : utilisez le lien « Revenir plus tard » pendant le questionnaire, ou le bouton « Reprendre ma simulation » de la page d’accueil. Votre dernière simulation est retrouvée pendant une journée.",
          ],
        },
        {
          question: "Comment recevoir mes résultats ?",
          answer: [
            "Sur la page des résultats, le bouton « Recevoir les résultats par email/SMS » vous envoie un récapitulatif avec le lien pour revoir vos résultats.",
          ],
        },
        {
          question: "Mes réponses sont-elles conservées ?",
          answer: [
            "Vos réponses sont conservées avec la simulation pour calculer vos droits, puis anonymisées au bout de 7 jours. Vos coordonnées restent dans votre navigateur. Tout est expliqué dans la [politique de confidentialité](/confidentialite).",
          ],
        },
      ],
    },
    {
      heading: "Après la simulation",
      blocks: [
        {
          question: "Comment demander une aide ?",
          answer: [
            "Chaque aide de vos résultats a sa page : elle explique comment la demander (service en ligne, formulaire à télécharger ou démarche à suivre) et indique les lieux où vous pouvez être reçu ou reçue.",
          ],
        },
        {
          question: "Une aide que j’attendais n’apparaît pas, ou son montant me surprend.",
          answer: [
            "Sur la page de l’aide, « Pourquoi pas moi ? » indique la condition que vous ne remplissez pas d’après vos réponses. Vérifiez aussi vos réponses depuis le récapitulatif. Si le résultat vous semble faux, [écrivez-nous](/contact).",
          ],
        },
        {
          question: "Qui peut m’aider dans mes démarches ?",
          answer: [
            "Des conseillers et conseillères peuvent vous recevoir gratuitement près de chez vous : voir la page [Être accompagné](/accompagnement).",
          ],
        },
        {
          question: "Puis-je intégrer le simulateur sur mon site ?",
          answer: [
            "Oui, il suffit de coller un court code dans votre page : voir [Intégrer le simulateur](/iframe).",
          ],
        },
      ],
    },
  ],
};
