import { z } from 'zod';
import { dataEnvelope } from '../common/envelope';
import { defineEndpoint } from '../common/endpoint';
import {
  constantsSchema,
  countrySchema,
  currenciesQuerySchema,
  currencySchema,
  localeSchema,
  playerInitSchema,
} from './schemas';

export const settingsEndpoints = {
  listCurrencies: defineEndpoint({
    method: 'GET',
    path: '/api/settings/currencies',
    access: 'guest',
    query: currenciesQuerySchema,
    response: dataEnvelope(z.array(currencySchema)),
  }),
  listLocales: defineEndpoint({
    method: 'GET',
    path: '/api/settings/locales',
    access: 'guest',
    response: dataEnvelope(z.array(localeSchema)),
  }),
  listCountries: defineEndpoint({
    method: 'GET',
    path: '/api/settings/countries',
    access: 'guest',
    response: dataEnvelope(z.array(countrySchema)),
  }),
  constants: defineEndpoint({
    method: 'GET',
    path: '/api/settings/constants',
    access: 'guest',
    response: dataEnvelope(constantsSchema),
  }),
  /** Depends on the visitor (country from the request), not on a session. */
  playerInit: defineEndpoint({
    method: 'GET',
    path: '/api/player/init',
    access: 'guest',
    response: dataEnvelope(playerInitSchema),
  }),
};
