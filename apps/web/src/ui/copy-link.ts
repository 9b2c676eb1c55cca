import { notifications } from '@mantine/notifications';

/**
 * Copies `url` and says 'Link copied!' (bottom-right for 3 s, as the app's Notifications provider is set up).
 * A refused clipboard (no permission, not a secure context) is only logged: the spec shows nothing then.
 */
export async function copyLink(url: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(url);
  } catch (error) {
    console.warn('Could not copy the link', error);
    return;
  }
  // A fixed id keeps repeated clicks to one notice instead of a pile of them.
  notifications.show({ id: 'link-copied', message: 'Link copied!' });
}
