/**
 * `npm start`: bundles the server (scripts/start.ts and everything of the repo it imports; packages
 * from node_modules stay imports) into apps/server/dist/start.mjs, then runs that bundle in this
 * process. Serving from a bundle rather than through tsx spares the TypeScript loader's memory and
 * start-up work (decision 0016). Plain JavaScript, so that nothing compiles TypeScript at run time.
 */
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const serverBundle = path.join(root, 'apps/server/dist/start.mjs');

/**
 * Keeps the repo's modules where they are as far as they can tell: each file's `import.meta.url` stays
 * its own source file's (the migrations folder, the web build and the repo root are found from it).
 */
const ownLocation = {
  name: 'own-location',
  setup(builder) {
    builder.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@atrium/') ? undefined : { path: args.path, external: true },
    );
    builder.onLoad({ filter: /\.ts$/ }, async (args) => {
      const source = await readFile(args.path, 'utf8');
      const url = JSON.stringify(pathToFileURL(args.path).href);
      return { contents: source.replaceAll('import.meta.url', url), loader: 'ts' };
    });
  },
};

/** Bundles the server anew (a second or so); written aside and renamed, so a running one is untouched. */
export async function buildServer() {
  const result = await build({
    entryPoints: [path.join(root, 'scripts/start.ts')],
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'esm',
    write: false,
    logLevel: 'warning',
    plugins: [ownLocation],
  });
  await mkdir(path.dirname(serverBundle), { recursive: true });
  const partial = `${serverBundle}.${process.pid}.partial`;
  await writeFile(partial, result.outputFiles[0].contents);
  await rename(partial, serverBundle);
  return serverBundle;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await import(pathToFileURL(await buildServer()).href);
}
