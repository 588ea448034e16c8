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
  simulationClosed:
    "Cette simulation ne peut plus être modifiée (un récapitulatif a été envoyé ou elle a été anonymisée). Enregistrez-en une nouvelle.",
  simulationNotFound: "Cette simulation n’existe pas ou n’est plus disponible.",
  notFound: "Cette adresse n’existe pas.",
  invalidPostcode: "Le code postal doit comporter 5\u00a0chiffres.",
  invalidDate: "La date doit être une date valide au format AAAA-MM-JJ.",
  badRequest: "La requête n’est pas valide.",
  engineUnavailable:
    "Le calcul des aides est momentanément indisponible. Veuillez réessayer dans quelques instants.",
  engineBusy:
    "Le calcul des aides est très demandé en ce moment. Veuillez réessayer dans quelques instants.",
  situationNotComputable:
    "Le moteur de calcul ne parvient pas à calculer cette situation. Vérifiez les dates et les montants saisis, ou recommencez la simulation.",
  tooManySimulations:
    "Trop de simulations ont été enregistrées depuis votre connexion. Veuillez réessayer dans quelques instants.",
  tooManyComputations:
    "Trop de calculs ont été demandés depuis votre connexion. Veuillez réessayer dans quelques instants.",
  requestTimeout:
    "La requête a mis trop de temps à arriver. Vérifiez votre connexion et veuillez réessayer.",
  missingBenefitsUnavailable:
    "La liste des aides que le moteur de calcul ne sait pas encore calculer est momentanément indisponible. Veuillez réessayer dans quelques instants.",
  unknownRepresentation:
    "Représentation inconnue\u00a0: choisissez situation, openfisca_request ou openfisca_response.",
  unknownBenefit: "Aide inconnue\u00a0: cet identifiant ne figure pas dans notre catalogue.",
  databaseUnavailable:
    "Le service est momentanément indisponible\u00a0: vos données ne peuvent être ni lues ni enregistrées. Veuillez réessayer dans quelques instants.",
  resultsFailed:
    "Une erreur est survenue pendant le calcul de vos aides. Veuillez réessayer plus tard.",
  internalError: "Une erreur inattendue est survenue. Veuillez réessayer plus tard.",
  invalidFollowup: "Les coordonnées saisies ne sont pas valides.",
  invalidEmail: "Adresse électronique invalide",
  invalidPhone: "Numéro de téléphone invalide\u00a0: seuls les mobiles français sont acceptés",
  missingContact: "Indiquez une adresse électronique ou un numéro de téléphone mobile.",
  invalidSurveyOptin: "Indiquez si vous acceptez de répondre au questionnaire de suivi.",
  emailDisabled: "L’envoi des résultats par e-mail n’est pas disponible pour le moment.",
  smsDisabled: "L’envoi des résultats par SMS n’est pas disponible pour le moment.",
  tooManyRecaps: "Vous avez demandé trop de récapitulatifs. Veuillez réessayer un peu plus tard.",
  followupNotFound: "Aucun récapitulatif n’a été envoyé pour cette simulation.",
  followupForbidden: "Ce lien de suivi n’est pas valide ou a expiré.",
  invalidSurvey: "Les réponses au questionnaire ne sont pas valides.",
  invalidSurveyStatus:
    "Choisissez\u00a0: je l’avais déjà, j’ai essayé sans succès, j’ai fait la demande ou je n’ai rien fait.",
  invalidDepcom: "Le code commune (INSEE) doit comporter 5\u00a0caractères, par exemple 75056.",
  invalidPlaceTypes: "Indiquez entre 1 et 10\u00a0types de lieux, séparés par des virgules.",
  invalidPlaceId: "Cet identifiant de lieu n’est pas valide.",
  placeNotFound: "Ce lieu n’existe pas ou n’est plus référencé dans l’annuaire.",
  placesUnavailable:
    "L’annuaire des lieux d’accueil est momentanément indisponible. Veuillez réessayer dans quelques instants.",
  resultsAnonymized:
    "Cette simulation a été anonymisée\u00a0: ses résultats ne sont plus disponibles. Vous pouvez faire une nouvelle simulation.",
  recapAnonymized:
    "Cette simulation a été anonymisée\u00a0: il n’est plus possible d’en recevoir le récapitulatif.",
} as const;
