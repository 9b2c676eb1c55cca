/**
 * The route-preload script of index.html (vite.config.ts writes it at build time, with the build's
 * chunk names): for the page at the address, it adds modulepreload links for the page's chunks, style
 * preloads for their stylesheets (which Vite links only once the entry has run and asked for the page,
 * and the page waits for: a round trip more before it shows, in the Lighthouse trace of /), and a
 * fetch preload of the session, which the app's own request then takes over (it asks on every page under
 * the session, signed in or not), with the data the page asks for at once beside it when a csrftoken
 * cookie says there has been a login. The cookie is read only then: reading document.cookie is a
 * synchronous round trip to the browser's network process (7 ms in a trace, before the first paint).
 *
 * For a page whose first screen asks for the browser's time zone (`timeZone` in route-modules.ts), it
 * then creates a date formatter: the browser's first one loads its date and zone data, 130–180 ms at a
 * phone's 4x CPU, in the middle of the page's first render otherwise. Here it runs while the page's
 * chunks are loading and the main thread has nothing else to do; every later formatter is cheap.
 */

/** A route as the script sees it: address pattern, files, under the session, data, time zone. */
export type PreloadRoute = readonly [
  pattern: string,
  /** Its chunks and (ending in .css) their stylesheets. */
  files: readonly string[],
  session: boolean,
  data: readonly string[],
  timeZone: boolean,
];

/** A router path (`:name` for one segment) as the pattern of its addresses, with or without a final slash. */
export const addressPattern = (route: string) => `^${route.replace(/:[^/]+/g, '[^/]+')}/?$`;

export function routePreloadScript(routes: readonly PreloadRoute[]): string {
  return `(function(){var r=${JSON.stringify(routes)},p=location.pathname,h=document.head;
function l(rel,href,as){var e=document.createElement('link');e.rel=rel;e.href=href;if(as)e.as=as;e.crossOrigin='anonymous';h.appendChild(e);}
for(var i=0;i<r.length;i++){if(!new RegExp(r[i][0]).test(p))continue;
for(var j=0;j<r[i][1].length;j++){var f='/'+r[i][1][j];if(/\\.css$/.test(f))l('preload',f,'style');else l('modulepreload',f);}
if(r[i][2]){l('preload','/api/auth/session/','fetch');
if(r[i][3].length&&!location.search&&/(^|; )csrftoken=/.test(document.cookie))for(j=0;j<r[i][3].length;j++)l('preload',r[i][3][j],'fetch');}
if(r[i][4])Intl.DateTimeFormat().resolvedOptions();return;}})();
`;
}
