import { Drawer } from '@mantine/core';
import type { ReactNode } from 'react';

type FiltersDrawerProps = { opened: boolean; onClose: () => void; children: ReactNode };

/** The filter panel on a phone: a sheet from the bottom. */
export function FiltersDrawer({ opened, onClose, children }: FiltersDrawerProps) {
  return (
    <Drawer opened={opened} onClose={onClose} title="Filters" position="bottom" size="85%">
      {children}
    </Drawer>
  );
}
