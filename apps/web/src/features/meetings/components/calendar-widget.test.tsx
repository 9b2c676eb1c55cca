import { screen, within } from '@testing-library/react';
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
    expect(scrollIntoView).toHaveBeenCalledWith({ behavior: 'smooth', block: 'center' });
    expect(scrollIntoView.mock.contexts[0]).toBe(current[0]);
  });

  it('counts no meetings and offers a filter that is disabled', () => {
    renderUi(<CalendarWidget />);

    expect(screen.getByText('0 meetings today')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Filter meetings' })).toBeDisabled();
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
});
