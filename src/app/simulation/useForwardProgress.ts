import { useState } from "react";

/**
 * The progress shown in the bar. The spec's measure (answered active steps over active steps) drops
 * when an answer opens new questions (a partner, several incomes); after a "Suivant" the bar keeps
 * the highest value reached, so it never appears to go backwards. Any other move shows the measure.
 */
export function useForwardProgress(value: number, path: string, movedForward: boolean): number {
  const [shown, setShown] = useState({ path, progress: value });
  if (shown.path !== path) {
    const progress = movedForward ? Math.max(value, shown.progress) : value;
    setShown({ path, progress });
    return progress;
  }
  return shown.progress;
}
