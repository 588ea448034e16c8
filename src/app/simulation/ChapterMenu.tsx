import { Link } from "react-router-dom";
import type { ChapterState } from "../../domain";

interface ChapterMenuProps {
  chapters: ChapterState[];
}

function ChapterEntry({ chapter }: { chapter: ChapterState }) {
  const label = chapter.label;
  if (chapter.state === "pending" || !chapter.rootPath) {
    return (
      <a className="fr-sidemenu__link" role="link" aria-disabled="true">
        {label}
      </a>
    );
  }
  return (
    <Link
      className="fr-sidemenu__link"
      to={chapter.rootPath}
      {...(chapter.state === "current" ? { "aria-current": "step" as const } : {})}
    >
      {label}
      {chapter.state === "done" && <span className="fr-sr-only"> (terminé)</span>}
    </Link>
  );
}

/**
 * The chapters of the questionnaire: done ones are links, the current one is marked. On small
 * screens the DSFR script folds the list behind a button.
 */
export function ChapterMenu({ chapters }: ChapterMenuProps) {
  return (
    <nav className="fr-sidemenu app-chapters" aria-labelledby="chapters-title">
      <div className="fr-sidemenu__inner">
        <button
          type="button"
          className="fr-sidemenu__btn"
          aria-controls="chapters-collapse"
          aria-expanded="false"
        >
          Étapes de la simulation
        </button>
        <div className="fr-collapse" id="chapters-collapse">
          <p className="fr-sidemenu__title" id="chapters-title">
            Ma simulation
          </p>
          <ol className="fr-sidemenu__list">
            {chapters.map((chapter) => (
              <li
                key={chapter.id}
                className={`fr-sidemenu__item${chapter.state === "current" ? " fr-sidemenu__item--active" : ""}`}
              >
                <ChapterEntry chapter={chapter} />
              </li>
            ))}
          </ol>
        </div>
      </div>
    </nav>
  );
}
