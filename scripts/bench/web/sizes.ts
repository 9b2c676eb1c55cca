/**
 * What a browser must fetch of the built app before a route can show: its initial JS and CSS, read from
 * the Vite manifest (dist/.vite/manifest.json), raw, gzip and brotli.
 *
 * A route's initial files are the entry (index.html's script) with everything it imports statically
 * (what index.html modulepreloads), plus the route's lazy page chunks (the modules the router's `lazy`
 * loads on the first visit, and the side widgets the page shows at once) with their static imports.
 * Chunks that are only imported dynamically from there (a modal, a form opened later) are not initial.
 * The routes and their lazy modules are apps/web/src/app/route-modules.ts (which the build also reads to
 * preload them); a module missing from the manifest fails the measurement, so that a renamed page shows
 * here instead of being measured as the bare entry. A widget body that is not a chunk of its own is in
 * the entry already.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { ROUTE_MODULES } from '../../../apps/web/src/app/route-modules';

const gzipAsync = promisify(gzip);
const brotliAsync = promisify(brotliCompress);

/** Bytes of a set of files as served: raw, and as the pre-compressed .gz and .br copies are made. */
export type Size = { raw: number; gzip: number; brotli: number };

export type RouteAssets = {
  route: string;
  js: Size;
  css: Size;
  /** The files counted, relative to dist/. */
  jsFiles: string[];
  cssFiles: string[];
};

type ManifestChunk = {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
};
export type Manifest = Record<string, ManifestChunk>;

export async function readManifest(dist: string): Promise<Manifest> {
  return JSON.parse(await readFile(path.join(dist, '.vite/manifest.json'), 'utf8')) as Manifest;
}

/** The JS and CSS files that `keys` need before they run: each chunk, its static imports, their styles. */
export function staticClosure(manifest: Manifest, keys: readonly string[]): { js: string[]; css: string[] } {
  const seen = new Set<string>();
  const js: string[] = [];
  const css = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk)
      throw new Error(`${key} is not in the Vite manifest: is the route table of sizes.ts current?`);
    if (chunk.file.endsWith('.js')) js.push(chunk.file);
    for (const file of chunk.css ?? []) css.add(file);
    for (const next of chunk.imports ?? []) visit(next);
  };
  for (const key of keys) visit(key);
  return { js, css: [...css] };
}

const cache = new Map<string, Promise<Size>>();

/** One file's size, compressed as the build's precompress plugin does it (gzip 9, brotli 11). */
function fileSize(dist: string, file: string): Promise<Size> {
  const full = path.join(dist, file);
  let size = cache.get(full);
  if (!size) {
    size = readFile(full).then(async (source) => {
      const [gz, br] = await Promise.all([
        gzipAsync(source, { level: 9 }),
        brotliAsync(source, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
            [constants.BROTLI_PARAM_SIZE_HINT]: source.length,
          },
        }),
      ]);
      return { raw: source.length, gzip: gz.length, brotli: br.length };
    });
    cache.set(full, size);
  }
  return size;
}

async function totalSize(dist: string, files: readonly string[]): Promise<Size> {
  const sizes = await Promise.all(files.map((file) => fileSize(dist, file)));
  return sizes.reduce(
    (sum, each) => ({
      raw: sum.raw + each.raw,
      gzip: sum.gzip + each.gzip,
      brotli: sum.brotli + each.brotli,
    }),
    { raw: 0, gzip: 0, brotli: 0 },
  );
}

/** The manifest key of index.html's script. */
export function entryKey(manifest: Manifest): string {
  const entry = Object.entries(manifest).find(([, chunk]) => chunk.isEntry);
  if (!entry) throw new Error('The Vite manifest has no entry chunk');
  return entry[0];
}

/** The initial JS and CSS of every route of ROUTE_MODULES, for the build in `dist`. */
export async function measureRoutes(dist: string): Promise<RouteAssets[]> {
  const manifest = await readManifest(dist);
  const entry = entryKey(manifest);
  return Promise.all(
    ROUTE_MODULES.map(async ({ path: route, modules, widgets = [] }) => {
      for (const key of modules) {
        if (!manifest[key]?.isDynamicEntry) {
          throw new Error(`${key} (for ${route}) is not a lazily loaded chunk of the build`);
        }
      }
      const lazyWidgets = widgets.filter((key) => manifest[key]?.isDynamicEntry);
      const { js, css } = staticClosure(manifest, [entry, ...modules, ...lazyWidgets]);
      const [jsSize, cssSize] = await Promise.all([totalSize(dist, js), totalSize(dist, css)]);
      return { route, js: jsSize, css: cssSize, jsFiles: js, cssFiles: css };
    }),
  );
}
