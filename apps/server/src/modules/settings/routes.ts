import {
  constantsSchema,
  countrySchema,
  currenciesQuerySchema,
  currencySchema,
  dataEnvelope,
  localeSchema,
  playerInitSchema,
} from '@croupier/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
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
  app.get(
    '/api/settings/currencies',
    {
      schema: {
        tags: ['settings'],
        summary: 'Currencies with rates; visible=1 keeps the ones shown to players',
        querystring: currenciesQuerySchema,
        response: { 200: dataEnvelope(z.array(currencySchema)) },
      },
    },
    async (request, reply) =>
      sendCachedData(
        request,
        reply,
        await settings.listCurrencies({ visibleOnly: request.query.visible === '1' }),
        PUBLIC_CACHE,
      ),
  );

  app.get(
    '/api/settings/locales',
    {
      schema: {
        tags: ['settings'],
        summary: 'Site locales; exactly one is the default',
        response: { 200: dataEnvelope(z.array(localeSchema)) },
      },
    },
    async (request, reply) => sendCachedData(request, reply, await settings.listLocales(), PUBLIC_CACHE),
  );

  app.get(
    '/api/settings/countries',
    {
      schema: {
        tags: ['settings'],
        summary: 'All ISO countries with locale, currency and restriction',
        response: { 200: dataEnvelope(z.array(countrySchema)) },
      },
    },
    async (request, reply) => sendCachedData(request, reply, await settings.listCountries(), PUBLIC_CACHE),
  );

  app.get(
    '/api/settings/constants',
    {
      schema: {
        tags: ['settings'],
        summary: 'Every enumeration the client needs',
        response: { 200: dataEnvelope(constantsSchema) },
      },
    },
    async (request, reply) => sendCachedData(request, reply, settings.getConstants(), PUBLIC_CACHE),
  );

  app.get(
    '/api/player/init',
    {
      schema: {
        tags: ['settings'],
        summary: "What the client needs at start: the visitor's country, its restriction and locale, feature flags",
        response: { 200: dataEnvelope(playerInitSchema) },
      },
    },
    async (request, reply) => {
      // Depends on the visitor's headers: never cache it in a shared cache.
      void reply.header('cache-control', 'private, no-store');
      return { data: await settings.playerInit(visitorCountry(request, config)) };
    },
  );
};
