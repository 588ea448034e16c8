/**
 * The text of the static pages lives in `content/*.ts`, one module per page, apart from the
 * components: typed data the compiler checks, loaded with its page only (each route is lazy).
 *
 * Inline markup in a paragraph or list item: `[text](/path)` or `[text](https://…)` makes a
 * link, `**text**` stresses it, `{email}` is the contact address and `{platform}` the platform's
 * name.
 */
export type Block =
  | string
  | { list: string[] }
  /** A question and its answer, shown as an accordion. */
  | { question: string; answer: Block[] };

export interface Section {
  /** An h2; a section without heading continues the introduction. */
  heading?: string;
  blocks: Block[];
}

export interface StaticPageContent {
  /** The h1 and the document title. */
  title: string;
  lead?: string;
  sections: Section[];
  /** Shown at the bottom: "Dernière mise à jour : …". */
  updated?: string;
}
