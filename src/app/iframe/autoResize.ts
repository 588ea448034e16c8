import { CHILD_INIT_GUARD_MS, RESIZE_MESSAGE, type ResizeMessage } from "../../embed/protocol";

/** The height of the page's content (not of the iframe's viewport, which follows it). */
export function documentHeight(doc: Document): number {
  return Math.ceil(doc.documentElement.getBoundingClientRect().height);
}

/**
 * Tells the parent window the document's height whenever it changes, so that the host script
 * sizes the iframe to the content. The first message waits `initGuardMs` (docs/product.md §9), past the
 * first layouts of the page. The target origin is `*`: the message only carries a height, and the
 * host script checks that it comes from the simulator's origin.
 */
export function startAutoResize(
  win: Window,
  { initGuardMs = CHILD_INIT_GUARD_MS }: { initGuardMs?: number } = {},
): () => void {
  if (win.parent === win) return () => {};
  const doc = win.document;
  let ready = false;
  let lastHeight = -1;
  const post = () => {
    if (!ready) return;
    const height = documentHeight(doc);
    if (height === lastHeight) return;
    lastHeight = height;
    const message: ResizeMessage = { type: RESIZE_MESSAGE, height };
    win.parent.postMessage(message, "*");
  };
  const timer = win.setTimeout(() => {
    ready = true;
    post();
  }, initGuardMs);
  const { ResizeObserver } = win as Window & typeof globalThis;
  const observer = typeof ResizeObserver === "function" ? new ResizeObserver(post) : undefined;
  observer?.observe(doc.documentElement);
  return () => {
    win.clearTimeout(timer);
    observer?.disconnect();
  };
}
