import { Alert } from "@codegouvfr/react-dsfr/Alert";
import { Button } from "@codegouvfr/react-dsfr/Button";
import { Input } from "@codegouvfr/react-dsfr/Input";
import { memo, useCallback, useDeferredValue, useEffect, useMemo, useState } from "react";
import { Link, useSearchParams } from "react-router-dom";
import type { Commune } from "../../domain";
import { useCommunes } from "../fields/useCommunes";
import { usePageTitle } from "../layout/usePageTitle";
import { useBundle } from "../simulation/hooks";
import { aidCount } from "./aidCount";
import {
  filterCatalogue,
  groupCatalogue,
  normalizeText,
  publicCatalogue,
  type TypeGroup,
} from "./catalogue";
import { AidesIntro } from "./AidesIntro";
import { useCatalogue } from "./loadCatalogue";
import { aidePath } from "./paths";

const NBSP = "\u00A0";

const sectionId = (group: TypeGroup) => `aides-${group.type}`;

/**
 * Unfiltered, a type with more aids than this shows its list when the visitor asks for it: a
 * phone shows about fifteen links to a screen, and the whole catalogue made a page about
 * 85,000 px tall. A search or a postcode shows every aid that matches.
 */
export const OPEN_UP_TO = 50;

/** The address's parameter that lists the types the visitor opened (kept on "Retour"). */
export const OPENED_PARAMETER = "voir";

/** The types a value of `OPENED_PARAMETER` names. */
function openedTypes(list: string | null): Set<string> {
  return new Set((list ?? "").split(",").filter(Boolean));
}

/** What the results count announces. */
export function resultsLabel(count: number, filtered: boolean): string {
  if (!filtered) return aidCount(count);
  if (count === 0) return "Aucune aide ne correspond à votre recherche.";
  return `${aidCount(count)} ${count === 1 ? "correspond" : "correspondent"} à votre recherche.`;
}

function postcodeMessage(
  status: ReturnType<typeof useCommunes>["status"],
  communes: readonly Commune[],
): { state: "default" | "error" | "info"; message?: string } {
  if (status === "loading") return { state: "info", message: "Recherche des communes…" };
  if (status === "error") {
    return {
      state: "error",
      message: `La liste des communes n’a pas pu être chargée${NBSP}: les aides ne sont pas filtrées par code postal.`,
    };
  }
  if (status === "done" && communes.length === 0) {
    return { state: "error", message: "Aucune commune ne correspond à ce code postal." };
  }
  if (status === "done") {
    const names = [...new Set(communes.map((c) => c.nom))].join(", ");
    return {
      state: "info",
      message: `Aides proposées aux habitants de${communes.length > 1 ? "s communes" : " la commune"}${NBSP}: ${names}.`,
    };
  }
  return { state: "default" };
}

function InstitutionLists({ group }: { group: TypeGroup }) {
  return (
    <>
      {group.institutions.map(({ institution, entries }) => (
        <div key={institution.id} className="fr-mb-3w">
          <h3 className="fr-h6 fr-mb-1w">{institution.label}</h3>
          <ul className="fr-mb-0">
            {entries.map((entry) => (
              <li key={entry.id}>
                <Link className="fr-link" to={aidePath(entry.id)}>
                  {entry.label}
                </Link>
              </li>
            ))}
          </ul>
        </div>
      ))}
    </>
  );
}

/**
 * The grouped lists; memoised so that typing re-renders them only once the filter settled. A
 * long type shows its list once opened (`OPEN_UP_TO`), unless `filtered`.
 */
const CatalogueGroups = memo(function CatalogueGroups({
  groups,
  filtered,
  opened,
  toggle,
}: {
  groups: TypeGroup[];
  filtered: boolean;
  opened: ReadonlySet<string>;
  toggle: (type: string) => void;
}) {
  return (
    <>
      {groups.map((group) => {
        const collapsible = !filtered && group.count > OPEN_UP_TO;
        const open = !collapsible || opened.has(group.type);
        return (
          <section key={group.type} className="fr-mt-6w" aria-labelledby={sectionId(group)}>
            <h2 id={sectionId(group)} tabIndex={-1}>
              {group.heading}{" "}
              <span className="fr-text--md fr-text--regular">({aidCount(group.count)})</span>
            </h2>
            {collapsible && (
              <>
                <Button
                  priority="secondary"
                  size="large"
                  className="fr-mb-2w"
                  iconId={open ? "fr-icon-arrow-up-s-line" : "fr-icon-arrow-down-s-line"}
                  iconPosition="right"
                  nativeButtonProps={{
                    "aria-expanded": open,
                    "aria-describedby": sectionId(group),
                    onClick: () => toggle(group.type),
                  }}
                >
                  {open
                    ? `Masquer ces ${aidCount(group.count)}`
                    : `Afficher ces ${aidCount(group.count)}`}
                </Button>
                {!open && (
                  <p className="fr-text--sm fr-mb-0">
                    Ou indiquez votre code postal en haut de la page pour ne voir que celles
                    proposées dans votre commune.
                  </p>
                )}
              </>
            )}
            {open && <InstitutionLists group={group} />}
          </section>
        );
      })}
    </>
  );
});

