import { USER_STATUS_LABELS, type UserStatus } from '@atrium/contracts';
import { Avatar } from '@mantine/core';
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderUi } from './test-utils';
import { initialsOf, statusColor, UserAvatar } from './user-avatar';

describe('UserAvatar', () => {
  it('shows the initials of the first and last name, named after the person', () => {
    renderUi(<UserAvatar name="Ada King Lovelace" />);

    const avatar = screen.getByRole('img', { name: 'Ada King Lovelace' });
    expect(avatar).toHaveTextContent('AL');
  });

  it("colours each name as Mantine's Avatar does, so that a person keeps their colour everywhere", () => {
    const names = ['Ada Lovelace', 'Maya Koh', 'Jun Hao Lim', 'Paula Rodríguez', 'Emil Novak', 'Ö', ''];
    const { container } = renderUi(
      <div>
        {names.map((name) => (
          <div key={name} data-name={name}>
            <UserAvatar name={name} decorative />
            <Avatar name={name} color="initials" />
          </div>
        ))}
      </div>,
    );

    for (const name of names) {
      const [ours, mantine] = container.querySelectorAll<HTMLElement>(`[data-name="${name}"] > *`);
      expect(ours?.style.getPropertyValue('--avatar-bg')).toBe(
        mantine?.style.getPropertyValue('--avatar-bg'),
      );
      expect(ours?.style.getPropertyValue('--avatar-bg')).toMatch(/^var\(--mantine-color-[a-z]+-light\)$/);
    }
  });

  it('shows the initials in place of a picture that fails to load', () => {
    renderUi(<UserAvatar name="Ada Lovelace" src="/media/gone.png" />);

    const avatar = screen.getByRole('img', { name: 'Ada Lovelace' });
    fireEvent.error(avatar.querySelector('img') as HTMLImageElement);
    expect(avatar.querySelector('img')).toBeNull();
    expect(avatar).toHaveTextContent('AL');
  });

  it('shows the picture when there is one', () => {
    renderUi(<UserAvatar name="Ada Lovelace" src="/media/ada.png" />);

    const avatar = screen.getByRole('img', { name: 'Ada Lovelace' });
    expect(avatar.querySelector('img')).toHaveAttribute('src', '/media/ada.png');
    expect(avatar).not.toHaveTextContent('AL');
  });

  it.each(Object.entries(USER_STATUS_LABELS))(
    'labels status %s as %s, in text and as a tooltip',
    (status, label) => {
      const { container } = renderUi(
        <UserAvatar name="Ada Lovelace" status={Number(status) as UserStatus} />,
      );

      expect(screen.getByText(label)).toBeInTheDocument();
      const withDot = container.querySelector<HTMLElement>(`[title="${label}"]`);
      expect(withDot?.style.getPropertyValue('--status-color')).toBe(
        `var(--mantine-color-${statusColor(Number(status) as UserStatus)}-filled)`,
      );
    },
  );

  it('has no status text without a status', () => {
    renderUi(<UserAvatar name="Ada Lovelace" />);

    for (const label of Object.values(USER_STATUS_LABELS)) expect(screen.queryByText(label)).toBeNull();
  });

  it('keeps a decorative avatar out of the accessibility tree but still says the status', () => {
    renderUi(<UserAvatar name="Ada Lovelace" status={3} decorative />);

    expect(screen.queryByRole('img')).not.toBeInTheDocument();
    expect(screen.getByText('Illness')).toBeInTheDocument();
  });
});

describe('initialsOf', () => {
  it('takes the first letters of the first and last words', () => {
    expect(initialsOf('ada lovelace')).toBe('AL');
    expect(initialsOf('  Ada  ')).toBe('A');
    expect(initialsOf('')).toBe('');
  });
});

describe('statusColor', () => {
  it('maps Online, Offline, Illness and Vacation to green, gray, orange and blue', () => {
    expect([1, 2, 3, 4].map((status) => statusColor(status as UserStatus))).toEqual([
      'green',
      'gray',
      'orange',
      'blue',
    ]);
  });
});
