import { SOCIAL_NETWORKS } from '@atrium/contracts';
import { ActionIcon, Box, Group, Tooltip } from '@mantine/core';
import {
  IconBrandDiscord,
  IconBrandFacebook,
  IconBrandInstagram,
  IconBrandLinkedin,
  IconBrandSkype,
  IconBrandSlack,
  IconBrandTelegram,
  IconBrandWhatsapp,
  IconBrandX,
  type TablerIcon,
} from '@tabler/icons-react';

type SocialNetwork = (typeof SOCIAL_NETWORKS)[number];

type NetworkLook = {
  label: string;
  icon: TablerIcon;
  /** The public page of a handle; networks without one (Slack, Discord, Skype) show the handle only. */
  page?: (handle: string) => string;
};

const NETWORKS: Record<SocialNetwork, NetworkLook> = {
  telegram: { label: 'Telegram', icon: IconBrandTelegram, page: (h) => `https://t.me/${h}` },
  linkedin: { label: 'LinkedIn', icon: IconBrandLinkedin, page: (h) => `https://www.linkedin.com/in/${h}` },
  twitter: { label: 'X', icon: IconBrandX, page: (h) => `https://x.com/${h}` },
  instagram: { label: 'Instagram', icon: IconBrandInstagram, page: (h) => `https://www.instagram.com/${h}` },
  fb: { label: 'Facebook', icon: IconBrandFacebook, page: (h) => `https://www.facebook.com/${h}` },
  whatsapp: { label: 'WhatsApp', icon: IconBrandWhatsapp, page: (phone) => `https://wa.me/${phone}` },
  skype: { label: 'Skype', icon: IconBrandSkype },
  slack: { label: 'Slack', icon: IconBrandSlack },
  discord: { label: 'Discord', icon: IconBrandDiscord },
};

/**
 * Where a profile's social value leads: a web address as given (only http and https, so a stored
 * `javascript:` text never becomes a link), else the network's page of the handle, or null.
 */
export function socialHref(network: SocialNetwork, value: string): string | null {
  const text = value.trim();
  if (/^https?:\/\//i.test(text)) return text;
  const page = NETWORKS[network].page;
  if (!page || text === '') return null;
  const handle = network === 'whatsapp' ? text.replace(/\D/g, '') : text.replace(/^@/, '');
  return page(encodeURIComponent(handle));
}

/** The person's social profiles as icons, in the spec's order; each opens in a new tab where it can. */
export function SocialLinks({ social }: { social: Record<string, string> }) {
  const present = SOCIAL_NETWORKS.filter((network) => social[network]?.trim());
  if (present.length === 0) return null;
  return (
    <Group gap={2} wrap="nowrap">
      {present.map((network) => {
        const value = social[network] as string;
        const { label, icon: Icon } = NETWORKS[network];
        const href = socialHref(network, value);
        const name = `${label}: ${value}`;
        return (
          <Tooltip key={network} label={name} withArrow>
            {href ? (
              <ActionIcon
                component="a"
                href={href}
                target="_blank"
                rel="noopener noreferrer"
                aria-label={name}
                variant="subtle"
                color="gray"
                size="sm"
              >
                <Icon size={16} aria-hidden />
              </ActionIcon>
            ) : (
              // No page to open: the handle is shown on hover and read out, not offered as a link.
              <Box component="span" role="img" aria-label={name} c="dimmed" display="inline-flex" p={4}>
                <Icon size={16} aria-hidden />
              </Box>
            )}
          </Tooltip>
        );
      })}
    </Group>
  );
}
