/**
 * The one inline script of index.html, in its <head> (written there by
 * apps/web/scripts/prerender-landing.ts, after the <template id="owo-entry"> holding the app's
 * module script and preloads). index.html carries the prerendered signed-out landing page and is
 * served on every route. This script decides, before anything is painted, what apps/web/src/main.tsx
 * will decide: the landing page is shown on "/", without a ?token= to exchange, when no signed-in
 * session is stored (localStorage `root`, apps/web/src/lib/session-store.ts).
 * - Landing: the app's JavaScript is started a moment after the page has loaded, so the page is
 *   painted from the HTML alone and the download of ~85 KB of scripts never competes with its
 *   largest paint (started right after the first paint, it still overlapped the headline's paint
 *   on a fast machine). Links work as plain links until the page has hydrated.
 * - Anywhere else: `data-owo-boot="app"` on <html> hides the prerendered markup (an inline CSS
 *   rule) until main.tsx replaces it, and the JavaScript starts at once, with the app chunk (the
 *   router, <template id="owo-app">) and the route's own chunks (<template id="owo-route:/home">)
 *   preloaded next to the entry instead of one after the other as each module runs.
 * It lives here so the API's Content-Security-Policy can allow exactly this text by its hash
 * (apps/api/src/plugins/security-headers.ts).
 */
export const LANDING_GUARD_SCRIPT =
  '(function(){var d=document,l=location,s=false,started=false;' +
  "try{s=JSON.parse(localStorage.getItem('root')).state.auth.isAuthenticated===true}catch(e){}" +
  'function add(id){var t=d.getElementById(id);if(t)d.head.appendChild(d.importNode(t.content,true))}' +
  "function boot(){if(!started){started=true;add('owo-entry')}}" +
  "var token=new URLSearchParams(l.search).has('token');" +
  "if(l.pathname==='/'&&!token&&!s&&d.visibilityState!=='hidden')" +
  '{var later=function(){setTimeout(boot,250)};' +
  "if(d.readyState==='complete')later();else addEventListener('load',later)}" +
  "else if(l.pathname!=='/'||s||token){d.documentElement.setAttribute('data-owo-boot','app');" +
  "boot();add('owo-app');add('owo-route:'+l.pathname)}else boot()})();";

/** The CSS rule that goes with it: prerendered landing markup stays hidden off the landing page. */
export const LANDING_GUARD_STYLE = 'html[data-owo-boot=app] #root>*{display:none}';
