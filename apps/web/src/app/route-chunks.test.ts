import type { Rolldown } from 'vite';
import { describe, expect, it } from 'vitest';
import { routeChunkGroups, routeFiles } from './route-chunks';
import type { RouteModules } from './route-modules';

const ROOT = '/app';

/** A chunk of a build: its file, the modules in it (id → bytes of code) and the files it imports. */
function chunk(fileName: string, modules: Record<string, number>, imports: string[] = [], isEntry = false) {
  return {
    type: 'chunk',
    fileName,
    isEntry,
    imports,
    moduleIds: Object.keys(modules).map((id) => `${ROOT}/${id}`),
    modules: Object.fromEntries(
      Object.entries(modules).map(([id, renderedLength]) => [`${ROOT}/${id}`, { renderedLength }]),
    ),
  } as unknown as Rolldown.OutputChunk;
}

const bundleOf = (...chunks: Rolldown.OutputChunk[]): Rolldown.OutputBundle =>
  Object.fromEntries(chunks.map((each) => [each.fileName, each]));

const route = (path: string, modules: string[], widgets?: string[]): RouteModules => ({
  path,
  modules,
  widgets,
  session: true,
});

/**
 * The bundler's own splitting of four pages: each page in a chunk of its own, a big table that /people,
 * /tasks and /news use, a small picker of /people and /tasks that imports the table, an icon of /people,
 * /news and /calendar and one of /tasks and /news, and a dialog that only a page's lazy import loads.
 */
const split = bundleOf(
  chunk('assets/index.js', { 'src/main.tsx': 90_000 }, [], true),
  chunk('assets/people-page.js', { 'src/people-page.tsx': 8_000 }, [
    'assets/index.js',
    'assets/picker.js',
    'assets/icon-a.js',
  ]),
  chunk('assets/tasks-page.js', { 'src/tasks-page.tsx': 9_000 }, [
    'assets/index.js',
    'assets/picker.js',
    'assets/icon-b.js',
  ]),
  chunk('assets/news-page.js', { 'src/news-page.tsx': 7_000 }, [
    'assets/index.js',
    'assets/table.js',
    'assets/icon-a.js',
    'assets/icon-b.js',
  ]),
  chunk('assets/calendar-page.js', { 'src/calendar-page.tsx': 6_000 }, [
    'assets/index.js',
    'assets/icon-a.js',
  ]),
  chunk('assets/picker.js', { 'src/picker.tsx': 3_000 }, ['assets/index.js', 'assets/table.js']),
  chunk('assets/table.js', { 'node_modules/table.js': 20_000 }, ['assets/index.js']),
  chunk('assets/icon-a.js', { 'node_modules/icon-a.js': 300 }, ['assets/index.js']),
  chunk('assets/icon-b.js', { 'node_modules/icon-b.js': 300 }, ['assets/index.js']),
  chunk('assets/dialog.js', { 'src/dialog.tsx': 5_000 }, ['assets/index.js', 'assets/table.js']),
);

const ROUTES = [
  route('/people', ['src/people-page.tsx']),
  route('/tasks', ['src/tasks-page.tsx']),
  route('/news', ['src/news-page.tsx']),
  route('/calendar', ['src/calendar-page.tsx']),
];

/** Which group takes each module, as the bundler asks them: by priority, highest first. */
function assign(groups: ReturnType<typeof routeChunkGroups>, ids: string[]) {
  const ordered = [...groups].sort((a, b) => b.priority - a.priority);
  return Object.fromEntries(
    ids.map((id) => [id, ordered.find((group) => group.test(`${ROOT}/${id}`))?.name ?? null]),
  );
}

