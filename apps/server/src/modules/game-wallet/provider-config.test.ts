import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config';
import { providerAccess } from './index';

/** What production needs besides the game providers (see config.test.ts). */
const PRODUCTION = {
  NODE_ENV: 'production',
  JWT_SECRET: 'j'.repeat(48),
  PUBLIC_URL: 'https://casino.example',
  SMS_GATEWAY_URL: 'https://sms.example/send',
  SMTP_URL: 'smtp://mail.example:587',
};

function problemsOf(env: Record<string, string>): string {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.message;
    throw error;
  }
  return '';
}

describe('game provider configuration', () => {
  it('reads each listed provider with its own secret and allow-list', () => {
    const config = loadConfig({
      GAME_PROVIDERS: 'northern-lights, golden-koi',
      GAME_PROVIDER_NORTHERN_LIGHTS_SECRET: 'n'.repeat(40),
      GAME_PROVIDER_NORTHERN_LIGHTS_ALLOW_IPS: '10.0.0.1, 2001:db8::1',
      GAME_PROVIDER_GOLDEN_KOI_SECRET: 'g'.repeat(16),
    });
    expect(config.gameProviders.access).toEqual([
      { provider: 'northern-lights', secret: 'n'.repeat(40), allowIps: ['10.0.0.1', '2001:db8::1'] },
      { provider: 'golden-koi', secret: 'g'.repeat(16), allowIps: [] },
    ]);
    expect(config.gameProviders.sandbox?.secret).toMatch(/.{16,}/);
  });

  it('names a missing secret, a bad address, a secret of an unlisted provider and a bad list', () => {
    const message = problemsOf({
      GAME_PROVIDERS: 'northern-lights,red-mesa',
      GAME_PROVIDER_NORTHERN_LIGHTS_ALLOW_IPS: '10.0.0.1,not-an-ip',
      GAME_PROVIDER_RED_MESA_SECRET: 'short',
      GAME_PROVIDER_SUNSPIRE_SECRET: 's'.repeat(40),
    });
    expect(message).toContain('GAME_PROVIDER_NORTHERN_LIGHTS_SECRET: required for northern-lights');
    expect(message).toContain('GAME_PROVIDER_NORTHERN_LIGHTS_ALLOW_IPS: not-an-ip is not an IP address');
    expect(message).toContain('GAME_PROVIDER_RED_MESA_SECRET: must be at least 16 characters');
    expect(message).toContain('GAME_PROVIDER_SUNSPIRE_SECRET: its provider is not listed in GAME_PROVIDERS');
    expect(problemsOf({ GAME_PROVIDERS: 'Northern Lights' })).toContain('GAME_PROVIDERS: must be catalogue provider');
  });

  it('in production needs 32-character secrets and an allow-list, and has no sandbox', () => {
    const message = problemsOf({
      ...PRODUCTION,
      GAME_PROVIDERS: 'northern-lights',
      GAME_PROVIDER_NORTHERN_LIGHTS_SECRET: 'n'.repeat(31),
    });
    expect(message).toContain('GAME_PROVIDER_NORTHERN_LIGHTS_SECRET: must be at least 32 characters in production');
    expect(message).toContain('GAME_PROVIDER_NORTHERN_LIGHTS_ALLOW_IPS: required in production');
    expect(problemsOf({ ...PRODUCTION, GAME_SANDBOX_PROVIDER: 'true' })).toContain(
      'GAME_SANDBOX_PROVIDER: the sandbox game provider is not allowed in production',
    );
    const config = loadConfig({
      ...PRODUCTION,
      GAME_PROVIDERS: 'northern-lights',
      GAME_PROVIDER_NORTHERN_LIGHTS_SECRET: 'n'.repeat(32),
      GAME_PROVIDER_NORTHERN_LIGHTS_ALLOW_IPS: '198.51.100.7',
    });
    expect(config.gameProviders.sandbox).toBeUndefined();
    const accessOf = providerAccess(config, []);
    expect(accessOf('northern-lights')?.allowIps).toEqual(['198.51.100.7']);
    expect(accessOf('golden-koi')).toBeUndefined();
  });

  it('lets the sandbox answer for unconfigured third-party providers only, from loopback', () => {
    const config = loadConfig({
      GAME_PROVIDERS: 'northern-lights',
      GAME_PROVIDER_NORTHERN_LIGHTS_SECRET: 'n'.repeat(40),
    });
    const accessOf = providerAccess(config, [
      { provider: 'golden-koi', secret: 'k'.repeat(20), allowIps: ['10.1.1.1'] },
    ]);
    expect(accessOf('northern-lights')?.secret).toBe('n'.repeat(40));
    expect(accessOf('golden-koi')).toEqual({ provider: 'golden-koi', secret: 'k'.repeat(20), allowIps: ['10.1.1.1'] });
    expect(accessOf('tidewater')).toMatchObject({ secret: config.gameProviders.sandbox?.secret });
    expect(accessOf('tidewater')?.allowIps).toContain('127.0.0.1');
    expect(accessOf('croupier')).toBeUndefined();
    expect(providerAccess(loadConfig({ GAME_SANDBOX_PROVIDER: 'false' }), [])('tidewater')).toBeUndefined();
  });
});
