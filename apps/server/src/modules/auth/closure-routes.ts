import { accountClosureAdminEndpoints, accountControlEndpoints, type ClosureBalance } from '@croupier/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../http/endpoint';
import { AppError } from '../../lib/errors';
import type { ClosureService } from './closure';
import { playerOf, type AuthGuards } from './guards';
import { limitText, rateLimit } from './routes';

/** Closure requests per client IP: the password check is also counted by the account lockout. */
export const CLOSURE_RATE_LIMIT = { max: 10, timeWindowMs: 10 * 60_000 } as const;

/** The player's closure request and the operator's list of them. */
export const closureRoutes: FastifyPluginAsyncZod<{
  closures: ClosureService;
  guards: AuthGuards;
  /** The balances to record (the wallet's, handed over by app.ts). */
  balancesOf: (playerId: string) => Promise<ClosureBalance[]>;
  /** Whether the request carries the operator's key (X-Admin-Key). */
  isOperator: (request: FastifyRequest) => boolean;
}> = async (app, { closures, guards, balancesOf, isOperator }) => {
  app.addHook('onRequest', async (_request, reply) => {
    void reply.header('cache-control', 'no-store');
  });

  route(
    app,
    accountControlEndpoints.closeAccount,
    {
      onRequest: guards.requirePlayer,
      config: rateLimit(CLOSURE_RATE_LIMIT),
      tags: ['profile'],
      summary: 'Closes the player’s account',
      description:
        'Bearer. `password` (the current one), `reason` and an optional `comment`. The account is closed at once: ' +
        'every session ends (the token of this call too, and the games they launched), and every sign-in answers ' +
        '403 with code 11007 from then on. The real-money balances at that moment are recorded and paid out by ' +
        'the operator; bonus money is forfeited. 422 on `password` when it is wrong or the account has none; a ' +
        `wrong password counts towards the sign-in lockout (429 while locked). ${limitText(CLOSURE_RATE_LIMIT)}`,
    },
    async (request) => ({ data: await closures.close(playerOf(request), request.body, balancesOf) }),
  );

  route(
    app,
    accountClosureAdminEndpoints.listClosures,
    {
      onRequest: async (request) => {
        if (!isOperator(request)) throw new AppError('UNAUTHENTICATED', 'A valid X-Admin-Key is required.');
      },
      tags: ['admin'],
      summary: 'Closure requests, newest first',
      description:
        'Operator (`X-Admin-Key`). Each with the reason, the player’s e-mail and phone, and the balances at closure ' +
        'that are to be paid out.',
    },
    async (request) => closures.list(request.query),
  );
};