describe('route chunks', () => {
  it("lists a route's lazy files: its page's chunk and what that imports, without the entry's", () => {
    const files = routeFiles(split, ROOT, ROUTES).map(({ route, files }) => [route.path, files.sort()]);
    expect(files).toEqual([
      ['/people', ['assets/icon-a.js', 'assets/people-page.js', 'assets/picker.js', 'assets/table.js']],
      ['/tasks', ['assets/icon-b.js', 'assets/picker.js', 'assets/table.js', 'assets/tasks-page.js']],
      ['/news', ['assets/icon-a.js', 'assets/icon-b.js', 'assets/news-page.js', 'assets/table.js']],
      ['/calendar', ['assets/calendar-page.js', 'assets/icon-a.js']],
    ]);
  });

  it("lists the stylesheets of a route's lazy files, without index.html's", () => {
    const styled = (each: Rolldown.OutputChunk, ...css: string[]) =>
      Object.assign(each, { viteMetadata: { importedCss: new Set(css), importedAssets: new Set() } });
    const bundle = bundleOf(
      styled(chunk('assets/index.js', { 'src/main.tsx': 90_000 }, [], true), 'assets/index.css'),
      styled(
        chunk('assets/news-page.js', { 'src/news-page.tsx': 7_000 }, ['assets/index.js', 'assets/table.js']),
        'assets/news.css',
        'assets/index.css',
      ),
      styled(
        chunk('assets/table.js', { 'node_modules/table.js': 20_000 }, ['assets/index.js']),
        'assets/table.css',
      ),
      chunk('assets/calendar-page.js', { 'src/calendar-page.tsx': 6_000 }, ['assets/index.js']),
    );
    const styles = routeFiles(bundle, ROOT, [
      route('/news', ['src/news-page.tsx']),
      route('/calendar', ['src/calendar-page.tsx']),
    ]);
    expect(styles.map(({ route, styles }) => [route.path, styles])).toEqual([
      ['/news', ['assets/news.css', 'assets/table.css']],
      ['/calendar', []],
    ]);
  });

  it('refuses a route whose page is in no chunk, so that a renamed page is noticed', () => {
    expect(() => routeFiles(split, ROOT, [route('/gone', ['src/gone-page.tsx'])])).toThrow(
      'src/gone-page.tsx (for /gone) is in no chunk of the build',
    );
  });

  it('gathers the modules the same routes need into one chunk, and small leaves of several routes into one', () => {
    const groups = routeChunkGroups(split, ROOT, ROUTES);
    expect(
      assign(groups, [
        'src/people-page.tsx',
        'src/tasks-page.tsx',
        'src/news-page.tsx',
        'src/calendar-page.tsx',
        'src/picker.tsx',
        'node_modules/table.js',
        'node_modules/icon-a.js',
        'node_modules/icon-b.js',
        'src/dialog.tsx',
      ]),
    ).toEqual({
      'src/people-page.tsx': 'people',
      'src/tasks-page.tsx': 'tasks',
      'src/news-page.tsx': 'news',
      'src/calendar-page.tsx': 'calendar',
      // Small as well, but it imports the table: in the shared chunk it would make /calendar, which
      // loads that chunk for its icon, load the table too.
      'src/picker.tsx': 'people~tasks',
      'node_modules/table.js': expect.stringMatching(/^routes-3-/),
      'node_modules/icon-a.js': 'shared',
      'node_modules/icon-b.js': 'shared',
      // Only a dialog needs it: the bundler's own splitting decides.
      'src/dialog.tsx': null,
    });
  });

  it('puts the groups of more routes first, so that a group takes along no module that more routes need', () => {
    const priority = Object.fromEntries(
      routeChunkGroups(split, ROOT, ROUTES).map((group) => [group.name, group.priority]),
    );
    const table = Object.keys(priority).find((name) => name.startsWith('routes-3-')) as string;
    expect(priority.shared).toBeGreaterThan(priority[table] as number);
    expect(priority[table]).toBeGreaterThan(priority['people~tasks'] as number);
    expect(priority['people~tasks']).toBeGreaterThan(priority.people as number);
    expect(priority.people).toBe(priority.tasks);
  });

  it('names a chunk of more than two routes by their number and a digest, the same for the same routes', () => {
    const many = [
      route('/people', ['src/people-page.tsx']),
      route('/tasks', ['src/tasks-page.tsx']),
      route('/news', ['src/news-page.tsx']),
    ];
    const shared = bundleOf(
      chunk('assets/index.js', { 'src/main.tsx': 90_000 }, [], true),
      chunk('assets/people-page.js', { 'src/people-page.tsx': 8_000 }, [
        'assets/index.js',
        'assets/table.js',
      ]),
      chunk('assets/tasks-page.js', { 'src/tasks-page.tsx': 9_000 }, ['assets/index.js', 'assets/table.js']),
      chunk('assets/news-page.js', { 'src/news-page.tsx': 7_000 }, ['assets/index.js', 'assets/table.js']),
      chunk('assets/table.js', { 'node_modules/table.js': 20_000 }, ['assets/index.js']),
    );
    const name = assign(routeChunkGroups(shared, ROOT, many), ['node_modules/table.js'])[
      'node_modules/table.js'
    ];
    expect(name).toMatch(/^routes-3-[\w-]{6}$/);
    expect(assign(routeChunkGroups(shared, ROOT, [...many].reverse()), ['node_modules/table.js'])).toEqual({
      'node_modules/table.js': name,
    });
  });
});
