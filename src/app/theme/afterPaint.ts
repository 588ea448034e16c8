/**
 * The start of a pre-rendered page's app, once its first paint is on screen (issue 18 §4, "Fast
 * pages"): scripts/prerender.ts turns the app's entry script and its whole stylesheet into
 * `<link data-after-paint>` elements, which the browser neither downloads nor runs, and inlines
 * this script (the server's CSP allows it by its hash, like src/app/theme/earlyScheme.ts).
 *
 * The page is already readable without them: the bytes of its first paint (the page, its
 * inlined rules, its fonts) then have the network to themselves, and the app's script and the
 * stylesheet download right after: once the browser reports the first contentful paint (Paint
 * Timing), or, where it cannot, after the first frame (`requestAnimationFrame` runs just before
 * it, the timeout after it); a hidden tab, which paints nothing, starts after a second. The first
 * frame alone was not enough: on a loaded machine the script sometimes ran before the page was
 * painted, and the paint then waited for it (Lighthouse's LCP of the home page went from 1.73 s
 * to 2.99 s in one run of three).
 *
 * The app's script and the stylesheet start first, then the modules the app will import, a few
 * milliseconds' worth at a time: each link costs the main thread about a millisecond on this
 * machine (the results page has 28), and starting them all at once was a long task that held a
 * visitor's tap (Lighthouse: 42 ms, four times that on its simulated phone).
 *
 * Until the app has taken the page over, the visitor's last action is held, then done again for
 * them: on a slow phone the page is readable seconds before its script arrives, and an action
 * that did nothing would leave the visitor pressing again and again.
 * - A form is not submitted natively (the browser would reload the page with the visitor's
 *   answers in its address) until the app has rendered the page with its handlers
 *   (`data-app-ready`, src/app/layout/pageReady.ts): then it is submitted to the app. What was
 *   typed is given back to the form by src/app/steps/typedBeforeStart.ts.
 * - A press on a button outside a form (the home page's "Je commence ma simulation", a question of
 *   the FAQ, the menu on a phone) is kept from the page, then pressed again, until the app has
 *   rendered the page with its handlers (`data-app-ready`). The app's start (`data-app`,
 *   src/app/main.tsx) is not enough: the page itself hydrates once its own module has arrived
 *   (it is lazy, inside a Suspense boundary), and until then React stops a press on it, which is
 *   lost (a key press on a slow machine, tests/e2e/static-pages.test.ts). One of the DSFR's
 *   controls (`aria-controls`) waits until src/app/dsfr/interaction.ts is there to hold it in
 *   turn (`data-dsfr-holds`), until the DSFR has bound it; that module loads apart.
 * An element the app has rendered anew (not hydrated) is no longer in the page: its action is
 * dropped rather than done on something else.
 *
 * Plain ES5, no template: its hash is that of this exact text.
 */
export const AFTER_PAINT_SCRIPT =
  "(function(){var d=0,h=document.documentElement,p=null,q=null;" +
  'document.addEventListener("submit",function(e){' +
  'if(h.hasAttribute("data-app-ready"))return;e.preventDefault();if(e.isTrusted){q=e.target;p=null}},true);' +
  'document.addEventListener("click",function(e){' +
  "if(!e.isTrusted||!e.target.closest)return;" +
  'var b=e.target.closest("#root button");if(!b||b.form||r(b))return;' +
  "e.preventDefault();e.stopImmediatePropagation();p=b;q=null},true);" +
  'function r(b){return h.hasAttribute("data-app-ready")&&(!b.hasAttribute("aria-controls")||h.hasAttribute("data-dsfr-holds"))}' +
  "new MutationObserver(function(){var b=p,f=q;" +
  "if(b&&r(b)){p=null;setTimeout(function(){if(b.isConnected)b.click()},0)}" +
  'if(f&&h.hasAttribute("data-app-ready")){' +
  "q=null;setTimeout(function(){if(f.isConnected&&f.requestSubmit)f.requestSubmit()},0)}" +
  '}).observe(h,{attributes:true,attributeFilter:["data-dsfr-holds","data-app-ready"]});' +
  "function g(){if(d)return;d=1;" +
  "var c=function(s){return[].slice.call(document.querySelectorAll(s))}," +
  "l=c('link[data-after-paint]:not([data-after-paint=\"modulepreload\"])').concat(c('link[data-after-paint=\"modulepreload\"]')),i=0;" +
  "(function n(){var t=Date.now();" +
  "for(;i<l.length&&Date.now()-t<4;i++){" +
  'var e=l[i],k=e.getAttribute("data-after-paint");' +
  'if(k==="module"){var s=document.createElement("script");s.type="module";s.crossOrigin="anonymous";s.src=e.href;document.head.appendChild(s)}' +
  "else e.rel=k}" +
  "if(i<l.length)setTimeout(n,0)})()}" +
  "var P=window.PerformanceObserver,t=P&&P.supportedEntryTypes;" +
  'if(t&&t.indexOf("paint")>=0)new P(function(l,o){' +
  'if(l.getEntriesByName("first-contentful-paint").length){o.disconnect();setTimeout(g,0)}' +
  '}).observe({type:"paint",buffered:true});' +
  "else requestAnimationFrame(function(){setTimeout(g,0)});setTimeout(g,1000)})()";
