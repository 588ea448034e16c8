import type { StaticPageContent } from "../types";

/**
 * What is stored where, as the code does it: session storage (simulation), local storage
 * (contact details, `ABTesting`, `scheme`), the `lastestSimulation` and `resultats` cookies, the server's database.
 */
export const confidentialite: StaticPageContent = {
  title: "Politique de confidentialité",
  lead: "Le simulateur ne vous demande ni de créer un compte, ni de donner votre nom pour estimer vos droits. Cette page explique quelles données sont traitées, pourquoi et pendant combien de temps.",
  sections: [
    {
      heading: "Responsable du traitement",
      blocks: [
        "Le responsable du traitement est l’éditeur du simulateur, l’opérateur de la plateforme {platform}. Vous pouvez le joindre à {email}.",
      ],
    },
    {
      heading: "Les données traitées",
      blocks: [
        {
          list: [
            "**Vos réponses au questionnaire** : âge, nationalité, situation familiale et professionnelle, études, logement, commune, ressources, projets. Elles sont envoyées à notre serveur pour calculer vos droits et conservées avec la simulation. Elles ne comportent ni votre nom, ni vos coordonnées.",
            "**Vos coordonnées** (prénom, nom, adresse électronique, téléphone), si vous les saisissez à la fin du questionnaire : elles restent dans votre navigateur. Elles ne sont envoyées à notre serveur que si vous demandez à recevoir vos résultats par e-mail ou par SMS, et sont effacées dès l’envoi, sauf votre adresse électronique si vous acceptez d’être recontacté ou recontactée pour une enquête de suivi.",
            "**Les réponses à l’enquête de suivi**, si vous y répondez : les démarches que vous avez faites pour chaque aide.",
          ],
        },
      ],
    },
    {
      heading: "Pourquoi",
      blocks: [
        {
          list: [
            "Calculer les aides auxquelles vous pourriez avoir droit et vous permettre de reprendre votre simulation.",
            "Vous envoyer le récapitulatif de vos résultats, si vous le demandez.",
            "Vous interroger, si vous l’acceptez, sur les suites de vos démarches, afin d’améliorer le simulateur.",
            "Produire des statistiques anonymes d’utilisation (nombre de simulations, aides les plus affichées).",
          ],
        },
        "Ces traitements relèvent de l’exécution d’une mission d’intérêt public (article 6-1-e du règlement général sur la protection des données) ; l’envoi du récapitulatif et l’enquête de suivi reposent sur votre demande et votre consentement.",
      ],
    },
    {
      heading: "Durée de conservation",
      blocks: [
        {
          list: [
            "Une simulation est anonymisée 7 jours après sa création : ses réponses ne sont plus rattachées à aucune personne et ne servent plus qu’aux statistiques.",
            "Lorsque vous avez demandé un récapitulatif avec enquête de suivi, ce délai est porté à 31 jours, le temps de vous interroger ; votre adresse électronique est ensuite supprimée.",
            "Les données conservées dans votre navigateur y restent jusqu’à ce que vous les effaciez (voir ci-dessous).",
          ],
        },
      ],
    },
    {
      heading: "Destinataires",
      blocks: [
        "Vos données ne sont ni vendues, ni cédées. Seule l’équipe du simulateur y a accès, ainsi que, pour l’envoi des récapitulatifs, les prestataires d’envoi d’e-mails et de SMS.",
        "Lorsque le simulateur est intégré dans le site d’un partenaire qui l’a configuré pour cela, vos résultats et les coordonnées que vous avez saisies sont transmis à ce partenaire à l’affichage des résultats, afin qu’il puisse vous accompagner. Le partenaire est alors responsable de l’usage qu’il en fait.",
      ],
    },
    {
      heading: "Cookies et stockage dans votre navigateur",
      blocks: [
        "Le simulateur n’utilise aucun cookie publicitaire. Il conserve dans votre navigateur :",
        {
          list: [
            "le cookie **lastestSimulation** : l’identifiant de votre dernière simulation, pour la reprendre (durée : 1 jour) ;",
            "le cookie **resultats**, dès que votre simulation est enregistrée : l’identifiant de votre simulation et la clé qui l’ouvre, pour que notre serveur vous envoie le récapitulatif de vos réponses et la page de vos résultats déjà remplis, plus rapides à afficher. Il n’accompagne que les pages de la simulation, les scripts de la page ne peuvent pas le lire et il s’efface à la fermeture du navigateur ; notre serveur garde vos résultats pour cette page une heure au plus ;",
            "dans le stockage de session, effacé à la fermeture de l’onglet : votre simulation en cours, son identifiant, ses résultats, l’état de l’envoi du récapitulatif et, lorsque le simulateur est intégré dans un autre site, ses réglages d’affichage (clé **iframe**) ;",
            "dans le stockage local : vos coordonnées si vous les avez saisies (clé **reponsesLocales**), votre choix d’affichage clair, sombre ou selon le système (clé **scheme**) et la variante de présentation tirée au hasard pour nos tests d’amélioration (clé **ABTesting**, envoyée avec la simulation ; elle ne dit rien de vous) ;",
            "le cookie **france_connect**, uniquement si la connexion avec FranceConnect est proposée et que vous l’utilisez : il indique que vous êtes connecté ou connectée.",
          ],
        },
        "Ces données sont nécessaires au fonctionnement du service et ne demandent donc pas votre consentement. Vous pouvez les effacer à tout moment depuis les réglages de votre navigateur.",
      ],
    },
    {
      heading: "Mesure d’audience et statistiques",
      blocks: [
        "La mesure d’audience est désactivée par défaut. Lorsqu’elle est activée, elle utilise l’outil Matomo, configuré pour ne pas suivre les visiteurs dont le navigateur demande à ne pas être suivi (« Do Not Track »), et les identifiants de simulation ou de suivi sont retirés des adresses mesurées.",
        "Pour savoir quelles aides sont affichées et consultées, la page des résultats envoie à notre serveur de statistiques la liste des aides affichées, leur position, la variante de présentation et un identifiant de visite (celui de la mesure d’audience ou, à défaut, un identifiant tiré au hasard) qui ne permet pas de vous identifier. Rien n’est envoyé lorsque votre navigateur demande à ne pas être suivi et que vous avez refusé la mesure d’audience.",
        "Si le signalement des erreurs techniques est activé, une erreur survenue dans votre navigateur est transmise à notre outil de suivi des erreurs (page concernée, navigateur, message d’erreur), sans vos réponses.",
      ],
    },
    {
      heading: "Vos droits",
      blocks: [
        "Vous disposez d’un droit d’accès, de rectification, d’effacement, de limitation et d’opposition au traitement de vos données. Pour les exercer, écrivez à {email} en indiquant, si vous l’avez, l’identifiant de votre simulation.",
        "Si vous estimez, après nous avoir contactés, que vos droits ne sont pas respectés, vous pouvez adresser une réclamation à la [CNIL](https://www.cnil.fr/fr/adresser-une-plainte).",
      ],
    },
    {
      heading: "Sécurité",
      blocks: [
        "Les échanges avec le simulateur sont chiffrés (HTTPS). Une simulation enregistrée ne peut être relue qu’avec le jeton secret conservé dans votre navigateur.",
      ],
    },
  ],
  updated: "22 novembre 2026",
};
