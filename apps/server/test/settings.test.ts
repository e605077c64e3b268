import { constantsSchema, countrySchema, currencySchema, localeSchema, playerInitSchema } from '@croupier/contract';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { useTestServer, withOwnServer } from './fixtures';
import { startTestServer } from './harness';

const t = useTestServer();

async function getData<T extends z.ZodType>(
  url: string,
  schema: T,
  headers: Record<string, string> = {},
): Promise<z.output<T>> {
  const response = await t.app.server.inject({ method: 'GET', url, headers });
  expect(response.statusCode, response.body).toBe(200);
  return schema.parse(response.json<{ data: unknown }>().data);
}

describe('GET /api/settings/currencies', () => {
  it('lists fiat and crypto currencies with one base currency and sub-currencies for BTC and ETH', async () => {
    const currencies = await getData('/api/settings/currencies?visible=1', z.array(currencySchema));
    const codes = currencies.map((c) => c.code);
    for (const code of ['USD', 'EUR', 'BRL', 'CAD', 'BTC', 'ETH', 'USDT', 'LTC', 'TRX']) expect(codes).toContain(code);
    const bases = currencies.filter((c) => c.isBase);
    expect(bases).toHaveLength(1);
    expect(bases[0]?.code).toBe('USD');
    // The base currency's rate equals its subunitToUnit (docs/api.md, Conventions: amounts).
    expect(bases[0]?.rate.rate).toBe(bases[0]?.subunitToUnit);
    const btc = currencies.find((c) => c.code === 'BTC');
    expect(btc).toMatchObject({
      type: 'crypto',
      subunitToUnit: 100_000_000,
      subCurrencies: [{ code: 'mBTC', subunitToUnit: 1000 }],
    });
    expect(currencies.find((c) => c.code === 'ETH')?.subCurrencies).toEqual([{ code: 'mETH', subunitToUnit: 1000 }]);
    expect(currencies.find((c) => c.code === 'EUR')).toMatchObject({ type: 'fiat', subunitToUnit: 100 });
    // 95,000 USD per BTC → one dollar is worth 1052.63… satoshi.
    expect(btc?.rate.rate).toBeCloseTo(100_000_000 / 95_000, 6);
    expect(new Date(btc?.rate.rateTime ?? '').toString()).not.toBe('Invalid Date');
  });

  it('keeps hidden currencies out of visible=1 but lists them without the filter', async () => {
    // The service caches lists briefly, so the change is made on a server of its own.
    await withOwnServer(async (fresh) => {
      // No service hides a currency (the back office will): the row is written here.
      await fresh.db.updateTable('currencies').set({ is_visible: false }).where('code', '=', 'CLP').execute();
      const visible = await fresh.app.server.inject({ url: '/api/settings/currencies?visible=1' });
      expect(visible.json<{ data: { code: string }[] }>().data.map((c) => c.code)).not.toContain('CLP');
      const all = await fresh.app.server.inject({ url: '/api/settings/currencies' });
      expect(all.json<{ data: { code: string }[] }>().data.map((c) => c.code)).toContain('CLP');
    });
  });

  it('refuses a bad visible value with 422 and field errors, not a 500', async () => {
    const response = await t.app.server.inject({ url: '/api/settings/currencies?visible=yes' });
    expect(response.statusCode).toBe(422);
    const body = response.json<{ error: { code: number; fields: Record<string, string[]> } }>();
    expect(body.error.code).toBe(1001);
    expect(body.error.fields.visible?.length).toBeGreaterThan(0);
  });

  it('tells caches the list may be kept briefly', async () => {
    const response = await t.app.server.inject({ url: '/api/settings/currencies?visible=1' });
    expect(response.headers['cache-control']).toContain('max-age=60');
  });
});

describe('GET /api/settings/locales', () => {
  it('lists en, es, pt-BR, de and fr with exactly one default', async () => {
    const locales = await getData('/api/settings/locales', z.array(localeSchema));
    expect(locales.map((l) => l.code)).toEqual(['en', 'es', 'pt-BR', 'de', 'fr']);
    expect(locales.filter((l) => l.isDefault).map((l) => l.code)).toEqual(['en']);
    expect(locales.find((l) => l.code === 'de')?.nativeName).toBe('Deutsch');
  });

  it('refuses a second default locale at the database', async () => {
    // A row no service would write: the database's own check refuses it.
    await expect(
      t.db.updateTable('locales').set({ is_default: true }).where('code', '=', 'de').execute(),
    ).rejects.toThrow();
  });
});

describe('GET /api/settings/countries', () => {
  it('lists every ISO country with locale, currency and restriction', async () => {
    const countries = await getData('/api/settings/countries', z.array(countrySchema));
    expect(countries.length).toBeGreaterThanOrEqual(249);
    const byCode = new Map(countries.map((c) => [c.code, c]));
    expect(byCode.get('BR')).toMatchObject({
      currency: 'BRL',
      locale: 'pt-BR',
      phonePrefix: '55',
      restrict: false,
      restrictType: null,
    });
    expect(byCode.get('DE')).toMatchObject({ currency: 'EUR', locale: 'de', nativeName: 'Deutschland' });
    expect(byCode.get('MX')).toMatchObject({ currency: 'MXN', locale: 'es' });
    expect(byCode.get('CA')).toMatchObject({ currency: 'CAD', locale: 'en' });
    // The client's excluded countries (EXCLUDED_COUNTRY_CODES) exist in the data and are restricted here.
    for (const code of ['US', 'UM', 'GB', 'FR', 'NL', 'AW', 'CW', 'MF']) {
      expect(byCode.get(code)).toMatchObject({ restrict: true, restrictType: 1 });
    }
    expect(byCode.get('AU')).toMatchObject({ restrict: true, restrictType: 2 });
    // Every country's currency and locale are ones the site has.
    const currencies = new Set((await getData('/api/settings/currencies', z.array(currencySchema))).map((c) => c.code));
    for (const country of countries) {
      expect(currencies.has(country.currency), country.code).toBe(true);
      expect(['en', 'es', 'pt-BR', 'de', 'fr']).toContain(country.locale);
    }
  });

  it('orders countries by name', async () => {
    const countries = await getData('/api/settings/countries', z.array(countrySchema));
    const names = countries.map((c) => c.name);
    expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
  });
});

