import { Avatar, type MantineColor, type MantineRadius } from '@mantine/core';

type LogoOf = { name: string; logo: string | null; logo_small: string | null };

export type CompanyLogoProps = {
  company: LogoOf;
  size: number;
  radius?: MantineRadius;
  /** The initials' colour while there is no picture. */
  color?: MantineColor | 'initials';
};

/**
 * A company's logo beside its name (decorative: the name is always written next to it), the small
 * picture for small sizes and the large one above 32 px; the initials when there is none.
 */
export function CompanyLogo({ company, size, radius = 'sm', color }: CompanyLogoProps) {
  const src = size > 32 ? (company.logo ?? company.logo_small) : (company.logo_small ?? company.logo);
  return (
    <Avatar src={src} name={company.name} size={size} radius={radius} color={color} alt="" aria-hidden />
  );
}