/** `/aides`: every public aid, by institution type then institution, with a search. */
export function AidesPage() {
  usePageTitle("Toutes les aides");
  const bundle = useBundle();
  const state = useCatalogue();
  const [searchParams, setSearchParams] = useSearchParams();
  const openedList = searchParams.get(OPENED_PARAMETER) ?? "";
  const opened = useMemo(() => openedTypes(openedList), [openedList]);
  // In the address, replacing its entry: "Retour" from an aid's page finds the list as it was.
  const toggle = useCallback(
    (type: string) =>
      setSearchParams(
        (params) => {
          const next = new URLSearchParams(params);
          const types = openedTypes(next.get(OPENED_PARAMETER));
          if (!types.delete(type)) types.add(type);
          if (types.size > 0) next.set(OPENED_PARAMETER, [...types].join(","));
          else next.delete(OPENED_PARAMETER);
          return next;
        },
        { replace: true, preventScrollReset: true },
      ),
    [setSearchParams],
  );
  const [query, setQuery] = useState(() => searchParams.get("q") ?? "");
  const [postcode, setPostcode] = useState(() =>
    (searchParams.get("cp") ?? "").replace(/\D/g, "").slice(0, 5),
  );
  const { status, communes } = useCommunes(postcode);

  const catalogue = state.status === "done" ? state.catalogue : undefined;
  const entries = useMemo(
    () => (catalogue ? publicCatalogue(bundle, catalogue) : undefined),
    [bundle, catalogue],
  );
  const places = status === "done" && communes.length > 0 ? communes : undefined;
  const deferredQuery = useDeferredValue(query);
  // The search and the postcode are kept in the address too (replacing it): "Retour" from an
  // aid's page finds the list as the visitor left it.
  const addressQuery = searchParams.get("q") ?? "";
  const addressPostcode = searchParams.get("cp") ?? "";
  useEffect(() => {
    if (deferredQuery === addressQuery && postcode === addressPostcode) return;
    setSearchParams(
      (params) => {
        const next = new URLSearchParams(params);
        for (const [name, value] of [
          ["q", deferredQuery],
          ["cp", postcode],
        ] as const) {
          if (value) next.set(name, value);
          else next.delete(name);
        }
        return next;
      },
      { replace: true, preventScrollReset: true },
    );
  }, [deferredQuery, postcode, addressQuery, addressPostcode, setSearchParams]);
  const deferredPlaces = useDeferredValue(places);
  const filtered = useMemo(
    () =>
      entries &&
      filterCatalogue(entries, {
        query: deferredQuery,
        ...(deferredPlaces ? { communes: deferredPlaces } : {}),
      }),
    [entries, deferredQuery, deferredPlaces],
  );
  const groups = useMemo(() => (filtered ? groupCatalogue(filtered) : undefined), [filtered]);
  const isFiltered = normalizeText(deferredQuery) !== "" || deferredPlaces !== undefined;
  const postcodeState = postcodeMessage(status, communes);

  return (
    <div className="fr-container fr-py-6w">
      <AidesIntro />

      <form
        role="search"
        aria-label="Filtrer les aides"
        className="fr-grid-row fr-grid-row--gutters"
        onSubmit={(event) => event.preventDefault()}
      >
        <div className="fr-col-12 fr-col-md-8">
          <Input
            label="Rechercher une aide"
            hintText={`Un mot du nom ou de la description de l’aide, ou le nom de l’organisme${NBSP}: permis, BAFA, Bretagne…`}
            nativeInputProps={{
              id: "aides-recherche",
              type: "search",
              name: "q",
              autoComplete: "off",
              value: query,
              onChange: (event) => setQuery(event.target.value),
            }}
          />
        </div>
        <div className="fr-col-12 fr-col-md-4">
          <Input
            label="Code postal"
            hintText="Les aides de votre commune, par exemple 74000"
            state={postcodeState.state}
            stateRelatedMessage={postcodeState.message}
            nativeInputProps={{
              id: "aides-code-postal",
              name: "cp",
              type: "text",
              inputMode: "numeric",
              autoComplete: "postal-code",
              maxLength: 5,
              value: postcode,
              onChange: (event) => setPostcode(event.target.value.replace(/\D/g, "").slice(0, 5)),
            }}
          />
        </div>
      </form>

      <p role="status" aria-live="polite" className="fr-text--bold fr-mt-2w">
        {filtered
          ? resultsLabel(filtered.length, isFiltered)
          : state.status === "loading"
            ? "Chargement des aides…"
            : ""}
      </p>

      {state.status === "error" && (
        <Alert
          severity="error"
          as="h2"
          title="La liste des aides n’a pas pu être chargée"
          description="Vérifiez votre connexion à Internet puis rechargez la page."
        />
      )}

      {groups && groups.length > 1 && (
        <nav className="fr-summary fr-mt-4w" aria-labelledby="aides-sommaire">
          <p id="aides-sommaire" className="fr-summary__title">
            Types d’aides
          </p>
          <ol>
            {groups.map((group) => (
              <li key={group.type}>
                <a className="fr-summary__link" href={`#${sectionId(group)}`}>
                  {group.heading} ({aidCount(group.count)})
                </a>
              </li>
            ))}
          </ol>
        </nav>
      )}

      {groups && (
        <CatalogueGroups groups={groups} filtered={isFiltered} opened={opened} toggle={toggle} />
      )}
    </div>
  );
}
