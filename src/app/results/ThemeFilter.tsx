import { Tag } from "@codegouvfr/react-dsfr/Tag";
import { useRef } from "react";
import type { ResultTheme } from "../../domain";

interface ThemeFilterProps {
  themes: { theme: ResultTheme; count: number }[];
  total: number;
  /** The theme shown, or undefined for every result. */
  selected: string | undefined;
  onSelect: (theme: string | undefined) => void;
}

/** Narrows the results to a theme (`schema/results.yaml`): toggle buttons, one pressed at a time. */
export function ThemeFilter({ themes, total, selected, onSelect }: ThemeFilterProps) {
  const group = useRef<HTMLUListElement>(null);
  if (themes.length < 2) return null;
  const select = (theme: string | undefined) => {
    onSelect(theme);
    // The DSFR's script toggles a pressed tag on its own click, before this handler: pressing
    // the pressed tag again would unpress it while the state stays. The state decides.
    for (const button of group.current?.querySelectorAll<HTMLButtonElement>("button") ?? [])
      button.setAttribute("aria-pressed", String(button.dataset.theme === (theme ?? "")));
  };
  const tag = (id: string | undefined, label: string) => (
    <li key={id ?? ""}>
      <Tag
        small
        pressed={selected === id}
        nativeButtonProps={{
          "data-theme": id ?? "",
          onClick: () => select(id === undefined || selected === id ? undefined : id),
        }}
      >
        {label}
      </Tag>
    </li>
  );
  return (
    <nav className="fr-mb-1w app-no-print" aria-label="Filtrer les aides par thème">
      <ul className="fr-tags-group" ref={group}>
        {tag(undefined, `Toutes (${total})`)}
        {themes.map(({ theme, count }) => tag(theme.id, `${theme.label} (${count})`))}
      </ul>
    </nav>
  );
}
