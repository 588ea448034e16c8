/**
 * The messages between the simulator in its iframe (the child) and the host script (the parent).
 * Shared by both builds: keep it free of imports.
 */
export const RESIZE_MESSAGE = "aides-jeunes:resize";

export interface ResizeMessage {
  type: typeof RESIZE_MESSAGE;
  /** The height of the simulator's document, in CSS pixels. */
  height: number;
}

export function isResizeMessage(data: unknown): data is ResizeMessage {
  const message = data as Partial<ResizeMessage> | null;
  return (
    typeof message === "object" &&
    message !== null &&
    message.type === RESIZE_MESSAGE &&
    typeof message.height === "number" &&
    Number.isFinite(message.height) &&
    message.height >= 0
  );
}

/** The child waits this long after start before its first message (docs/product.md §9). */
export const CHILD_INIT_GUARD_MS = 128;
/** The parent warns when no message came within this time, unless `data-timeout` says otherwise. */
export const PARENT_WARNING_TIMEOUT_MS = 5000;