describe('GET /api/settings/constants', () => {
  it('returns every enumeration clients key on, with stable ids', async () => {
    const constants = await getData('/api/settings/constants', constantsSchema);
    expect(constants.payment.invoiceStatuses.map((s) => s.id)).toEqual([1, 2, 3, 4, 5]);
    expect(constants.payment.invoiceTypes.map((s) => s.id)).toEqual([1, 2]);
    expect(constants.player.playerStatuses.find((s) => s.id === 2)?.name).toBe('limited_deposits');
    expect(constants.player.document.status.map((s) => s.name)).toEqual(['approve', 'pending', 'canceled']);
    expect(constants.player.limit.definition.map((s) => s.id)).toEqual([1, 2, 3, 4, 5]);
    expect(constants.player.limit.cashPeriod.map((s) => s.id)).toEqual(['daily', 'weekly', 'monthly']);
    expect(constants.player.limit.selfExclusionPeriod.map((s) => s.id)).toEqual(['6m', '1y', '3y', '5y', 'permanent']);
    expect(constants.player.limit.coolingOffPeriod.map((s) => s.id)).toEqual(['1d', '3d', '1w', '2w', '30d', '6w']);
    expect(constants.game.playerBonus.status.map((s) => s.id)).toEqual([1, 2, 3]);
    expect(constants.game.playerBonus.result.map((s) => s.id)).toEqual([1, 2, 3, 4, 5]);
    expect(constants.game.playerFreespin.result.map((s) => s.id)).toEqual([1, 2, 3, 4]);
    expect(constants.game.bet.status.find((s) => s.id === 1)?.name).toBe('open');
    expect(constants.player.timeZone.some((z) => z.id === 'Europe/Berlin')).toBe(true);
    expect(constants.player.socialAuth).toEqual(['auth0']);
    expect(constants.player.telegram).toBeUndefined();
  });

  it('lists telegram among social providers only when the bot is configured', async () => {
    await withOwnServer(
      {
        TELEGRAM_BOT: 'croupier_bot',
        TELEGRAM_AUTH_URL: 'http://127.0.0.1/api/player/sessions/social/telegram/callback',
      },
      async (configured) => {
        const response = await configured.app.server.inject({ url: '/api/settings/constants' });
        const data = constantsSchema.parse(response.json<{ data: unknown }>().data);
        expect(data.player.socialAuth).toEqual(['auth0', 'telegram']);
        expect(data.player.telegram).toEqual({
          bot: 'croupier_bot',
          auth_url: 'http://127.0.0.1/api/player/sessions/social/telegram/callback',
        });
      },
    );
  });
});

describe('GET /api/player/init', () => {
  it("reads the visitor's country from the edge header and suggests its locale", async () => {
    const init = await getData('/api/player/init', playerInitSchema, { 'cf-ipcountry': 'br' });
    expect(init).toMatchObject({ country: 'BR', restrictType: null, locale: 'pt-BR' });
    expect(init.features).toEqual({
      loyalty: true,
      sportsbook: false,
      chat: false,
      guestChat: false,
      chatWidget: null,
      affiliateCookieDays: 30,
      walletShowFilledFields: false,
    });
  });

  it('reports the restriction of a restricted country', async () => {
    expect(await getData('/api/player/init', playerInitSchema, { 'cf-ipcountry': 'US' })).toMatchObject({
      country: 'US',
      restrictType: 1,
    });
    expect(await getData('/api/player/init', playerInitSchema, { 'cf-ipcountry': 'AU' })).toMatchObject({
      country: 'AU',
      restrictType: 2,
    });
  });

  it('gives no country for a missing, unknown or special header value', async () => {
    for (const headers of [
      {} as Record<string, string>,
      { 'cf-ipcountry': 'XX' },
      { 'cf-ipcountry': 'T1' },
      { 'cf-ipcountry': 'Q' },
      { 'cf-ipcountry': 'ZZ' },
    ]) {
      const init = await getData('/api/player/init', playerInitSchema, headers);
      expect(init.country).toBeNull();
      expect(init.locale).toBe('en');
    }
  });

  it('uses the configured header name and the development override', async () => {
    const custom = await startTestServer({ GEO_COUNTRY_HEADER: 'X-Geo-Country' });
    const overridden = await startTestServer({ GEO_COUNTRY: 'de' });
    try {
      const viaHeader = await custom.app.server.inject({ url: '/api/player/init', headers: { 'x-geo-country': 'FR' } });
      expect(viaHeader.json<{ data: { country: string } }>().data.country).toBe('FR');
      const viaOverride = await overridden.app.server.inject({
        url: '/api/player/init',
        headers: { 'cf-ipcountry': 'BR' },
      });
      expect(viaOverride.json<{ data: { country: string; locale: string } }>().data).toMatchObject({
        country: 'DE',
        locale: 'de',
      });
      expect(viaOverride.headers['cache-control']).toBe('private, no-store');
    } finally {
      await custom.close();
      await overridden.close();
    }
  });
});
