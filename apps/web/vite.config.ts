import { createHash } from 'node:crypto';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin, type Rolldown } from 'vite';
import { SESSION_SHAPE } from './session-shape';
import { ROUTE_MODULES } from './src/app/route-modules';
import { addressPattern, type PreloadRoute, routePreloadScript } from './src/app/route-preload-script';

const gzipAsync = promisify(gzip);
const brotliAsync = promisify(brotliCompress);
const COMPRESSIBLE = /\.(js|css|html|svg)$/;
/** The web app's TypeScript modules and the contracts' (not styles, nor the npm packages it imports). */
const APP_MODULE = /[\\/](apps[\\/]web|packages[\\/]contracts)[\\/]src[\\/].*\.tsx?$/;

/**
 * Writes .gz and .br copies next to every text asset of the build, so the server (@fastify/static with
 * preCompressed) sends them as they are instead of compressing on every request.
 */
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'atrium:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const files = (await readdir(outDir, { recursive: true })).filter((file) => COMPRESSIBLE.test(file));
      await Promise.all(
        files.map(async (file) => {
          const full = path.join(outDir, file);
          const source = await readFile(full);
          const [gz, br] = await Promise.all([
            gzipAsync(source, { level: 9 }),
            brotliAsync(source, {
              params: {
                [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
                [constants.BROTLI_PARAM_SIZE_HINT]: source.length,
              },
            }),
          ]);
          // A copy that saves nothing would only cost a file lookup per request.
          if (gz.length < source.length) await writeFile(`${full}.gz`, gz);
          if (br.length < source.length) await writeFile(`${full}.br`, br);
        }),
      );
    },
  };
}

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

/**
 * Starts a route's own chunks, and the session it will ask for, with the entry's instead of after it.
 * The app asks for /api/auth/session/, and the router for a page's chunks (route-modules.ts), only once
 * the entry has run: a round trip after the entry's before anything shows. A small script (external: the
 * CSP allows no inline one; src/app/route-preload-script.ts), loaded async from index.html, adds the
 * page's preload links.
 */
function routePreload(): Plugin {
  let root = '';
  return {
    name: 'atrium:route-preload',
    apply: 'build',
    enforce: 'post',
    configResolved(config) {
      root = config.root;
    },
    generateBundle(_, bundle) {
      const chunks = Object.values(bundle).filter(
        (item): item is Rolldown.OutputChunk => item.type === 'chunk',
      );
      const entry = chunks.find((chunk) => chunk.isEntry);
      const html = bundle['index.html'];
      if (!entry || html?.type !== 'asset') return;
      const byModule = new Map<string, Rolldown.OutputChunk>();
      for (const chunk of chunks) {
        if (chunk.facadeModuleId) byModule.set(path.relative(root, chunk.facadeModuleId), chunk);
      }
      const initial = staticFiles(bundle, entry);
      const routes = ROUTE_MODULES.map(
        ({ path: route, modules, widgets = [], session, data = [], timeZone = false }): PreloadRoute => {
          const files = new Set<string>();
          for (const id of [...modules, ...widgets]) {
            const chunk = byModule.get(id);
            if (!chunk) throw new Error(`route-modules.ts: ${id} (for ${route}) is not a chunk of the build`);
            staticFiles(bundle, chunk, files);
          }
          const own = [...files].filter((file) => !initial.has(file));
          return [addressPattern(route), own, session, data, timeZone];
        },
      );
      const script = routePreloadScript(routes);
      const hash = createHash('sha256').update(script).digest('base64url').slice(0, 8);
      const fileName = `assets/route-preload-${hash}.js`;
      this.emitFile({ type: 'asset', fileName, source: script });
      html.source = String(html.source).replace(
        /(\s*)<script type="module"/,
        `$1<script async src="/${fileName}"></script>$1<script type="module"`,
      );
    },
  };
}

export default defineConfig(({ command, mode }) => {
  // A build is for production unless `--mode` says otherwise. Vite otherwise follows an inherited NODE_ENV,
  // and vitest sets NODE_ENV=test: the e2e setup's build then got React's development bundle and jsxDEV.
  if (command === 'build' && mode === 'production') process.env.NODE_ENV = 'production';
  return {
    plugins: [react(), routePreload(), precompress()],
    define: { __SESSION_SHAPE__: JSON.stringify(SESSION_SHAPE) },
    build: {
      outDir: 'dist',
      // dist/.vite/manifest.json: which chunks and styles each page module needs (the web bench reads it).
      manifest: true,
      rolldownOptions: {
        // The app's own modules and the contracts only declare things (main.tsx, the entry, is always
        // kept): one that a barrel (ui/index.ts, features/*/index.ts, the contracts' index) re-exports but
        // the importer does not use is left out of that importer's chunk, instead of dragging every page's
        // components and schemas into the first load.
        treeshake: {
          moduleSideEffects: (id) => (APP_MODULE.test(id) ? false : undefined),
        },
        output: {
          // React and the router, which every screen needs at once and which rarely change, get a chunk of
          // their own that stays cached across releases. The rest of the first load (what index.html's
          // entry imports statically: the shell, Mantine's core, the query client) is one chunk instead of
          // a dozen small ones: each costs a request, and over HTTP/1.1 a browser makes only six at a
          // time. Modules only lazy chunks use are left to the default splitting: a group would gather
          // every component any screen uses (and @mantine/dates) into the first page's load.
          codeSplitting: {
            groups: [
              {
                name: 'react',
                test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/,
                priority: 2,
              },
              { name: 'app', tags: ['$initial'], priority: 1 },
            ],
          },
        },
      },
    },
    server: {
      proxy: { '/api': 'http://localhost:3000' },
    },
  };
});
