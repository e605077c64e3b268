import { z } from 'zod';
import { dataEnvelope } from '../common/envelope';
import { defineEndpoint } from '../common/endpoint';
import { createWalletAccountBodySchema, walletAccountParamsSchema, walletAccountSchema } from './schemas';

/** Every answer of the account calls is the player's whole account list. */
const accountsResponse = dataEnvelope(z.array(walletAccountSchema));

export const walletEndpoints = {
  listAccounts: defineEndpoint({
    method: 'GET',
    path: '/api/wallet/accounts',
    access: 'player',
    response: accountsResponse,
  }),
  createAccount: defineEndpoint({
    method: 'POST',
    path: '/api/wallet/accounts',
    access: 'player',
    body: createWalletAccountBodySchema,
    response: accountsResponse,
  }),
  switchAccount: defineEndpoint({
    method: 'PUT',
    path: '/api/wallet/accounts/:accountId/switch',
    access: 'player',
    params: walletAccountParamsSchema,
    response: accountsResponse,
  }),
  hideAccount: defineEndpoint({
    method: 'PUT',
    path: '/api/wallet/accounts/:accountId/hide',
    access: 'player',
    params: walletAccountParamsSchema,
    response: accountsResponse,
  }),
  /** The local sandbox's play-money top-up (outside production only). */
  devFundAccount: defineEndpoint({
    method: 'POST',
    path: '/api/dev/wallet/accounts/:accountId/fund',
    access: 'dev',
    params: walletAccountParamsSchema,
    headers: z.object({
      'idempotency-key': z
        .string()
        .regex(/^[\x21-\x7e]{1,100}$/, { error: 'At most 100 printable characters.' })
        .optional(),
    }),
    body: z.object({ amount: z.unknown().describe('major units (a JSON number)') }),
    response: dataEnvelope(z.object({ account: walletAccountSchema, replayed: z.boolean() })),
  }),
};
