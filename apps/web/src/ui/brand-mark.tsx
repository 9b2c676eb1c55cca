import { Group, Text, ThemeIcon } from '@mantine/core';
import { IconBuildingArch } from '@tabler/icons-react';

/** The product's name with its mark, for screens shown before a company is known. */
export function BrandMark() {
  return (
    <Group gap="xs" justify="center">
      <ThemeIcon size={32} aria-hidden>
        <IconBuildingArch size={20} stroke={1.75} />
      </ThemeIcon>
      <Text fw={700} size="lg">
        Atrium
      </Text>
    </Group>
  );
}
