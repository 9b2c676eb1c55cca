import type { CSSProperties } from 'react';
import classes from './bone.module.css';

type Size = number | string;

export type BoneProps = {
  height: Size;
  /** The whole line by default; a circle is as wide as it is high. */
  width?: Size;
  circle?: boolean;
  /** One of Mantine's radii; its default radius otherwise. */
  radius?: 'xs' | 'sm' | 'md' | 'lg' | 'xl';
  /** For the bone's place in its row: a flex share, margins. */
  style?: CSSProperties;
  className?: string;
};

/**
 * One block of a placeholder in the shape of what loads (DESIGN.md). Pages show dozens at once while they
 * load (a month of the calendar 70), and each of Mantine's Skeletons resolves its props and styles on
 * every render and draws three boxes (itself and two pseudo-elements); this is one plain element with the
 * same look.
 */
export function Bone({ height, width, circle = false, radius, style, className }: BoneProps) {
  return (
    <span
      aria-hidden
      className={className ? `${classes.bone} ${className}` : classes.bone}
      style={{
        height,
        width: circle ? height : width,
        borderRadius: circle ? '50%' : radius && `var(--mantine-radius-${radius})`,
        ...style,
      }}
    />
  );
}
