import { settingsEndpoints } from '@croupier/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../http/endpoint';
import { visitorCountry } from '../../http/geo';
import { sendCachedData } from '../../http/json-cache';
import type { Config } from '../../config';
import type { SettingsService } from './service';

/** Settings lists are public and change rarely: let browsers and CDNs keep them briefly. */
const PUBLIC_CACHE = 'public, max-age=60, stale-while-revalidate=600';

export const settingsRoutes: FastifyPluginAsyncZod<{ settings: SettingsService; config: Config }> = async (
  app,
  { settings, config },
) => {
  route(
    app,
    settingsEndpoints.listCurrencies,
    {
      tags: ['settings'],
      summary: 'Currencies with rates; visible=1 keeps the ones shown to players',
    },
    async (request, reply) =>
      sendCachedData(
        request,
        reply,
        await settings.listCurrencies({ visibleOnly: request.query.visible === '1' }),
        PUBLIC_CACHE,
      ),
  );

  route(
    app,
    settingsEndpoints.listLocales,
    {
      tags: ['settings'],
      summary: 'Site locales; exactly one is the default',
    },
    async (request, reply) => sendCachedData(request, reply, await settings.listLocales(), PUBLIC_CACHE),
  );

  route(
    app,
    settingsEndpoints.listCountries,
    {
      tags: ['settings'],
      summary: 'All ISO countries with locale, currency and restriction',
    },
    async (request, reply) => sendCachedData(request, reply, await settings.listCountries(), PUBLIC_CACHE),
  );

  route(
    app,
    settingsEndpoints.constants,
    {
      tags: ['settings'],
      summary: 'Every enumeration the client needs',
    },
    async (request, reply) => sendCachedData(request, reply, settings.getConstants(), PUBLIC_CACHE),
  );

  route(
    app,
    settingsEndpoints.playerInit,
    {
      tags: ['settings'],
      summary: "What the client needs at start: the visitor's country, its restriction and locale, feature flags",
    },
    async (request, reply) => {
      // Depends on the visitor's headers: never cache it in a shared cache.
      void reply.header('cache-control', 'private, no-store');
      return { data: await settings.playerInit(visitorCountry(request, config)) };
    },
  );
};
