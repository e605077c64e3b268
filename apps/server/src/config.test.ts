import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';
import { repoRoot } from './paths';

describe('loadConfig', () => {
  it('has working defaults for the embedded setup', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      env: 'development',
      host: '127.0.0.1',
      port: 3000,
      seedOnStart: true,
      redisUrl: undefined,
    });
    expect(config.database).toEqual({ url: undefined, poolMax: 20, dataDir: path.join(repoRoot, 'data') });
    expect(config.geo).toEqual({
      countryHeader: 'cf-ipcountry',
      clientIpHeader: 'cf-connecting-ip',
      countryOverride: undefined,
    });
    expect(config.features.sportsbook).toBeUndefined();
    expect(config.features.socialAuth).toEqual(['auth0', 'telegram']);
  });

  it('reads and normalises values', () => {
    const config = loadConfig(
      {
        PORT: '8080',
        DATABASE_URL: 'postgres://u@db:5432/casino',
        GEO_COUNTRY: 'br',
        GEO_COUNTRY_HEADER: 'X-Country',
        SEED_ON_START: 'false',
        SPORTSBOOK_CLIENT_HOST: 'https://sb.example',
        SPORTSBOOK_CLIENT_ID: 'abc',
        DATA_DIR: 'var/db',
      },
      '/srv/app',
    );
    expect(config.port).toBe(8080);
    expect(config.database.url).toBe('postgres://u@db:5432/casino');
    expect(config.database.dataDir).toBe('/srv/app/var/db');
    expect(config.geo.countryOverride).toBe('BR');
    expect(config.geo.countryHeader).toBe('x-country');
    expect(config.seedOnStart).toBe(false);
    expect(config.features.sportsbook).toEqual({ clientHost: 'https://sb.example', clientId: 'abc' });
  });

  it('treats empty strings as unset', () => {
    expect(loadConfig({ DATABASE_URL: '', PORT: '' }).database.url).toBeUndefined();
  });

  it('names every bad variable in one clear error', () => {
    let error: unknown;
    try {
      loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', GEO_COUNTRY: 'Germany', SEED_ON_START: 'maybe' });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as Error).message;
    for (const name of ['PORT', 'DATABASE_URL', 'GEO_COUNTRY', 'SEED_ON_START']) expect(message).toContain(name);
  });

  it('refuses the geo override in production', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', GEO_COUNTRY: 'DE' })).toThrow(/not allowed in production/);
  });

  it('sends e-mail to the dev outbox by default and needs SMTP_URL in production', () => {
    expect(loadConfig({}).mail).toEqual({
      smtpUrl: undefined,
      from: 'Croupier <no-reply@croupier.example>',
      supportEmail: 'support@croupier.example',
    });
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/SMTP_URL: required in production/);
    const production = loadConfig({
      NODE_ENV: 'production',
      SMTP_URL: 'smtps://mailer:s%40cret@smtp.example:465',
      MAIL_FROM: 'noreply@casino.example',
      SUPPORT_EMAIL: 'help@casino.example',
    });
    expect(production.mail).toEqual({
      smtpUrl: 'smtps://mailer:s%40cret@smtp.example:465',
      from: 'noreply@casino.example',
      supportEmail: 'help@casino.example',
    });
  });

  it('names every production problem at once', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', GEO_COUNTRY: 'DE' })).toThrow(/GEO_COUNTRY[^]*SMTP_URL/);
  });

  it('refuses malformed mail settings', () => {
    let error: unknown;
    try {
      loadConfig({ SMTP_URL: 'http://smtp.example', MAIL_FROM: 'not an address', SUPPORT_EMAIL: 'nobody' });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    for (const name of ['SMTP_URL', 'MAIL_FROM', 'SUPPORT_EMAIL']) expect((error as Error).message).toContain(name);
    expect(loadConfig({ MAIL_FROM: '"Croupier Casino" <mail@casino.example>' }).mail.from).toBe(
      '"Croupier Casino" <mail@casino.example>',
    );
  });
});
