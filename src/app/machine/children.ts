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
