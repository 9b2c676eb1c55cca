/**
 * The side widget stack as plain data (spec: side widgets). Widgets slide in from the right; the open
 * ones stand side by side, each pushed left by the widths of the open ones before it in WIDGET_ORDER.
 *
 * The settings panel comes first in that order, although the spec lists profile first: it opens from the
 * avatar at the top right, so it belongs at the right edge, and a full-width profile would otherwise
 * push it off screen.
 */
export const WIDGET_ORDER = ['profileSetttings', 'profile', 'people', 'calendar'] as const;
export type WidgetId = (typeof WIDGET_ORDER)[number];

/** The open widgets, always in WIDGET_ORDER. */
export type OpenWidgets = readonly WidgetId[];

/** Spec: home opens the people and calendar widgets by itself. */
const HOME_WIDGETS: readonly WidgetId[] = ['people', 'calendar'];

export const isWidgetId = (value: string): value is WidgetId =>
  (WIDGET_ORDER as readonly string[]).includes(value);

/** Opening an open or unknown widget changes nothing (and returns the same array, so React skips a render). */
export function openWidget(open: OpenWidgets, id: string): OpenWidgets {
  if (!isWidgetId(id) || open.includes(id)) return open;
  return WIDGET_ORDER.filter((each) => each === id || open.includes(each));
}

export function closeWidget(open: OpenWidgets, id: string): OpenWidgets {
  return open.includes(id as WidgetId) ? open.filter((each) => each !== id) : open;
}

export const closeAllWidgets = (): OpenWidgets => [];

/** The routes each widget belongs to; the settings panel belongs everywhere. */
const WIDGET_ROUTES: Partial<Record<WidgetId, readonly string[]>> = {
  people: ['/', '/people'],
  calendar: ['/'],
  profile: ['/people'],
};

export const widgetShownOn = (id: WidgetId, pathname: string) =>
  WIDGET_ROUTES[id]?.includes(pathname) ?? true;

/** The open widgets that belong to this route; the others keep their state but stay off screen. */
export const shownWidgets = (open: OpenWidgets, pathname: string): WidgetId[] =>
  open.filter((id) => widgetShownOn(id, pathname));

/** The `profile` query value that opens the user-creation page instead of a profile. */
export const NEW_USER = '_new_';

/** Spec: the stack's z-index is 20 plus the count (of the widgets on screen). */
export const stackZIndex = (shown: readonly WidgetId[]) => 20 + shown.length;

/**
 * Keeps the stack in step with the address: home opens its widgets on arrival, and the profile widget
 * is open exactly while /people has a `profile` query: a user's id, or '_new_' for the creation page.
 */
export function syncWithLocation(
  open: OpenWidgets,
  pathname: string,
  profileParam: string | null,
): OpenWidgets {
  const withHome = pathname === '/' ? HOME_WIDGETS.reduce(openWidget, open) : open;
  const showsProfile = pathname === '/people' && !!profileParam;
  return showsProfile ? openWidget(withHome, 'profile') : closeWidget(withHome, 'profile');
}

/** Below this viewport width (Mantine's `sm`) widgets are full-width sheets laid over each other. */
const SHEET_BELOW = 768;
/** Spec: the profile is half the window, at most 864 px, or the full width. */
const PROFILE_MAX_WIDTH = 864;
const FIXED_WIDTHS: Record<Exclude<WidgetId, 'profile'>, number> = {
  profileSetttings: 320,
  people: 360,
  calendar: 360,
};
/** Content narrower than this is covered by the widgets rather than squeezed beside them. */
const MIN_CONTENT_WIDTH = 360;

export type Viewport = { width: number; profileFullWidth: boolean };

export function widgetWidth(id: WidgetId, viewport: Viewport): number {
  if (viewport.width < SHEET_BELOW) return viewport.width;
  if (id !== 'profile') return FIXED_WIDTHS[id];
  return viewport.profileFullWidth ? viewport.width : Math.min(viewport.width / 2, PROFILE_MAX_WIDTH);
}

/** How far from the right edge each shown widget stands: the widths of those before it, 0 for sheets. */
export function widgetOffsets(
  shown: readonly WidgetId[],
  viewport: Viewport,
): Partial<Record<WidgetId, number>> {
  const offsets: Partial<Record<WidgetId, number>> = {};
  let accumulated = 0;
  for (const id of shown) {
    offsets[id] = viewport.width < SHEET_BELOW ? 0 : accumulated;
    accumulated += widgetWidth(id, viewport);
  }
  return offsets;
}

/**
 * The room to keep free at the right of the page content. On /people the widgets are fixed over the
 * directory (spec); elsewhere they sit beside the content while it keeps MIN_CONTENT_WIDTH, and cover it
 * on a screen too narrow for both.
 */
export function contentInset(
  shown: readonly WidgetId[],
  pathname: string,
  viewport: Viewport,
  navbarWidth: number,
) {
  if (pathname === '/people' || viewport.width < SHEET_BELOW) return 0;
  const total = shown.reduce((sum, id) => sum + widgetWidth(id, viewport), 0);
  return viewport.width - navbarWidth - total >= MIN_CONTENT_WIDTH ? total : 0;
}
