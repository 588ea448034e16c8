import { Accordion } from "@codegouvfr/react-dsfr/Accordion";
import type { ReactNode } from "react";
import { PLATFORM_NAME } from "../config";
import { usePageTitle } from "../layout/usePageTitle";
import { useContactEmail } from "../layout/useContactEmail";
import { InlineText, type InlineValues } from "./InlineText";
import type { Block, StaticPageContent } from "./types";

function BlockView({ block, values }: { block: Block; values: InlineValues }) {
  if (typeof block === "string") {
    return (
      <p>
        <InlineText text={block} values={values} />
      </p>
    );
  }
  if ("list" in block) {
    return (
      <ul>
        {block.list.map((item) => (
          <li key={item}>
            <InlineText text={item} values={values} />
          </li>
        ))}
      </ul>
    );
  }
  return (
    <Accordion label={block.question} titleAs="h3">
      {block.answer.map((answer, i) => (
        <BlockView key={i} block={answer} values={values} />
      ))}
    </Accordion>
  );
}

/**
 * One static page (accessibility, contact, terms, legal notice, privacy, FAQ…) from its content;
 * `children` come after the lead.
 */
export function StaticPage({
  content,
  children,
}: {
  content: StaticPageContent;
  children?: ReactNode;
}) {
  usePageTitle(content.title);
  const values: InlineValues = { email: useContactEmail(), platform: PLATFORM_NAME };
  return (
    <div className="fr-container fr-py-6w">
      <div className="fr-grid-row">
        <div className="fr-col-12 fr-col-lg-9">
          <h1 tabIndex={-1}>{content.title}</h1>
          {content.lead && (
            <p className="fr-text--lead">
              <InlineText text={content.lead} values={values} />
            </p>
          )}
          {children}
          {content.sections.map((section, i) => (
            <section key={section.heading ?? i} className="fr-mb-4w">
              {section.heading && <h2 className="fr-h4">{section.heading}</h2>}
              {section.blocks.some((block) => typeof block === "object" && "question" in block) ? (
                <div className="fr-accordions-group">
                  {section.blocks.map((block, j) => (
                    <BlockView key={j} block={block} values={values} />
                  ))}
                </div>
              ) : (
                section.blocks.map((block, j) => (
                  <BlockView key={j} block={block} values={values} />
                ))
              )}
            </section>
          ))}
          {content.updated && (
            <p className="fr-text--sm fr-mt-4w">Dernière mise à jour&nbsp;: {content.updated}</p>
          )}
        </div>
      </div>
    </div>
  );
}
