import { screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { renderUi } from '../../../ui/test-utils';
import { CalendarWidget } from './calendar-widget';

const at = (time: string) => new Date(`2026-11-23T${time}:00`);

describe('CalendarWidget', () => {
  it('shows the day in 24 half-hour slots with the marker on the current one, scrolled into view', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(at('13:47'));
    const scrollIntoView = vi.spyOn(window.HTMLElement.prototype, 'scrollIntoView');
    renderUi(<CalendarWidget />);

    const slots = within(screen.getByRole('list', { name: "Today's timeline" })).getAllByRole('listitem');
    expect(slots.map((slot) => slot.textContent)).toEqual(
      expect.arrayContaining(['08:00', '13:30', '19:30']),
    );
    expect(slots).toHaveLength(24);
    const current = slots.filter((slot) => slot.getAttribute('aria-current') === 'time');
    expect(current.map((slot) => slot.textContent)).toEqual(['13:30']);
    expect(scrollIntoView).toHaveBeenCalledWith({ block: 'center' });
    expect(scrollIntoView.mock.contexts[0]).toBe(current[0]);
  });

  it('counts no meetings and offers a filter that is disabled', () => {
    renderUi(<CalendarWidget meetings={[]} />);

    expect(screen.getByText('0 meetings today')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Filter meetings' })).toBeDisabled();
  });

  it('shows a placeholder, not a count of none, while the meetings load', () => {
    renderUi(<CalendarWidget />);

    expect(screen.queryByText(/meetings today/)).toBeNull();
    expect(screen.getAllByRole('listitem')).toHaveLength(24);
  });

  it('shows each meeting with its title, time and length', () => {
    renderUi(
      <CalendarWidget
        meetings={[
          { id: 'a', title: 'Design review', start: at('09:00'), end: at('10:30') },
          { id: 'b', title: 'Daily', start: at('11:00'), end: at('11:45') },
        ]}
      />,
    );

    expect(screen.getByText('2 meetings today')).toBeInTheDocument();
    expect(
      within(screen.getByRole('article', { name: 'Design review' })).getByText('09:00 - 10:30 · 1 h 30 m'),
    ).toBeInTheDocument();
    expect(
      within(screen.getByRole('article', { name: 'Daily' })).getByText('11:00 - 11:45 · 45 m'),
    ).toBeInTheDocument();
  });

  it('puts meetings that overlap side by side, each in its own column', () => {
    renderUi(
      <CalendarWidget
        meetings={[
          { id: 'a', title: 'Design review', start: at('09:00'), end: at('10:30') },
          { id: 'b', title: 'Interview', start: at('10:00'), end: at('11:00') },
          { id: 'c', title: 'Lunch', start: at('12:00'), end: at('13:00') },
        ]}
      />,
    );

    // Column n of m, from the left.
    const lane = (title: string) => screen.getByRole('article', { name: title }).dataset.lane;
    expect(lane('Design review')).toBe('1/2');
    expect(lane('Interview')).toBe('2/2');
    expect(lane('Lunch')).toBe('1/1');
  });

  it('starts a meeting begun yesterday at the top, and leads each block to its meeting', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(at('07:30'));
    renderUi(
      <MemoryRouter>
        <CalendarWidget
          meetings={[
            {
              id: 'night',
              title: 'Release night',
              start: new Date('2026-11-22T22:00:00'),
              end: at('09:00'),
              href: '/calendar/vacations?view=day&date=2026-11-23',
            },
          ]}
        />
      </MemoryRouter>,
    );

    const block = screen.getByRole('article', { name: 'Release night' });
    // 2 px below the top of the 08:00 slot, down to 2 px above 09:00: two 44 px slots.
    expect([block.style.top, block.style.height]).toEqual([
      'calc(0.125rem * var(--mantine-scale))',
      'calc(5.25rem * var(--mantine-scale))',
    ]);
    expect(within(block).getByRole('link')).toHaveAttribute(
      'href',
      '/calendar/vacations?view=day&date=2026-11-23',
    );
  });
});
