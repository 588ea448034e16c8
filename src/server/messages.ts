/**
 * Every message the API sends to visitors, in French. Typography: typographic apostrophe (’) and a
 * no-break space (U+00A0) before « : ? ! ».
 */
export const messages = {
  invalidJson: "Le contenu de la requête n’est pas un JSON valide.",
  emptyBody: "Le contenu de la requête est vide.",
  bodyTooLarge: "Le contenu de la requête est trop volumineux (1\u00a0Mo au maximum).",
  unsupportedMediaType:
    "Ce type de contenu n’est pas pris en charge\u00a0: envoyez du JSON (application/json).",
  invalidSimulation: "Les données de la simulation ne sont pas valides.",
  forbidden: "Vous n’avez pas accès à cette simulation.",
  simulationNotFound: "Cette simulation n’existe pas ou n’est plus disponible.",
  notFound: "Cette adresse n’existe pas.",
  invalidPostcode: "Le code postal doit comporter 5\u00a0chiffres.",
  invalidDate: "La date doit être une date valide au format AAAA-MM-JJ.",
  badRequest: "La requête n’est pas valide.",
  engineUnavailable:
    "Le calcul des aides est momentanément indisponible. Veuillez réessayer dans quelques instants.",
  missingBenefitsUnavailable:
    "La liste des aides que le moteur de calcul ne sait pas encore calculer est momentanément indisponible. Veuillez réessayer dans quelques instants.",
  unknownRepresentation:
    "Représentation inconnue\u00a0: choisissez situation, openfisca_request ou openfisca_response.",
  unknownBenefit: "Aide inconnue\u00a0: cet identifiant ne figure pas dans notre catalogue.",
  resultsFailed:
    "Une erreur est survenue pendant le calcul de vos aides. Veuillez réessayer plus tard.",
  internalError: "Une erreur inattendue est survenue. Veuillez réessayer plus tard.",
} as const;
