import type { Company } from '@atrium/contracts';
import {
  IconArrowsExchange,
  IconCalendar,
  IconChecklist,
  IconNews,
  IconUsers,
  type TablerIcon,
} from '@tabler/icons-react';

export type MenuItem = {
  /** The spec's menu id; the companies share the id of the Organizations list. */
  menuId: string;
  label: string;
  to: string;
  icon?: TablerIcon;
  /** Set on the companies of the Organizations list. */
  company?: Company;
  disabled?: boolean;
};

export type MenuSection = { menuId: string; label: string; items: MenuItem[] };

/**
 * The menu of the spec (work side, header menu), with its ids: sections 09 Organizations, 11 personal
 * and 12 company; items 090 the Organizations list, 110 calendar, 112 my tasks, 121 people, 123 news.
 * The spec gives the ids without saying which is which; docs/decisions/0006 explains this reading.
 */
export function menuSections(companies: readonly Company[]): MenuSection[] {
  return [
    {
      menuId: '09',
      label: 'Organizations',
      items: companies.map((company) => ({ menuId: '090', label: company.name, to: '/', company })),
    },
    {
      menuId: '11',
      label: 'Personal',
      items: [
        { menuId: '110', label: 'Calendar', to: '/calendar/vacations', icon: IconCalendar },
        { menuId: '112', label: 'My tasks', to: '/tasks', icon: IconChecklist },
      ],
    },
    {
      menuId: '12',
      label: 'Company',
      items: [
        { menuId: '121', label: 'People', to: '/people', icon: IconUsers },
        { menuId: '123', label: 'News', to: '/news', icon: IconNews },
      ],
    },
  ];
}

/** Item 100, below the sections; it has nothing to offer a user of one company. */
export const switchCompanyItem = (companies: readonly Company[]): MenuItem => ({
  menuId: '100',
  label: 'Switch company',
  to: '/switchCompany',
  icon: IconArrowsExchange,
  disabled: companies.length < 2,
});
