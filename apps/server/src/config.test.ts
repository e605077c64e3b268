import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, siteUrlOf } from './config';
import { repoRoot } from './paths';

/** What production needs besides mail: a JWT key, the public URL for links, an SMS gateway. */
const PRODUCTION_REQUIRED = {
  JWT_SECRET: 'j'.repeat(48),
  PUBLIC_URL: 'https://casino.example',
  SMS_GATEWAY_URL: 'https://sms.example/send',
};

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
      ...PRODUCTION_REQUIRED,
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

  it('has documented session lifetimes and reads the auth and SMS settings', () => {
    expect(loadConfig({}).auth).toEqual({
      jwtSecret: undefined,
      accessTokenTtlSeconds: 900,
      sessionIdleTtlSeconds: 7 * 86_400,
      sessionAbsoluteTtlSeconds: 30 * 86_400,
    });
    expect(loadConfig({}).sms).toEqual({ gatewayUrl: undefined, gatewayToken: undefined, sender: 'Croupier' });
    const custom = loadConfig({
      JWT_SECRET: 's'.repeat(32),
      ACCESS_TOKEN_TTL_SECONDS: '300',
      SESSION_IDLE_TTL_SECONDS: '3600',
      SESSION_ABSOLUTE_TTL_SECONDS: '86400',
      SMS_GATEWAY_URL: 'https://sms.example/v1/messages',
      SMS_GATEWAY_TOKEN: 'tkn',
      SMS_SENDER: 'Casino',
    });
    expect(custom.auth).toEqual({
      jwtSecret: 's'.repeat(32),
      accessTokenTtlSeconds: 300,
      sessionIdleTtlSeconds: 3600,
      sessionAbsoluteTtlSeconds: 86_400,
    });
    expect(custom.sms).toEqual({
      gatewayUrl: 'https://sms.example/v1/messages',
      gatewayToken: 'tkn',
      sender: 'Casino',
    });
  });

  it('refuses weak or inconsistent auth settings', () => {
    expect(() => loadConfig({ JWT_SECRET: 'short' })).toThrow(/JWT_SECRET: must be at least 32 characters/);
    expect(() => loadConfig({ SMS_GATEWAY_URL: 'ftp://sms.example' })).toThrow(/SMS_GATEWAY_URL/);
    expect(() => loadConfig({ SESSION_IDLE_TTL_SECONDS: '90000', SESSION_ABSOLUTE_TTL_SECONDS: '86400' })).toThrow(
      /SESSION_IDLE_TTL_SECONDS: must not exceed/,
    );
    expect(() => loadConfig({ ACCESS_TOKEN_TTL_SECONDS: '3600', SESSION_IDLE_TTL_SECONDS: '3600' })).toThrow(
      /ACCESS_TOKEN_TTL_SECONDS: must be shorter/,
    );
  });

  it('needs a JWT secret, the public URL and an SMS gateway (while phone flows are on) in production', () => {
    const mail = { NODE_ENV: 'production', SMTP_URL: 'smtp://mail.example:587' };
    expect(() => loadConfig(mail)).toThrow(/JWT_SECRET: required[^]*PUBLIC_URL: required[^]*SMS_GATEWAY_URL: required/);
    const { SMS_GATEWAY_URL: _gateway, ...withoutSms } = PRODUCTION_REQUIRED;
    expect(loadConfig({ ...mail, ...withoutSms, REGISTRATION_PHONE: 'false' }).isProduction).toBe(true);
    expect(loadConfig({ ...mail, ...PRODUCTION_REQUIRED }).isProduction).toBe(true);
  });

  it('runs the in-house games in process unless their remote wallet is set, URL and secret together', () => {
    expect(loadConfig({}).originals.remoteWallet).toBeUndefined();
    expect(
      loadConfig({ ORIGINALS_WALLET_URL: 'http://127.0.0.1:3000/', ORIGINALS_WALLET_SECRET: 's'.repeat(16) }).originals
        .remoteWallet,
    ).toEqual({ url: 'http://127.0.0.1:3000', secret: 's'.repeat(16), timeoutMs: 5000 });
    expect(() => loadConfig({ ORIGINALS_WALLET_URL: 'http://127.0.0.1:3000' })).toThrow(
      /ORIGINALS_WALLET_URL, ORIGINALS_WALLET_SECRET: set both or neither/,
    );
    expect(() => loadConfig({ ORIGINALS_WALLET_URL: 'ftp://wallet', ORIGINALS_WALLET_SECRET: 's'.repeat(16) })).toThrow(
      /ORIGINALS_WALLET_URL: must be an http\(s\) URL/,
    );
    const production = { NODE_ENV: 'production', SMTP_URL: 'smtp://mail.example:587', ...PRODUCTION_REQUIRED };
    expect(() =>
      loadConfig({
        ...production,
        ORIGINALS_WALLET_URL: 'http://wallet.internal',
        ORIGINALS_WALLET_SECRET: 's'.repeat(16),
      }),
    ).toThrow(/ORIGINALS_WALLET_URL: must be https in production[^]*ORIGINALS_WALLET_SECRET: must be at least 32/);
  });

  it('keeps documents in the local directory unless an S3-compatible store is fully set', () => {
    expect(loadConfig({}).documents.s3).toBeUndefined();
    const s3 = {
      DOCUMENTS_S3_ENDPOINT: 'http://127.0.0.1:9000',
      DOCUMENTS_S3_BUCKET: 'croupier-documents',
      DOCUMENTS_S3_ACCESS_KEY_ID: 'AKIDEXAMPLE',
      DOCUMENTS_S3_SECRET_ACCESS_KEY: 's'.repeat(40),
    };
    expect(loadConfig(s3).documents.s3).toEqual({
      endpoint: 'http://127.0.0.1:9000',
      bucket: 'croupier-documents',
      region: 'us-east-1',
      accessKeyId: 'AKIDEXAMPLE',
      secretAccessKey: 's'.repeat(40),
      pathStyle: true,
      timeoutMs: 30_000,
    });
    expect(
      loadConfig({ ...s3, DOCUMENTS_S3_REGION: 'eu-central-1', DOCUMENTS_S3_PATH_STYLE: 'false' }).documents.s3,
    ).toMatchObject({ region: 'eu-central-1', pathStyle: false });
    expect(() => loadConfig({ DOCUMENTS_S3_ENDPOINT: s3.DOCUMENTS_S3_ENDPOINT })).toThrow(/set all four or none/);
    expect(() => loadConfig({ ...s3, DOCUMENTS_S3_BUCKET: 'Bad_Bucket' })).toThrow(/DOCUMENTS_S3_BUCKET: must be/);
    expect(() => loadConfig({ ...s3, DOCUMENTS_S3_ENDPOINT: 'http://127.0.0.1:9000/bucket' })).toThrow(
      /DOCUMENTS_S3_ENDPOINT: must be the store’s address without a path/,
    );
    const production = { NODE_ENV: 'production', SMTP_URL: 'smtp://mail.example:587', ...PRODUCTION_REQUIRED };
    expect(() => loadConfig({ ...production, ...s3 })).toThrow(/DOCUMENTS_S3_ENDPOINT: must be https in production/);
  });
});

