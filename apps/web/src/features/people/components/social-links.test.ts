import { describe, expect, it } from 'vitest';
import { socialHref } from './social-links';

describe('socialHref', () => {
  it("links a handle to the network's page, and keeps a web address as given", () => {
    expect(socialHref('telegram', '@ada_l')).toBe('https://t.me/ada_l');
    expect(socialHref('whatsapp', '+1 555 0100')).toBe('https://wa.me/15550100');
    expect(socialHref('linkedin', 'https://www.linkedin.com/in/ada')).toBe('https://www.linkedin.com/in/ada');
  });

  it('never makes a link of another scheme, nor for networks without public pages', () => {
    expect(socialHref('fb', 'javascript:alert(1)')).toBe('https://www.facebook.com/javascript%3Aalert(1)');
    expect(socialHref('slack', '@ada')).toBeNull();
    expect(socialHref('skype', 'live:ada')).toBeNull();
  });
});
