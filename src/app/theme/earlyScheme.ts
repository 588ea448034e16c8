/**
 * The colour scheme set before the first paint of every page (the build inlines it first in
 * index.html's head, vite.config.ts's earlySchemePlugin, and scripts/prerender.ts keeps it there;
 * the server's CSP allows it by its hash): the DSFR's dark theme when the visitor chose it
 * (react-dsfr's `scheme` in local storage) or when the system prefers it. Without it, a dark-theme
 * visitor would see the light page, or the light loading message, until the app's script starts.
 *
 * It mirrors react-dsfr's own early script for the "system" default of src/app/main.tsx, and says
 * that the markup was rendered with the light theme (`ssrWasPerformedWithIsDark`), so that
 * react-dsfr's components hydrate as rendered, then switch. Plain ES5, no template: its hash is
 * that of this exact text.
 */
export const EARLY_SCHEME_SCRIPT =
  'try{window.ssrWasPerformedWithIsDark=false;var s=localStorage.getItem("scheme-website-config-default")==="system"?localStorage.getItem("scheme"):null;' +
  'var d=s==="dark"||(s!=="light"&&window.matchMedia&&matchMedia("(prefers-color-scheme: dark)").matches);' +
  'document.documentElement.setAttribute("data-fr-theme",d?"dark":"light")}catch(e){}';
