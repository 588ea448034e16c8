/**
 * The start of a pre-rendered page's app, once its first paint is on screen (issue 18 §4, "Fast
 * pages"): scripts/prerender.ts turns the app's entry script and its whole stylesheet into
 * `<link data-after-paint>` elements, which the browser neither downloads nor runs, and inlines
 * this script (the server's CSP allows it by its hash, like src/app/theme/earlyScheme.ts).
 *
 * The page is already readable without them: the bytes of its first paint (the page, its
 * inlined rules, its fonts) then have the network to themselves, and the app's script and the
 * stylesheet download right after. `requestAnimationFrame` runs just before the first frame, the
 * timeout after it; a hidden tab, which draws no frame, starts after a second.
 *
 * Until the app has taken the page over (`data-app` on the root element, set by src/app/main.tsx):
 * - a form sent from the pre-rendered first question is not submitted natively: the browser would
 *   reload the page with the visitor's answers in its address;
 * - the last press on a button outside a form (the home page's "Je commence ma simulation", a
 *   question of the FAQ, the menu on a phone) is held, and pressed again for the visitor once the
 *   app has started: on a slow phone the page is readable seconds before its script arrives, and
 *   a press that did nothing would leave the visitor pressing again and again. A button the app
 *   has rendered anew (not hydrated) is no longer in the page, and the held press is dropped. A
 *   press on one of the DSFR's controls (`aria-controls`) waits until src/app/dsfr/interaction.ts
 *   is there to hold it in turn (`data-dsfr-holds`), until the DSFR has bound the control.
 *
 * Plain ES5, no template: its hash is that of this exact text.
 */
export const AFTER_PAINT_SCRIPT =
  "(function(){var d=0,h=document.documentElement,p=null;" +
  'document.addEventListener("submit",function(e){' +
  'if(!h.hasAttribute("data-app"))e.preventDefault()},true);' +
  'document.addEventListener("click",function(e){' +
  'if(h.hasAttribute("data-app")||!e.isTrusted||!e.target.closest)return;' +
  'var b=e.target.closest("#root button");if(b&&!b.form)p=b},true);' +
  "new MutationObserver(function(m,o){" +
  'if(!h.hasAttribute("data-app"))return;var b=p;if(!b)return o.disconnect();' +
  'if(b.hasAttribute("aria-controls")&&!h.hasAttribute("data-dsfr-holds"))return;' +
  "o.disconnect();p=null;setTimeout(function(){if(b.isConnected)b.click()},0)" +
  '}).observe(h,{attributes:true,attributeFilter:["data-app","data-dsfr-holds"]});' +
  "function g(){if(d)return;d=1;" +
  'var l=document.querySelectorAll("link[data-after-paint]");' +
  'for(var i=0;i<l.length;i++){var e=l[i],k=e.getAttribute("data-after-paint");' +
  'if(k==="module"){var s=document.createElement("script");s.type="module";s.crossOrigin="anonymous";s.src=e.href;document.head.appendChild(s)}' +
  "else e.rel=k}}" +
  "requestAnimationFrame(function(){setTimeout(g,0)});setTimeout(g,1000)})()";
