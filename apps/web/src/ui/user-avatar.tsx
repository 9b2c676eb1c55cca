import { USER_STATUS_LABELS, type UserStatus } from '@atrium/contracts';
import { Avatar, type MantineColor, rem } from '@mantine/core';
import type { CSSProperties } from 'react';
import classes from './user-avatar.module.css';

const STATUS_COLORS: Record<UserStatus, MantineColor> = {
  1: 'green',
  2: 'gray',
  3: 'orange',
  4: 'blue',
};

/** The theme colour of a status dot (DESIGN.md): Online green, Offline grey, Illness orange, Vacation blue. */
export function statusColor(status: UserStatus): MantineColor {
  return STATUS_COLORS[status];
}

/** First letters of the first and the last word: 'Ada King Lovelace' → 'AL'. */
export function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const first = words[0]?.[0] ?? '';
  const last = words.length > 1 ? (words.at(-1)?.[0] ?? '') : '';
  return (first + last).toUpperCase();
}

export type UserAvatarProps = {
  /** Full name: gives the initials, their colour and the accessible name. */
  name: string;
  src?: string | null;
  /** Diameter in px. */
  size?: number;
  /** Adds the status dot, with its label for screen readers and as a tooltip. */
  status?: UserStatus | null;
  /** The name is already written next to the avatar: hide the picture from screen readers (the status stays). */
  decorative?: boolean;
};

/** A person's round picture, or their initials on a colour that stays the same for the same name. */
export function UserAvatar({ name, src, size = 38, status, decorative = false }: UserAvatarProps) {
  const avatar = (
    <Avatar
      src={src}
      name={name}
      color="initials"
      size={size}
      // The theme caps every named radius at 8 px; an avatar is a circle.
      radius="50%"
      // One image named after the person, whether it shows a photo or initials.
      {...(decorative ? { 'aria-hidden': true } : { role: 'img', 'aria-label': name })}
    >
      {initialsOf(name)}
    </Avatar>
  );
  if (!status) return avatar;

  const label = USER_STATUS_LABELS[status];
  // Plain elements rather than Mantine's Indicator and VisuallyHidden: lists show dozens of avatars on
  // their first screen, and each of those components resolves its props, styles and variables on every
  // render (docs/performance.md, eighth pass).
  const dot = {
    '--status-size': rem(Math.max(8, Math.round(size * 0.28))),
    // Puts the dot on the circle's edge, which lies 15% of the diameter inside the square's corner.
    '--status-offset': rem(Math.round(size * 0.15)),
    '--status-color': `var(--mantine-color-${statusColor(status)}-filled)`,
  } as CSSProperties;
  return (
    <div className={classes.withStatus} style={dot} title={label}>
      {avatar}
      <span className={classes.dot} />
      <span className={classes.label}>{label}</span>
    </div>
  );
}
