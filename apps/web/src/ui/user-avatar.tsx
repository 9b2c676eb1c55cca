import { USER_STATUS_LABELS, type UserStatus } from '@atrium/contracts';
import { type MantineColor, rem } from '@mantine/core';
import { type CSSProperties, useState } from 'react';
import classes from './user-avatar.module.css';
import { VisuallyHidden } from './visually-hidden';

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

/** Mantine's palette for an avatar coloured by its name (its Avatar's color="initials"). */
const INITIALS_COLORS: readonly MantineColor[] = [
  'blue',
  'cyan',
  'grape',
  'green',
  'indigo',
  'lime',
  'orange',
  'pink',
  'red',
  'teal',
  'violet',
];

/** The colour Mantine's Avatar gives a name: the same hash, so that a person keeps their colour. */
function initialsColor(name: string): MantineColor {
  let hash = 0;
  for (let i = 0; i < name.length; i += 1) hash = ((hash << 5) - hash + name.charCodeAt(i)) | 0;
  return INITIALS_COLORS[Math.abs(hash) % INITIALS_COLORS.length] as MantineColor;
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

/**
 * A person's round picture, or their initials on a colour that stays the same for the same name. Drawn as
 * Mantine's Avatar draws it (light variant), by a CSS module: lists show dozens of avatars on their first
 * screen, and Mantine's resolves its props, styles and colour variables on every render
 * (docs/performance.md, eighth pass).
 */
export function UserAvatar({ name, src, size = 38, status, decorative = false }: UserAvatarProps) {
  // The picture that failed to load, replaced by the initials until the address changes.
  const [failed, setFailed] = useState<string | null>(null);
  const color = initialsColor(name);
  const look = {
    '--avatar-size': rem(size),
    '--avatar-bg': `var(--mantine-color-${color}-light)`,
    '--avatar-color': `var(--mantine-color-${color}-light-color)`,
  } as CSSProperties;
  const avatar = (
    <div
      className={classes.avatar}
      style={look}
      // One image named after the person, whether it shows a photo or initials.
      {...(decorative ? { 'aria-hidden': true } : { role: 'img', 'aria-label': name })}
    >
      {src && failed !== src ? (
        <img className={classes.image} src={src} alt="" onError={() => setFailed(src)} />
      ) : (
        <span className={classes.initials}>{initialsOf(name)}</span>
      )}
    </div>
  );
  if (!status) return avatar;

  const label = USER_STATUS_LABELS[status];
  // The dot drawn by the same CSS module, for the same reason, rather than by Mantine's Indicator.
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
      <VisuallyHidden>{label}</VisuallyHidden>
    </div>
  );
}
