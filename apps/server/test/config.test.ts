import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config';

describe('configuration from the environment', () => {
  it('defaults to port 3000, ./data, the embedded database, mail to the log and the demo company', () => {
    expect(loadConfig({})).toEqual({
      port: 3000,
      dataDir: './data',
      databaseUrl: undefined,
      smtpUrl: undefined,
      mailFrom: 'Atrium <no-reply@localhost>',
      appUrl: 'http://localhost:3000',
      demo: true,
      logLevel: 'info',
      secureCookies: false,
    });
  });

  it('treats an empty variable as unset', () => {
    expect(loadConfig({ DATABASE_URL: '', PORT: '' }).databaseUrl).toBeUndefined();
  });

  it('reads every variable', () => {
    const config = loadConfig({
      PORT: '8080',
      DATA_DIR: '/var/lib/atrium',
      DATABASE_URL: 'postgres://atrium@db:5432/atrium',
      SMTP_URL: 'smtps://user:pass@mail.example.com:465',
      MAIL_FROM: 'Portal <portal@example.com>',
      APP_URL: 'https://portal.example.com/',
      DEMO: '0',
      LOG_LEVEL: 'warn',
    });
    expect(config).toMatchObject({
      port: 8080,
      dataDir: '/var/lib/atrium',
      databaseUrl: 'postgres://atrium@db:5432/atrium',
      appUrl: 'https://portal.example.com',
      demo: false,
      logLevel: 'warn',
      secureCookies: true,
    });
  });

  it.each([
    ['PORT', 'abc'],
    ['PORT', '70000'],
    ['DATABASE_URL', 'mysql://localhost/db'],
    ['SMTP_URL', 'localhost:25'],
    ['MAIL_FROM', 'Atrium'],
    ['MAIL_FROM', 'Atrium <no-reply>'],
    ['APP_URL', 'portal.example.com'],
    ['DEMO', 'yes'],
    ['LOG_LEVEL', 'loud'],
  ])('refuses a bad %s (%s) with a message naming it', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ [name]: value })).toThrow(new RegExp(`${name}: `));
  });

  it('names every bad variable at once', () => {
    expect(() => loadConfig({ PORT: '0', DEMO: '2' })).toThrow(/PORT: .*\n.*DEMO: /s);
  });
});
