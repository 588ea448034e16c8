/**
 * Analytics calls use Matomo's command queue (`window._paq`): commands pushed before the tracker
 * script loads are replayed by it, so callers never wait for the tracker. Without a configured
 * tracker the queue is simply never read.
 */
type Command = [string, ...unknown[]];

declare global {
  interface Window {
    _paq?: Command[];
  }
}

function queue(): Command[] | undefined {
  if (typeof window === "undefined") return undefined;
  window._paq ??= [];
  return window._paq;
}

/** An analytics event (docs/product.md §3 "Analytics categories" and "Analytics events"). */
export function trackEvent(category: string, action: string, label?: string, value?: number): void {
  const command: Command = ["trackEvent", category, action];
  if (label !== undefined || value !== undefined) command.push(label ?? "");
  if (value !== undefined) command.push(value);
  queue()?.push(command);
}

/** A page view of the single-page app: the address (cleaned by the caller) and the page title. */
export function trackPageView(url: string, title: string, referrer?: string): void {
  const commands = queue();
  if (!commands) return;
  if (referrer) commands.push(["setReferrerUrl", referrer]);
  commands.push(["setCustomUrl", url], ["setDocumentTitle", title], ["trackPageView"]);
}
