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
});
