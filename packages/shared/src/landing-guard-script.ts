import { DESKTOP_CUTOFF_PX } from './constants';

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
 * - On /home with a stored session (on a phone-sized screen; wider ones get the desktop notice),
 *   the boot shell is filled, as the parser reaches it, with the home screen prerendered at build
 *   time (<template id="owo-shell:/home">, src/app/HomeShell.tsx; only in home.html, the copy of
 *   index.html the API sends for /home): the screen's fixed parts and skeletons for the
 *   customer's own, painted from the HTML with the first banner preloaded.
 * It also sets the colour theme (`data-theme` on <html>, and the theme-color meta): the customer's
 * choice (localStorage `owo.theme`) or else the system's, so a dark screen never flashes light.
 * It lives here so the API's Content-Security-Policy can allow exactly this text by its hash
 * (apps/api/src/plugins/security-headers.ts).
 */
export const LANDING_GUARD_SCRIPT =
  '(function(){var d=document,l=location,s=false,started=false;' +
  // The colour theme before the first paint, and again when the system's changes or another tab
  // picks one (apps/web/src/lib/theme.ts writes the choice and applies it in its own tab).
  "function theme(){try{var th=localStorage.getItem('owo.theme');if(th!=='light'&&th!=='dark')" +
  "th=matchMedia('(prefers-color-scheme: dark)').matches?'dark':'light';" +
  "d.documentElement.setAttribute('data-theme',th);" +
  "var tc=d.querySelector('meta[name=theme-color]');" +
  "if(tc)tc.setAttribute('content',th==='dark'?'#0C1412':'#0B6E4F')}catch(e){}}theme();" +
  "try{matchMedia('(prefers-color-scheme: dark)').addEventListener('change',theme);" +
  "addEventListener('storage',function(e){if(e.key==='owo.theme'||e.key===null)theme()})}catch(e){}" +
  "try{s=JSON.parse(localStorage.getItem('root')).state.auth.isAuthenticated===true}catch(e){}" +
  'function add(id){var t=d.getElementById(id);if(t)d.head.appendChild(d.importNode(t.content,true))}' +
  "function boot(){if(!started){started=true;add('owo-entry')}}" +
  "var token=new URLSearchParams(l.search).has('token');" +
  "if(l.pathname==='/'&&!token&&!s&&d.visibilityState!=='hidden')" +
  '{var later=function(){setTimeout(boot,250)};' +
  "if(d.readyState==='complete')later();else addEventListener('load',later)}" +
  "else if(l.pathname!=='/'||s||token){d.documentElement.setAttribute('data-owo-boot','app');" +
  "boot();add('owo-app');add('owo-route:'+l.pathname);if(s&&l.pathname==='/home'&&" +
  `!matchMedia('(min-width: ${DESKTOP_CUTOFF_PX + 1}px)').matches)new MutationObserver(function(m,o){` +
  "var b=d.getElementById('owo-boot-shell'),t=d.getElementById('owo-shell:/home');" +
  "if(b){o.disconnect();if(t){b.setAttribute('data-owo-shell','home');" +
  'b.replaceChildren(t.content.cloneNode(true))}}}).observe(d.documentElement,' +
  '{childList:true,subtree:true})}else boot()})();';

/**
 * The CSS that goes with it: off the landing page the prerendered landing markup stays hidden and
 * the boot shell below shows instead, until the app's first render (apps/web/src/main.tsx).
 */
export const LANDING_GUARD_STYLE =
  'html[data-owo-boot=app] #root>*{display:none}' +
  '#owo-boot-shell{display:none}' +
  'html[data-owo-boot=app] #owo-boot-shell{display:flex;flex-direction:column;gap:16px;' +
  'max-width:480px;margin:0 auto;padding:16px 20px}' +
  '#owo-boot-shell .bs-top{display:flex;align-items:center;gap:12px;height:48px}' +
  '#owo-boot-shell .bs-top img{border-radius:12px}' +
  '#owo-boot-shell i{display:block;border-radius:12px;background:#e8ecea}' +
  '#owo-boot-shell .bs-card{height:136px;border-radius:24px;background:#0b6e4f;opacity:.9}' +
  '#owo-boot-shell .bs-grid{display:grid;grid-template-columns:repeat(4,1fr);gap:12px}' +
  '#owo-boot-shell .bs-grid i{height:64px;border-radius:16px}' +
  '#owo-boot-shell .bs-row{height:56px}' +
  'html[data-theme=dark] #owo-boot-shell i{background:#1c2925}' +
  'html[data-owo-boot=app] #owo-boot-shell[data-owo-shell=home]{display:block;max-width:none;' +
  'margin:0;padding:0}' +
  '@media (prefers-reduced-motion:no-preference){#owo-boot-shell i,#owo-boot-shell .bs-card' +
  '{animation:owo-pulse 1.2s ease-in-out infinite alternate}}' +
  '@keyframes owo-pulse{to{opacity:.55}}';

/**
 * The boot shell: a skeleton of the app's screens that index.html shows off the landing page
 * while the JavaScript loads (a signed-in visit to /home would otherwise stay blank for a second
 * or more on a slow phone). Static markup, painted from the HTML alone; aria-hidden, since it
 * says nothing a screen reader needs.
 */
export const BOOT_SHELL_HTML =
  '<div id="owo-boot-shell" aria-hidden="true" inert>' +
  '<div class="bs-top"><img src="/favicon.svg" alt="" width="36" height="36">' +
  '<i style="width:45%;height:18px"></i></div>' +
  '<div class="bs-card"></div>' +
  `<div class="bs-grid">${'<i></i>'.repeat(8)}</div>` +
  `${'<i class="bs-row"></i>'.repeat(3)}` +
  '</div>';
