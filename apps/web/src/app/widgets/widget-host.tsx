import { Box } from '@mantine/core';
import { type ReactNode, Suspense, useSyncExternalStore } from 'react';
import { useLocation } from 'react-router';
import { SkeletonRows } from '../../ui/skeleton-rows';
import { AfterFirstPaint } from '../after-first-paint';
import { lazyPart } from '../lazy-parts';
import { ProfileSettingsWidget } from './profile-settings-widget';
import { ProfileWidget } from './profile-widget';
import { WidgetFrame, type WidgetPlacement } from './widget-frame';
import {
  contentInset,
  shownWidgets,
  stackZIndex,
  type Viewport,
  WIDGET_ORDER,
  type WidgetId,
  widgetOffsets,
  widgetShownOn,
  widgetWidth,
} from './widget-stack';
import classes from './widgets.module.css';
import { useWidgets } from './widgets-context';

const PeopleWidgetBody = lazyPart(async () => (await import('./people-widget-body')).PeopleWidgetBody);
const TodayCalendarWidget = lazyPart(
  async () => (await import('../../features/meetings/components/today-calendar-widget')).TodayCalendarWidget,
);

/** Loads the bodies of the widgets a route shows at once (the router calls it beside the page's chunk). */
export function preloadWidgets(pathname: string): Promise<unknown> {
  const bodies = [
    widgetShownOn('people', pathname) && PeopleWidgetBody.preload(),
    widgetShownOn('calendar', pathname) && TodayCalendarWidget.preload(),
  ];
  return Promise.all(bodies);
}

/** The stand-in of a widget body, in the shape of the lists the bodies show while they load. */
const skeleton = (
  <Box px="sm">
    <SkeletonRows count={6} />
  </Box>
);

/**
 * A widget body's wait for its code; and for the page's first paint: a page that opens with widgets
 * (home) paints its own content first, and mounts their lists (with their requests) in a render of
 * their own.
 */
const Loading = ({ children }: { children: ReactNode }) => (
  <AfterFirstPaint fallback={skeleton}>
    <Suspense fallback={skeleton}>{children}</Suspense>
  </AfterFirstPaint>
);

/** The desktop navbar's width, which the page content shares the screen with. */
export const NAVBAR_WIDTH = 240;

// The window's width, read when it changes rather than on every render: reading it makes the browser lay
// out the page there and then, and React reads a store again after every commit (a dozen while a page
// loads). Kept while anyone listens.
let windowWidth: number | undefined;
const widthListeners = new Set<() => void>();
const onResize = () => {
  windowWidth = window.innerWidth;
  for (const listener of widthListeners) listener();
};
// The first listener subscribes right after a commit, when reading the width would make the browser lay
// the new page out there and then: a change since the render read it is checked after the next frame,
// which lays the page out anyway.
let afterFrame: { frame: number; timer?: ReturnType<typeof setTimeout> } | undefined;
const subscribeToWidth = (onChange: () => void) => {
  if (widthListeners.size === 0) {
    window.addEventListener('resize', onResize);
    const pending: NonNullable<typeof afterFrame> = {
      frame: requestAnimationFrame(() => {
        pending.timer = setTimeout(onResize, 0);
      }),
    };
    afterFrame = pending;
  }
  widthListeners.add(onChange);
  return () => {
    widthListeners.delete(onChange);
    if (widthListeners.size > 0) return;
    window.removeEventListener('resize', onResize);
    if (afterFrame) {
      cancelAnimationFrame(afterFrame.frame);
      clearTimeout(afterFrame.timer);
      afterFrame = undefined;
    }
    windowWidth = undefined;
  };
};
// Read at once rather than after an effect, so that no widget is ever laid out for a 0 px window.
const useWindowWidth = () =>
  useSyncExternalStore(subscribeToWidth, () => {
    windowWidth ??= window.innerWidth;
    return windowWidth;
  });

/** Where every widget goes on this route and window, and the room the page content must leave them. */
export function useWidgetLayout() {
  const { open, profileFullWidth } = useWidgets();
  const { pathname } = useLocation();
  const viewport: Viewport = { width: useWindowWidth(), profileFullWidth };
  const shown = shownWidgets(open, pathname);
  const offsets = widgetOffsets(shown, viewport);
  const placement = (id: WidgetId): WidgetPlacement => ({
    open: shown.includes(id),
    width: widgetWidth(id, viewport),
    offset: offsets[id] ?? 0,
    // Where widgets overlap (sheets on a phone), the first in the stack's order lies on top.
    layer: WIDGET_ORDER.length - WIDGET_ORDER.indexOf(id),
  });
  return {
    placement,
    zIndex: stackZIndex(shown),
    contentInset: contentInset(shown, pathname, viewport, NAVBAR_WIDTH),
  };
}

/** Renders the side widgets, open or waiting off screen at the right edge. */
export function WidgetHost() {
  const { closeWidget } = useWidgets();
  const { placement, zIndex } = useWidgetLayout();

  return (
    <div className={classes.stack} style={{ zIndex }}>
      <ProfileSettingsWidget placement={placement('profileSetttings')} />
      <ProfileWidget placement={placement('profile')} />
      <WidgetFrame title="Peoples" placement={placement('people')} onClose={() => closeWidget('people')}>
        <Loading>
          <PeopleWidgetBody />
        </Loading>
      </WidgetFrame>
      <WidgetFrame title="Calendar" placement={placement('calendar')} onClose={() => closeWidget('calendar')}>
        <Loading>
          <TodayCalendarWidget />
        </Loading>
      </WidgetFrame>
    </div>
  );
}
