import { Box, NavLink, Stack, Text } from '@mantine/core';
import { Link, useLocation } from 'react-router';
import { CompanyLogo } from '../../ui/company-logo';
import { useCurrentSession } from '../session';
import { type MenuItem, menuSections, switchCompanyItem } from './menu';

type MainMenuProps = { onNavigate: () => void };

const isCurrentPage = (to: string, pathname: string) => pathname === to || pathname.startsWith(`${to}/`);

/** The navbar: the spec's sections, then "switch company" at the foot. */
export function MainMenu({ onNavigate }: MainMenuProps) {
  const { user } = useCurrentSession();

  return (
    <Stack component="nav" aria-label="Main menu" gap={0} h="100%" mih={0}>
      {/* A plain scrolling box: Mantine's ScrollArea measures itself in effects, a forced layout on every
          page's first render for a list that rarely scrolls. */}
      <Box flex={1} mih={0} px="xs" py="sm" style={{ overflowY: 'auto' }}>
        <Stack gap="md">
          {menuSections(user.companies).map((section) => (
            <section
              key={section.menuId}
              data-menu-id={section.menuId}
              aria-labelledby={`menu-${section.menuId}`}
            >
              <Text id={`menu-${section.menuId}`} size="xs" fw={600} c="dimmed" tt="uppercase" px="sm" mb={4}>
                {section.label}
              </Text>
              {section.items.map((item) => (
                <MenuLink key={`${item.to}-${item.company?.id ?? ''}`} item={item} onNavigate={onNavigate} />
              ))}
            </section>
          ))}
        </Stack>
      </Box>
      <Box px="xs" py="sm" style={{ borderTop: '1px solid var(--mantine-color-gray-3)' }}>
        <MenuLink item={switchCompanyItem(user.companies)} onNavigate={onNavigate} />
      </Box>
    </Stack>
  );
}

function MenuLink({ item, onNavigate }: { item: MenuItem; onNavigate: () => void }) {
  const { company } = useCurrentSession();
  const { pathname } = useLocation();
  const Icon = item.icon;
  const leftSection = item.company ? (
    <CompanyLogo company={item.company} size={20} radius="xs" color="initials" />
  ) : (
    Icon && <Icon size={18} stroke={1.75} aria-hidden />
  );
  const shared = { label: item.label, leftSection, 'data-menu-id': item.menuId, noWrap: true } as const;

  if (item.disabled) {
    return (
      <NavLink {...shared} disabled renderRoot={(props) => <button type="button" {...props} disabled />} />
    );
  }
  // Every company links home; the one in use is the current one of its list, not the current page.
  const current = item.company ? item.company.id === company.id : isCurrentPage(item.to, pathname);
  return (
    <NavLink
      {...shared}
      component={Link}
      to={item.to}
      onClick={onNavigate}
      active={current}
      aria-current={current ? (item.company ? 'true' : 'page') : undefined}
    />
  );
}
