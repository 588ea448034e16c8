import { Button } from "@codegouvfr/react-dsfr/Button";
import { useRef, useState } from "react";
import { childIds, defaultChildFirstName, findAnswer } from "../../domain";
import { SimulationContext } from "../simulation/SimulationContext";

/** The children list (docs/product.md §2 "enfants"): add a child, edit or remove one, then move on. */
export function ChildrenListStep({ title }: { title: string }) {
  const actor = SimulationContext.useActorRef();
  const answers = SimulationContext.useSelector((state) => state.context.answers);
  const addButton = useRef<HTMLButtonElement>(null);
  const [announcement, setAnnouncement] = useState("");
  const children = childIds(answers).map((id, index) => {
    const name = findAnswer(answers, "individu", id, "_firstName")?.value;
    return { id, name: typeof name === "string" && name ? name : defaultChildFirstName(index) };
  });

  const remove = (id: string, name: string) => {
    actor.send({ type: "REMOVE_CHILD", id });
    setAnnouncement(`${capitalised(name)} a été retiré de la liste.`);
    // The removed child's buttons are gone: keep the focus on the page.
    addButton.current?.focus();
  };

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        actor.send({ type: "CONFIRM_CHILDREN" });
        actor.send({ type: "NEXT" });
      }}
    >
      <h1 className="fr-h3" tabIndex={-1}>
        {title}
      </h1>
      <p className="fr-hint-text">
        Ajoutez chacun de vos enfants à charge, quel que soit son âge. Si vous n’en avez pas, passez
        à la suite.
      </p>
      {children.length === 0 ? (
        <p>Vous n’avez ajouté aucun enfant.</p>
      ) : (
        <ul className="fr-raw-list fr-mb-3w" aria-label="Vos enfants">
          {children.map(({ id, name }) => (
            <li key={id} className="fr-mb-2w">
              <p className="fr-text--bold fr-mb-1w">{capitalised(name)}</p>
              <ul className="fr-btns-group fr-btns-group--inline fr-btns-group--sm fr-btns-group--icon-left">
                <li>
                  <Button
                    type="button"
                    priority="secondary"
                    size="small"
                    iconId="fr-icon-edit-line"
                    onClick={() => actor.send({ type: "EDIT_CHILD", id })}
                  >
                    Modifier<span className="fr-sr-only"> les réponses sur {name}</span>
                  </Button>
                </li>
                <li>
                  <Button
                    type="button"
                    priority="tertiary"
                    size="small"
                    iconId="fr-icon-delete-line"
                    onClick={() => remove(id, name)}
                  >
                    Supprimer<span className="fr-sr-only"> {name}</span>
                  </Button>
                </li>
              </ul>
            </li>
          ))}
        </ul>
      )}
      <p role="status" className="fr-sr-only">
        {announcement}
      </p>
      <ul className="fr-btns-group fr-btns-group--inline-md fr-btns-group--lg fr-btns-group--icon-left">
        <li>
          <Button
            ref={addButton}
            type="button"
            priority="secondary"
            iconId="fr-icon-add-line"
            onClick={() => actor.send({ type: "ADD_CHILD" })}
          >
            Ajouter un enfant
          </Button>
        </li>
        <li>
          <Button type="submit" iconId="fr-icon-arrow-right-line" iconPosition="right">
            Suivant
          </Button>
        </li>
      </ul>
    </form>
  );
}

function capitalised(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
