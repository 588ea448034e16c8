/**
 * The host script partners paste into their pages:
 *   <script src="https://<simulator>/embed.js" data-from-home data-with-logo="false"
 *     data-theme="bleu-clair"></script>
 * It inserts the simulator's iframe right after itself and sizes it to the simulator's content,
 * from the height messages the simulator posts (see src/app/iframe/autoResize.ts). Built alone
 * by vite.embed.config.ts; keep it small (at most 3 kB gzip, checked by a test).
 */
import { DEFAULT_IFRAME_TITLE, embedMargin, embedUrl, warningTimeout } from "./options";
import { isResizeMessage } from "./protocol";

const script = document.currentScript as HTMLScriptElement | null;

if (script) {
  const dataset = script.dataset;
  const origin = new URL(script.src).origin;
  const margin = embedMargin(dataset.margin);
  const iframe = document.createElement("iframe");
  iframe.src = embedUrl(origin, dataset);
  iframe.title = dataset.title || DEFAULT_IFRAME_TITLE;
  iframe.setAttribute("allow", "clipboard-write");
  // A reasonable height until the simulator tells its own.
  iframe.style.cssText = "display:block;width:100%;border:0;height:50rem";
  script.after(iframe);

  let answered = false;
  window.addEventListener("message", (event) => {
    // Only the simulator's own frame may size it.
    if (event.origin !== origin || event.source !== iframe.contentWindow) return;
    if (!isResizeMessage(event.data)) return;
    answered = true;
    iframe.style.height = `${event.data.height + margin}px`;
  });
  window.setTimeout(() => {
    if (!answered)
      console.warn(
        `Le simulateur (${origin}) n’a pas indiqué sa hauteur\u00a0: vérifiez que la page autorise son intégration.`,
      );
  }, warningTimeout(dataset.timeout));
}
