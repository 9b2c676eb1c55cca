/**
 * What a browser must fetch of the built app before a route can show: its initial JS and CSS, raw, gzip
 * and brotli, read from the Vite manifest (dist/.vite/manifest.json) and the build's list of each route's
 * lazy files (dist/.vite/route-files.json, written by vite.config.ts).
 *
 * A route's initial files are the entry (index.html's script) with everything it imports statically
 * (what index.html modulepreloads), plus the chunks the route loads lazily on the first visit (its
 * pages and the side widgets it shows at once, apps/web/src/app/route-modules.ts, with their static
 * imports: what the route-preload script preloads). Chunks that are only imported dynamically from there
 * (a modal, a form opened later) are not initial. A route missing from the list fails the measurement,
 * so that a renamed page shows here instead of being measured as the bare entry.
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
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
};
export type Manifest = Record<string, ManifestChunk>;

export async function readManifest(dist: string): Promise<Manifest> {
  return JSON.parse(await readFile(path.join(dist, '.vite/manifest.json'), 'utf8')) as Manifest;
}

/** Each route's lazy chunk files, as the build listed them (vite.config.ts, ROUTE_FILES). */
async function readRouteFiles(dist: string): Promise<Record<string, string[]>> {
  return JSON.parse(await readFile(path.join(dist, '.vite/route-files.json'), 'utf8'));
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
  const [manifest, routeFiles] = await Promise.all([readManifest(dist), readRouteFiles(dist)]);
  const entry = entryKey(manifest);
  const keyOfFile = new Map(Object.entries(manifest).map(([key, chunk]) => [chunk.file, key]));
  return Promise.all(
    ROUTE_MODULES.map(async ({ path: route }) => {
      const files = routeFiles[route];
      if (!files) throw new Error(`${route} is not in the build's route files: build the app again`);
      const keys = files.map((file) => {
        const key = keyOfFile.get(file);
        if (!key) throw new Error(`${file} (for ${route}) is not in the Vite manifest`);
        return key;
      });
      const { js, css } = staticClosure(manifest, [entry, ...keys]);
      const [jsSize, cssSize] = await Promise.all([totalSize(dist, js), totalSize(dist, css)]);
      return { route, js: jsSize, css: cssSize, jsFiles: js, cssFiles: css };
    }),
  );
}