describe('GAME_FRAME_ANCESTORS', () => {
  it('lets only the site itself embed the game frame by default', () => {
    expect(loadConfig({}).gameFrameAncestors).toEqual([]);
  });

  it('reads origins, normalised and without duplicates', () => {
    expect(
      loadConfig({
        GAME_FRAME_ANCESTORS: ' https://Casino.example/ , http://localhost:5173,https://casino.example:443',
      }).gameFrameAncestors,
    ).toEqual(['https://casino.example', 'http://localhost:5173']);
  });

  it('names every entry that is not an origin, and plain http in production', () => {
    for (const bad of [
      'casino.example',
      'https://casino.example/play',
      'https://*.casino.example',
      'ftp://x.example',
      "'self'",
      'https://a.example?x=1',
      'https://user@a.example',
    ]) {
      expect(() => loadConfig({ GAME_FRAME_ANCESTORS: bad }), bad).toThrow(
        /GAME_FRAME_ANCESTORS: ".*" is not an origin \(scheme:\/\/host\[:port\], e\.g\. https:\/\/casino\.example\)/,
      );
    }
    expect(() => loadConfig({ GAME_FRAME_ANCESTORS: 'https://a.example,nope,https://b.example/x' })).toThrow(
      /"nope" is not an origin[^]*"https:\/\/b\.example\/x" is not an origin/,
    );
    const production = { NODE_ENV: 'production', SMTP_URL: 'smtp://mail.example:587', ...PRODUCTION_REQUIRED };
    expect(() => loadConfig({ ...production, GAME_FRAME_ANCESTORS: 'http://front.example' })).toThrow(
      /GAME_FRAME_ANCESTORS: "http:\/\/front\.example" must be https in production/,
    );
    expect(loadConfig({ ...production, GAME_FRAME_ANCESTORS: 'https://front.example' }).gameFrameAncestors).toEqual([
      'https://front.example',
    ]);
  });
});

describe('siteUrl', () => {
  it('is PUBLIC_URL without its trailing slash', () => {
    expect(loadConfig({ PUBLIC_URL: 'https://casino.example/' }).siteUrl).toBe('https://casino.example');
  });

  it('is the listening address without PUBLIC_URL, so banner and e-mailed links agree', () => {
    expect(loadConfig({ HOST: '127.0.0.1', PORT: '3000' }).siteUrl).toBe('http://127.0.0.1:3000');
    expect(siteUrlOf(undefined, '0.0.0.0', 8080)).toBe('http://localhost:8080');
    expect(siteUrlOf(undefined, '::1', 8080)).toBe('http://[::1]:8080');
  });
});
