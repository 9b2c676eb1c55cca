import { createHash } from 'node:crypto';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { build, defineConfig, type Plugin, type Rolldown } from 'vite';
import { SESSION_SHAPE } from './session-shape';
import { routeChunkGroups, routeFiles } from './src/app/route-chunks';
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

/**
 * Starts a route's own chunks and stylesheets, and the session it will ask for, with the entry's instead
 * of after it.
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
      const html = bundle['index.html'];
      if (html?.type !== 'asset') return;
      const lazy = routeFiles(bundle, root, ROUTE_MODULES);
      const routes = lazy.map(
        ({ route: { path: route, session, data = [], timeZone = false }, files, styles }): PreloadRoute => [
          addressPattern(route),
          [...files, ...styles],
          session,
          data,
          timeZone,
        ],
      );
      // Beside Vite's manifest, for the web bench: the files each route loads lazily at once.
      const byRoute = Object.fromEntries(lazy.map(({ route, files }) => [route.path, files]));
      this.emitFile({
        type: 'asset',
        fileName: ROUTE_FILES,
        source: `${JSON.stringify(byRoute, null, 2)}\n`,
      });
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

/** Where the build writes the chunk files each route loads lazily (scripts/bench/web/sizes.ts reads it). */
const ROUTE_FILES = '.vite/route-files.json';

/** Above every route group's (route-chunks.ts: the number of its routes), so the first load is decided first. */
const FIRST_LOAD_PRIORITY = 1000;

/** Set while routeChunks' first build runs: that build splits as the bundler does by itself. */
const ROUTE_ANALYSIS = 'ATRIUM_ROUTE_CHUNK_ANALYSIS';
const analysing = () => Boolean(process.env[ROUTE_ANALYSIS]);

/**
 * Gathers the modules routes load lazily into one chunk per set of routes (route-chunks.ts). Which
 * modules a route needs is read from a first build with the bundler's own splitting (about 3 seconds,
 * written nowhere), since only a build knows which of a barrel's modules a page uses.
 */
function routeChunks(): Plugin {
  return {
    name: 'atrium:route-chunks',
    apply: (_, { command }) => command === 'build' && !analysing(),
    async config(config, { mode }) {
      const root = path.resolve(config.root ?? process.cwd());
      process.env[ROUTE_ANALYSIS] = '1';
      let output: Awaited<ReturnType<typeof build>>;
      try {
        output = await build({
          configFile: fileURLToPath(import.meta.url),
          root,
          mode,
          logLevel: 'warn',
          build: { write: false, manifest: false },
        });
      } finally {
        delete process.env[ROUTE_ANALYSIS];
      }
      const first = Array.isArray(output) ? output[0] : output;
      if (!first || !('output' in first)) throw new Error('route chunks: the first build gave no bundle');
      const bundle: Rolldown.OutputBundle = Object.fromEntries(
        first.output.map((item) => [item.fileName, item]),
      );
      const groups = routeChunkGroups(bundle, root, ROUTE_MODULES);
      return { build: { rolldownOptions: { output: { codeSplitting: { groups } } } } };
    },
  };
}

export default defineConfig(({ command, mode }) => {
  // A build is for production unless `--mode` says otherwise. Vite otherwise follows an inherited NODE_ENV,
  // and vitest sets NODE_ENV=test: the e2e setup's build then got React's development bundle and jsxDEV.
  if (command === 'build' && mode === 'production') process.env.NODE_ENV = 'production';
  return {
    plugins: [react(), routeChunks(), ...(analysing() ? [] : [routePreload(), precompress()])],
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
          // time. What routes load lazily is grouped by the routes that need it (routeChunks above adds
          // those groups, decision 0029); what only dialogs and forms load is left to the default splitting.
          codeSplitting: {
            groups: [
              {
                name: 'react',
                test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/,
                priority: FIRST_LOAD_PRIORITY + 1,
              },
              { name: 'app', tags: ['$initial'], priority: FIRST_LOAD_PRIORITY },
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
