/**
 * Plain-French hints for the YAML mistakes editors make most (quotes, tabs, indentation), keyed by
 * the `yaml` package's error codes. The parser's own message stays in the error's reason.
 */
const HINTS: Readonly<Record<string, string>> = {
  BLOCK_AS_IMPLICIT_KEY:
    "Un texte contient « : » suivi d’une espace : mettez le texte entre guillemets, par exemple " +
    'question: "Vous : êtes-vous étudiant ?". Sinon, vérifiez l’indentation de la ligne.',
  BLOCK_IN_FLOW:
    "Entre { } ou [ ], un texte qui contient « : » ou « - » se met entre guillemets, par exemple " +
    '{ value: oui, label: "Oui : tout à fait" }.',
  TAB_AS_INDENT:
    "Indentez avec des espaces, jamais des tabulations (réglez votre éditeur sur « espaces »).",
  BAD_INDENT:
    "Les clés d’un même niveau commencent à la même colonne : alignez cette ligne sur celles " +
    "du dessus (2 espaces par niveau).",
  UNCLOSED_FLOW:
    "Une accolade { ou un crochet [ ouvert n’est pas refermé : ajoutez } ou ] à la fin de " +
    "l’élément, sur la même ligne ou plus loin avec la même indentation.",
  MULTILINE_IMPLICIT_KEY:
    "Une ligne n’est ni « clé: valeur » ni un élément « - … » : ajoutez une espace après les " +
    "deux-points (clé: valeur), vérifiez l’indentation, ou mettez un texte sur plusieurs " +
    "lignes entre guillemets.",
  DUPLICATE_KEY:
    "Cette clé est déjà écrite plus haut au même niveau : supprimez l’une des deux, ou " +
    "renommez-la.",
  MISSING_CHAR:
    "Un guillemet ouvert n’est pas refermé : fermez-le à la fin du texte, avec le même " +
    "guillemet (\" ou ').",
  UNEXPECTED_TOKEN:
    "Du texte suit un guillemet fermant : mettez tout le texte entre guillemets doubles, par " +
    'exemple "l\'aide « Pass » de la ville". Dans un texte entre apostrophes, une apostrophe ' +
    "s’écrit deux fois ('l''aide').",
  BAD_SCALAR_START: "Un texte ne peut pas commencer par @, `, % ou | : mettez-le entre guillemets.",
  BAD_DQ_ESCAPE:
    "Dans un texte entre guillemets doubles, \\ commence un code spécial : écrivez \\\\ pour une " +
    "barre oblique inverse, ou utilisez des apostrophes.",
};

/** The hint for a `yaml` error, when the mistake is a common one. */
export function yamlHint(code: string, message: string): string | undefined {
  if (code === "BAD_INDENT" && /^Flow (map|sequence)/.test(message)) return HINTS.UNCLOSED_FLOW;
  return HINTS[code];
}
