import { afterEach, describe, expect, it, vi } from 'vitest';
import { addressPattern, type PreloadRoute, routePreloadScript } from './route-preload-script';

const ROUTES: PreloadRoute[] = [
  [addressPattern('/login'), ['assets/login.js'], false, [], false],
  [addressPattern('/'), ['assets/home.js', 'assets/widget.js', 'assets/home.css'], true, [], true],
  [addressPattern('/tasks'), ['assets/tasks.js'], true, ['/api/tasks/?view=exec&page=1'], false],
  [addressPattern('/calendar/events/:uuid'), ['assets/event.js'], true, [], true],
];

/** Runs the built script at `address` and tells what it added to the head. */
function runAt(address: string) {
  for (const link of document.head.querySelectorAll('link')) link.remove();
  vi.restoreAllMocks();
  window.history.replaceState(null, '', address);
  const formatter = vi.spyOn(Intl, 'DateTimeFormat');
  // The script as index.html loads it: a classic script of its own.
  new Function(routePreloadScript(ROUTES))();
  const links = [...document.head.querySelectorAll('link')].map(
    (link) => `${link.rel} ${link.getAttribute('href')}${link.as ? ` as ${link.as}` : ''}`,
  );
  return { links, formatters: formatter.mock.calls.length };
}

/** Sets or (with an empty value) removes the csrftoken cookie, as the login and the logout do. */
function setCsrfCookie(value: string) {
  // biome-ignore lint/suspicious/noDocumentCookie: the script reads document.cookie, so the test writes it
  document.cookie = value ? `csrftoken=${value}` : 'csrftoken=; expires=Thu, 01 Jan 1970 00:00:00 GMT';
}

afterEach(() => {
  for (const link of document.head.querySelectorAll('link')) link.remove();
  setCsrfCookie('');
  vi.restoreAllMocks();
});

describe('the route-preload script', () => {
  it("preloads the page's chunks, their stylesheets and the session, and warms the time zone for a page that asks for it", () => {
    const { links, formatters } = runAt('/');
    expect(links).toEqual([
      'modulepreload /assets/home.js',
      'modulepreload /assets/widget.js',
      'preload /assets/home.css as style',
      'preload /api/auth/session/ as fetch',
    ]);
    expect(formatters).toBe(1);
  });

  it('creates no date formatter for a page that does not ask for the time zone', () => {
    expect(runAt('/tasks').formatters).toBe(0);
    expect(runAt('/login').formatters).toBe(0);
  });

  it('matches a route with a parameter', () => {
    const { links, formatters } = runAt('/calendar/events/3f2a/');
    expect(links[0]).toBe('modulepreload /assets/event.js');
    expect(formatters).toBe(1);
  });

  it("preloads a page's data only after a login and without a query string", () => {
    expect(runAt('/tasks').links).not.toContain('preload /api/tasks/?view=exec&page=1 as fetch');
    setCsrfCookie('abc');
    expect(runAt('/tasks?view=creator').links).not.toContain('preload /api/tasks/?view=exec&page=1 as fetch');
    expect(runAt('/tasks').links).toContain('preload /api/tasks/?view=exec&page=1 as fetch');
  });
});
