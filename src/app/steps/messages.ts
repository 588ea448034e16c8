/** Validation messages shown under the fields. */
export const MESSAGES = {
  requiredChoice: "Veuillez choisir une réponse.",
  requiredMultiChoice: "Veuillez cocher au moins une réponse.",
  requiredDate: "Veuillez indiquer une date.",
  invalidDate: "Veuillez indiquer une date valide, par exemple 14/07/2001.",
  requiredNumber: "Veuillez indiquer un nombre.",
  invalidNumber: "Veuillez indiquer un nombre, par exemple 12 ou 12,5.",
  requiredAmount: "Veuillez indiquer un montant en euros (0 si vous n’avez rien perçu).",
  invalidAmount: "Veuillez indiquer un montant en euros, par exemple 450 ou 450,50.",
  requiredText: "Veuillez remplir ce champ.",
  requiredEmail: "Veuillez indiquer une adresse électronique.",
  invalidEmail: "Veuillez indiquer une adresse électronique valide, par exemple nom@exemple.fr.",
  requiredPhone: "Veuillez indiquer un numéro de téléphone.",
  invalidPhone: "Veuillez indiquer un numéro de téléphone valide, par exemple 06 12 34 56 78.",
  requiredCommune: "Veuillez indiquer votre code postal puis choisir une commune.",
  min: (min: string) => `La valeur doit être supérieure ou égale à ${min}.`,
  max: (max: string) => `La valeur doit être inférieure ou égale à ${max}.`,
  dateRange: (min: string, max: string) =>
    `La date doit être comprise entre le ${min} et le ${max}.`,
} as const;
