/** Validation messages shown under the fields. */
export const MESSAGES = {
  requiredChoice: "Veuillez choisir une réponse.",
  requiredMultiChoice: "Veuillez cocher au moins une réponse.",
  requiredDate: "Veuillez indiquer une date\u00a0: le jour, le mois et l’année.",
  missingDateParts: (parts: string) => `Veuillez indiquer ${parts}, par exemple 14 7 2005.`,
  invalidDay: "Le jour doit être un nombre entre 1 et 31.",
  invalidMonth: "Le mois doit être un nombre entre 1 et 12.",
  invalidYear: "L’année doit comporter 4 chiffres, par exemple 2005.",
  yearRange: (min: number, max: number) => `L’année doit être comprise entre ${min} et ${max}.`,
  impossibleDate: (month: string, year: number, days: number) =>
    `Cette date n’existe pas\u00a0: ${month} ${year} compte ${days} jours.`,
  futureDate: (max: string) =>
    `La date ne peut pas être dans le futur\u00a0: au plus tard le ${max}.`,
  dateTooEarly: (min: string) => `La date doit être le ${min} ou après.`,
  requiredNumber: "Veuillez indiquer un nombre.",
  invalidNumber: "Veuillez indiquer un nombre en chiffres, par exemple 12.",
  wholeNumber: "Veuillez indiquer un nombre entier, sans virgule, par exemple 12.",
  requiredAmount: "Veuillez indiquer un montant en euros, par exemple 450.",
  requiredIncome: "Veuillez indiquer un montant (0 si rien perçu).",
  invalidAmount:
    "Veuillez indiquer un montant en chiffres, sans lettres, par exemple 450 ou 450,50.",
  negativeAmount: "Le montant ne peut pas être négatif\u00a0: indiquez 0 ou plus.",
  requiredText: "Veuillez remplir ce champ.",
  requiredEmail: "Veuillez indiquer une adresse électronique.",
  invalidEmail: "Veuillez indiquer une adresse électronique valide, par exemple nom@exemple.fr.",
  requiredPhone: "Veuillez indiquer un numéro de téléphone.",
  invalidPhone: "Veuillez indiquer un numéro de téléphone valide, par exemple 06 12 34 56 78.",
  requiredCommune: "Veuillez indiquer un code postal puis choisir la commune.",
  min: (min: string) => `La valeur doit être supérieure ou égale à ${min}.`,
  max: (max: string) => `La valeur doit être inférieure ou égale à ${max}.`,
} as const;
