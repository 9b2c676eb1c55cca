import { createHash } from 'node:crypto';
import type { Rolldown } from 'vite';
import type { RouteModules } from './route-modules';

/** A route's path as a chunk name: `/` is home, `/calendar/vacations` calendar-vacations. */
const routeName = (route: string) =>
  route === '/' ? 'home' : route.replace(/^\//, '').replace(/[/:]+/g, '-');

/** The chunk files `chunk` needs before it runs: itself and its static imports, transitively. */
function staticFiles(
  bundle: Rolldown.OutputBundle,
  chunk: Rolldown.OutputChunk,
  into = new Set<string>(),
): Set<string> {
  if (into.has(chunk.fileName)) return into;
  into.add(chunk.fileName);
  for (const file of chunk.imports) {
    const next = bundle[file];
    if (next?.type === 'chunk') staticFiles(bundle, next, into);
  }
  return into;
}

/** The entry's chunk files: what index.html loads on every page. */
function initialFiles(bundle: Rolldown.OutputBundle) {
  const entry = Object.values(bundle).find((item) => item.type === 'chunk' && item.isEntry);
  if (entry?.type !== 'chunk') throw new Error('the build has no entry chunk');
  return staticFiles(bundle, entry);
}

/** The stylesheets Vite links for `files` (the CSS their modules import), in the files' order. */
function stylesOf(bundle: Rolldown.OutputBundle, files: Iterable<string>) {
  const styles = new Set<string>();
  for (const file of files) {
    const chunk = bundle[file];
    if (chunk?.type === 'chunk') for (const style of chunk.viteMetadata?.importedCss ?? []) styles.add(style);
  }
  return styles;
}

/**
 * The chunk files each route loads lazily on a first visit (its pages and the side widgets it shows at
 * once, route-modules.ts, with their static imports), beyond the entry's, and the stylesheets Vite adds
 * for them (`styles`) beyond index.html's. `root`: apps/web, which the route table's paths are relative to.
 */
export function routeFiles(bundle: Rolldown.OutputBundle, root: string, routes: readonly RouteModules[]) {
  const chunks = Object.values(bundle).filter((item): item is Rolldown.OutputChunk => item.type === 'chunk');
  const initial = initialFiles(bundle);
  const initialStyles = stylesOf(bundle, initial);
  const byModule = new Map<string, Rolldown.OutputChunk>();
  for (const chunk of chunks) for (const id of chunk.moduleIds) byModule.set(id, chunk);
  return routes.map((route) => {
    const reached = new Set<string>();
    for (const id of [...route.modules, ...(route.widgets ?? [])]) {
      const chunk = byModule.get(`${root}/${id}`);
      if (!chunk) throw new Error(`route-modules.ts: ${id} (for ${route.path}) is in no chunk of the build`);
      staticFiles(bundle, chunk, reached);
    }
    const files = [...reached].filter((file) => !initial.has(file));
    const styles = [...stylesOf(bundle, files)].filter((style) => !initialStyles.has(style));
    return { route, files, styles };
  });
}

/**
 * A chunk group for every set of routes that load the same modules lazily, read from a build left to the
 * bundler's own splitting (`bundle`): one chunk for what only /tasks needs, one for what /, /people and
 * /tasks all need, and so on, and one for the small remainders of several routes (under 2 kB gzip each).
 *
 * Left to itself, the bundler splits by every lazy import there is (each dialog, form and editor), and a
 * route's first load took 14–22 files of 0.1–5 kB gzip, each a request at a phone's round trip (six at a time over
 * HTTP/1.1) and a link for the preload script to add (docs/performance.md, twelfth pass). Which modules a
 * route needs comes from a build and not from the import graph: through barrels (the app's `ui`,
 * `@mantine/core`) a page imports every module of its library, and uses few.
 */
export function routeChunkGroups(
  bundle: Rolldown.OutputBundle,
  root: string,
  routes: readonly RouteModules[],
) {
  const routesOf = new Map<string, Set<string>>();
  const size = new Map<string, number>();
  // Modules whose chunk imports nothing but the entry's: a leaf (an icon, a hook) can join any chunk
  // without making its routes load another chunk for its imports.
  const initial = initialFiles(bundle);
  const leaves = new Set<string>();
  for (const { route, files } of routeFiles(bundle, root, routes)) {
    const name = routeName(route.path);
    for (const file of files) {
      const chunk = bundle[file] as Rolldown.OutputChunk;
      const leaf = chunk.imports.every((imported) => initial.has(imported));
      for (const id of chunk.moduleIds) {
        routesOf.set(id, (routesOf.get(id) ?? new Set()).add(name));
        size.set(id, chunk.modules[id]?.renderedLength ?? 0);
        if (leaf) leaves.add(id);
      }
    }
  }
  const groups = new Map<string, Group>();
  const add = (name: string, priority: number, id: string) => {
    const group = groups.get(name) ?? { name, priority, modules: new Set<string>(), size: 0 };
    group.modules.add(id);
    group.size += size.get(id) ?? 0;
    groups.set(name, group);
  };
  for (const [id, routeNames] of routesOf)
    add(chunkName([...routeNames].sort()), ROUTE_PRIORITY * routeNames.size, id);
  // Small chunks of leaves for a few routes each (icons, hooks): together, for any of their routes to load.
  for (const group of [...groups.values()]) {
    const small = group.priority > ROUTE_PRIORITY && group.size < SMALL_CHUNK;
    if (!small || ![...group.modules].every((id) => leaves.has(id))) continue;
    groups.delete(group.name);
    for (const id of group.modules) add('shared', SHARED_PRIORITY, id);
  }
  return [...groups.values()].map(({ name, priority, modules }) => ({
    name,
    priority,
    test: (id: string) => modules.has(id),
  }));
}

type Group = { name: string; priority: number; modules: Set<string>; size: number };

/**
 * A group's priority is this times its routes. Groups of more routes come first: a group takes its modules'
 * dependencies along, and a dependency is needed by every route that needs the module, and maybe more.
 */
const ROUTE_PRIORITY = 10;
/**
 * Before every other group (whose priorities reach ten times the routes, 170 now) and after the first
 * load's (vite.config.ts): its modules are leaves, which take nothing along, while a module of it that
 * another group's module imports would be taken into that group (and its routes would load that chunk).
 */
const SHARED_PRIORITY = 900;
/** Bytes of code under which a chunk of several routes joins the shared one: 5 kB is about 2 kB gzip. */
const SMALL_CHUNK = 5_000;

/** Two routes by name (people~tasks); more by a digest of their names, which would make a long file name. */
function chunkName(routeNames: string[]) {
  if (routeNames.length <= 2) return routeNames.join('~');
  const digest = createHash('sha256').update(routeNames.join('~')).digest('base64url').slice(0, 6);
  return `routes-${routeNames.length}-${digest}`;
}
