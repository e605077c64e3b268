import { walletEndpoints } from '@croupier/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { allowEmptyJsonBodies } from '../../http/empty-json';
import { route } from '../../http/endpoint';
import type { AuthGuards } from '../auth';
import { playerOf } from '../auth';
import type { WalletAccounts } from './accounts';

/** `GET/POST /api/wallet/accounts`, switch and hide. Every answer is the full list. */
export const walletRoutes: FastifyPluginAsyncZod<{ accounts: WalletAccounts; guards: AuthGuards }> = async (
  app,
  { accounts, guards },
) => {
  // Switch and hide are action calls: clients may send a JSON content type without a body.
  allowEmptyJsonBodies(app);
  app.addHook('onRequest', guards.requirePlayer);
  app.addHook('onRequest', async (_request, reply) => {
    void reply.header('cache-control', 'private, no-store');
  });

  const listDescription =
    'Amounts are major-unit numbers of the account currency. `balance` = `realBalance` + `lockedBalance` + ' +
    '`bonusBalance`; `withdrawalBalance` is the part of `realBalance` that may be withdrawn now. Hidden accounts ' +
    'are left out unless active or holding money.';

  route(
    app,
    walletEndpoints.listAccounts,
    {
      tags: ['wallet'],
      summary: "The player's accounts, one per currency; the active one has status 1",
      description: `${listDescription} A player without accounts gets the account of their registration currency (or of the base currency), active.`,
    },
    async (request) => ({ data: await accounts.listAccounts(playerOf(request).id) }),
  );

  route(
    app,
    walletEndpoints.createAccount,
    {
      tags: ['wallet'],
      summary: 'Opens the account of a currency (or shows a hidden one again)',
      description:
        `${listDescription} Answers the full list. It does not switch: a client that selects a currency without ` +
        'an account creates it here and then switches to it. An existing account is kept as it is. 422 on ' +
        '`currency` for a currency the site does not offer.',
    },
    async (request) => ({ data: await accounts.createAccount(playerOf(request).id, request.body.currency) }),
  );

  route(
    app,
    walletEndpoints.switchAccount,
    {
      tags: ['wallet'],
      summary: 'Makes an account the active one',
      description: `${listDescription} A hidden account is shown again. 404 for an id that is not one of the player's accounts.`,
    },
    async (request) => ({ data: await accounts.switchAccount(playerOf(request).id, request.params.accountId) }),
  );

  route(
    app,
    walletEndpoints.hideAccount,
    {
      tags: ['wallet'],
      summary: 'Hides an account from the list',
      description:
        `${listDescription} 409 for the active account and for an account that holds money; 404 for an id that ` +
        "is not one of the player's accounts. Opening the currency again (POST) or switching to it shows it again.",
    },
    async (request) => ({ data: await accounts.hideAccount(playerOf(request).id, request.params.accountId) }),
  );
};
