import { describe, expect, it } from 'vitest';
import {
  closeAllWidgets,
  closeWidget,
  contentInset,
  type OpenWidgets,
  openWidget,
  shownWidgets,
  stackZIndex,
  syncWithLocation,
  widgetOffsets,
  widgetShownOn,
  widgetWidth,
} from './widget-stack';

const desktop = { width: 1440, profileFullWidth: false };
const phone = { width: 375, profileFullWidth: false };

describe('opening and closing', () => {
  it('opens a widget and keeps the stack in its fixed order whatever the order of opening', () => {
    const open = openWidget(openWidget(openWidget([], 'calendar'), 'people'), 'profileSetttings');
    expect(open).toEqual(['profileSetttings', 'people', 'calendar']);
  });

  it('does nothing for an open or an unknown widget, returning the very same stack', () => {
    const open: OpenWidgets = ['people'];
    expect(openWidget(open, 'people')).toBe(open);
    expect(openWidget(open, 'profileSettings')).toBe(open);
    expect(openWidget(open, 'chat')).toBe(open);
  });

  it('closes one widget or all of them', () => {
    const open: OpenWidgets = ['profileSetttings', 'people', 'calendar'];
    expect(closeWidget(open, 'people')).toEqual(['profileSetttings', 'calendar']);
    expect(closeWidget(open, 'profile')).toBe(open);
    expect(closeAllWidgets()).toEqual([]);
  });
});

describe('routes', () => {
  it('shows people on / and /people, calendar only on /, profile only on /people, settings anywhere', () => {
    const where = (path: string) =>
      (['profileSetttings', 'profile', 'people', 'calendar'] as const).filter((id) =>
        widgetShownOn(id, path),
      );
    expect(where('/')).toEqual(['profileSetttings', 'people', 'calendar']);
    expect(where('/people')).toEqual(['profileSetttings', 'profile', 'people']);
    expect(where('/news')).toEqual(['profileSetttings']);
  });

  it('keeps an open widget of another route off screen without closing it', () => {
    const open: OpenWidgets = ['people', 'calendar'];
    expect(shownWidgets(open, '/people')).toEqual(['people']);
    expect(shownWidgets(open, '/tasks')).toEqual([]);
  });

  it('opens people and calendar on arriving home, keeping what is open', () => {
    expect(syncWithLocation([], '/', null)).toEqual(['people', 'calendar']);
    expect(syncWithLocation(['profileSetttings'], '/', null)).toEqual([
      'profileSetttings',
      'people',
      'calendar',
    ]);
    expect(syncWithLocation([], '/news', null)).toEqual([]);
  });

  it('opens the profile widget while /people names a user, and closes it otherwise', () => {
    expect(syncWithLocation([], '/people', '12')).toEqual(['profile']);
    expect(syncWithLocation(['profile'], '/people', null)).toEqual([]);
    expect(syncWithLocation([], '/people', '_new_')).toEqual(['profile']);
    expect(syncWithLocation(['profile'], '/news', '12')).toEqual([]);
  });
});

describe('layout', () => {
  it('offsets each widget by the widths of the open ones before it', () => {
    expect(widgetOffsets(['profileSetttings', 'people', 'calendar'], desktop)).toEqual({
      profileSetttings: 0,
      people: 320,
      calendar: 680,
    });
  });

  it('makes the profile half the window up to 864 px, or the full width', () => {
    expect(widgetWidth('profile', { width: 1200, profileFullWidth: false })).toBe(600);
    expect(widgetWidth('profile', { width: 1920, profileFullWidth: false })).toBe(864);
    expect(widgetWidth('profile', { width: 1920, profileFullWidth: true })).toBe(1920);
    expect(widgetOffsets(['profile', 'people'], desktop)).toEqual({ profile: 0, people: 720 });
  });

  it('lays every widget full width at the right edge on a phone', () => {
    expect(widgetWidth('people', phone)).toBe(375);
    expect(widgetOffsets(['people', 'calendar'], phone)).toEqual({ people: 0, calendar: 0 });
  });

  it('raises the stack to 20 plus the number of widgets shown', () => {
    expect(stackZIndex([])).toBe(20);
    expect(stackZIndex(['people', 'calendar'])).toBe(22);
  });

  it('keeps room beside the content on / while it stays readable, never on /people or a phone', () => {
    expect(contentInset(['people', 'calendar'], '/', desktop, 240)).toBe(720);
    expect(contentInset(['profileSetttings', 'people', 'calendar'], '/', desktop, 240)).toBe(0);
    expect(contentInset(['profile', 'people'], '/people', desktop, 240)).toBe(0);
    expect(contentInset(['people', 'calendar'], '/', phone, 0)).toBe(0);
  });
});
