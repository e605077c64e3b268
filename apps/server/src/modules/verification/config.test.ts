import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';

/** Production's other needs (mail, JWT key, public URL, SMS gateway), so that only ours are named. */
const PRODUCTION = {
  NODE_ENV: 'production',
  SMTP_URL: 'smtp://mail.example:587',
  JWT_SECRET: 'j'.repeat(48),
  PUBLIC_URL: 'https://casino.example',
  SMS_GATEWAY_URL: 'https://sms.example/send',
};
const SUMSUB = {
  SUMSUB_APP_TOKEN: 'sbx:app-token',
  SUMSUB_SECRET_KEY: 'secret-key-value',
  SUMSUB_WEBHOOK_SECRET: 'w'.repeat(24),
};

describe('the verification settings', () => {
  it('use the sandbox outside production, with the rules off', () => {
    expect(loadConfig({}).verification).toEqual({
      sumsub: undefined,
      sandbox: { webhookSecret: 'croupier-sandbox-kyc-development-secret' },
      withdrawalThresholdBase: undefined,
      depositsThresholdBase: undefined,
    });
    expect(loadConfig({ VERIFICATION_SANDBOX: 'false' }).verification.sandbox).toBeUndefined();
  });

  it('read the hosted provider and the thresholds', () => {
    const config = loadConfig({
      ...SUMSUB,
      SUMSUB_BASE_URL: 'https://api.sumsub.com/',
      VERIFICATION_WITHDRAWAL_THRESHOLD: '2000',
      VERIFICATION_DEPOSITS_THRESHOLD: '1500.5',
    }).verification;
    expect(config.sumsub).toEqual({
      baseUrl: 'https://api.sumsub.com',
      appToken: 'sbx:app-token',
      secretKey: 'secret-key-value',
      webhookSecret: 'w'.repeat(24),
      levelName: 'basic-kyc-level',
      tokenTtlSeconds: 1800,
      timeoutMs: 10_000,
    });
    expect(config.withdrawalThresholdBase).toBe(2000);
    expect(config.depositsThresholdBase).toBe(1500.5);
  });

  it('refuse half a provider configuration anywhere', () => {
    expect(() => loadConfig({ SUMSUB_APP_TOKEN: 'sbx:app-token' })).toThrow(
      /SUMSUB_APP_TOKEN, SUMSUB_SECRET_KEY, SUMSUB_WEBHOOK_SECRET: set all three or none/,
    );
    expect(() => loadConfig({ VERIFICATION_WITHDRAWAL_THRESHOLD: '-1' })).toThrow(/VERIFICATION_WITHDRAWAL_THRESHOLD/);
  });

  it('in production: no sandbox, thresholds only with the provider, https only', () => {
    const production = loadConfig(PRODUCTION).verification;
    expect(production.sandbox).toBeUndefined();
    expect(production.sumsub).toBeUndefined();
    expect(() => loadConfig({ ...PRODUCTION, VERIFICATION_SANDBOX: 'true' })).toThrow(
      /VERIFICATION_SANDBOX: the sandbox verification provider is not allowed in production/,
    );
    expect(() => loadConfig({ ...PRODUCTION, VERIFICATION_DEPOSITS_THRESHOLD: '1000' })).toThrow(
      /VERIFICATION_\*_THRESHOLD: needs the verification provider/,
    );
    expect(() => loadConfig({ ...PRODUCTION, ...SUMSUB, SUMSUB_BASE_URL: 'http://api.sumsub.com' })).toThrow(
      /SUMSUB_BASE_URL: must be https in production/,
    );
    const configured = loadConfig({ ...PRODUCTION, ...SUMSUB, VERIFICATION_DEPOSITS_THRESHOLD: '1000' }).verification;
    expect(configured.sumsub?.appToken).toBe('sbx:app-token');
    expect(configured.depositsThresholdBase).toBe(1000);
  });
});
