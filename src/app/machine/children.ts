import type { StepInstance } from "../../domain";

/** The children list page, where children are added, edited and removed. */
export function childrenListPath(steps: readonly StepInstance[]): string | undefined {
  return steps.find((step) => step.special === "children_list")?.path;
}

/** The first question about a child: their first name. */
export function firstStepOfChild(steps: readonly StepInstance[], id: string): string | undefined {
  return steps.find((step) => step.isActive && step.entityName === "individu" && step.id === id)
    ?.path;
}

function isAboutChild(path: string, id: string): boolean {
  return path.startsWith(`/simulation/individu/${id}/`);
}

/**
 * Where NEXT leads while a child is being added or edited: through that child's profile, then
 * back to the children list (whether the profiles come before or after the list).
 */
export function nextAfterChildStep(
  steps: readonly StepInstance[],
  currentPath: string,
  next: string,
  childInProgress: string | undefined,
): { currentPath: string; childInProgress: string | undefined } {
  if (!childInProgress || !isAboutChild(currentPath, childInProgress)) {
    return { currentPath: next, childInProgress: undefined };
  }
  if (isAboutChild(next, childInProgress)) return { currentPath: next, childInProgress };
  return { currentPath: childrenListPath(steps) ?? next, childInProgress: undefined };
}

/**
 * Where NEXT leads from the children list: past the children's profiles already answered, to the
 * first question still unanswered about a child or to what follows the children. Each child is
 * asked about as they are added; once every child is a dependant or not, the journey lists their
 * profiles again after the list (spec §2, "Questionnaire journey"), and a visitor who has just
 * answered them would otherwise go through every one a second time.
 */
export function nextFromChildrenList(
  steps: readonly StepInstance[],
  currentPath: string,
  next: string,
  children: readonly string[],
): string {
  if (currentPath !== childrenListPath(steps)) return next;
  const from = steps.findIndex((step) => step.path === next);
  if (from === -1) return next;
  const answeredAboutAChild = (step: StepInstance) =>
    step.answered && children.some((id) => isAboutChild(step.path, id));
  return (
    steps.slice(from).find((step) => step.isActive && !answeredAboutAChild(step))?.path ?? next
  );
}
