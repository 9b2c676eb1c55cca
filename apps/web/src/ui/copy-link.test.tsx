import { notifications } from '@mantine/notifications';
import { act, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { copyLink } from './copy-link';
import { renderUi } from './test-utils';

const URL = 'https://atrium.test/people?profile=7';

// After renderUi: user-event's setup puts its own clipboard stub on navigator.
function stubClipboard(writeText: (text: string) => Promise<void>) {
  const spy = vi.fn(writeText);
  vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText: spy } });
  return spy;
}

describe('copyLink', () => {
  // Mantine keeps notifications in a module-wide store, which outlives each test's render.
  beforeEach(() => notifications.clean());

  it('writes the link to the clipboard and says so', async () => {
    renderUi(<div />);
    const writeText = stubClipboard(async () => {});

    await act(() => copyLink(URL));

    expect(writeText).toHaveBeenCalledWith(URL);
    expect(await screen.findByText('Link copied!')).toBeInTheDocument();
  });

  it('only logs a warning when the clipboard refuses', async () => {
    renderUi(<div />);
    stubClipboard(async () => {
      throw new DOMException('Write permission denied.', 'NotAllowedError');
    });
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});

    await act(() => copyLink(URL));

    expect(warn).toHaveBeenCalledWith('Could not copy the link', expect.any(DOMException));
    expect(screen.queryByText('Link copied!')).not.toBeInTheDocument();
  });

  it('treats a browser without a clipboard like a refusal', async () => {
    renderUi(<div />);
    vi.stubGlobal('navigator', { ...navigator, clipboard: undefined });
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});

    await act(() => copyLink(URL));

    expect(warn).toHaveBeenCalledOnce();
    expect(screen.queryByText('Link copied!')).not.toBeInTheDocument();
  });
});
