import { createContext, type ReactNode, use, useEffect, useMemo, useState } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { closeWidget, type OpenWidgets, openWidget, syncWithLocation } from './widget-stack';

type Widgets = {
  open: OpenWidgets;
  openWidget: (id: string) => void;
  closeWidget: (id: string) => void;
  /** The person the directory and its widgets are about (spec: "makes that person the selected user"). */
  selectedUserId: number | null;
  selectUser: (id: number | null) => void;
  /** The profile widget at the full window width instead of half of it. */
  profileFullWidth: boolean;
  toggleProfileWidth: () => void;
};

const WidgetsContext = createContext<Widgets | null>(null);

export function useWidgets(): Widgets {
  const widgets = use(WidgetsContext);
  if (!widgets) throw new Error('useWidgets is used outside WidgetsProvider');
  return widgets;
}

/** The side widgets' state for the signed-in screens, kept in step with the address. */
export function WidgetsProvider({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  const profileParam = useSearchParams()[0].get('profile');
  // Right from the first render, so that a page loaded at / or /people?profile= shows its widgets at once.
  const [open, setOpen] = useState<OpenWidgets>(() => syncWithLocation([], pathname, profileParam));
  const [selectedUserId, selectUser] = useState<number | null>(null);
  const [profileFullWidth, setProfileFullWidth] = useState(false);

  useEffect(() => {
    setOpen((current) => syncWithLocation(current, pathname, profileParam));
  }, [pathname, profileParam]);

  const widgets = useMemo<Widgets>(
    () => ({
      open,
      openWidget: (id) => setOpen((current) => openWidget(current, id)),
      closeWidget: (id) => setOpen((current) => closeWidget(current, id)),
      selectedUserId,
      selectUser,
      profileFullWidth,
      toggleProfileWidth: () => setProfileFullWidth((full) => !full),
    }),
    [open, selectedUserId, profileFullWidth],
  );

  return <WidgetsContext value={widgets}>{children}</WidgetsContext>;
}
