import { walletEndpoints } from '@croupier/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../http/endpoint';
import type { AuthGuards } from '../auth';
import { playerOf } from '../auth';
import { SANDBOX_MAX_FUNDING, type SandboxFunding } from './sandbox';

/**
 * The ledger's sandbox control, registered outside production only: a signed-in player
 * tops up one of their accounts with play money (the path is a 404 in production).
 */
export const walletDevRoutes: FastifyPluginAsyncZod<{ sandbox: SandboxFunding; guards: AuthGuards }> = async (
  app,
  { sandbox, guards },
) => {
  route(
    app,
    walletEndpoints.devFundAccount,
    {
      onRequest: guards.requirePlayer,
      tags: ['dev'],
      summary: 'Sandbox: credits play money to one of your accounts (not in production)',
      description:
        `Major units of the account currency, at most ${SANDBOX_MAX_FUNDING} per call. A retry with the same ` +
        '`Idempotency-Key` header gets the first answer (`replayed: true`) and credits nothing; the same key with ' +
        'another amount is a 409. 422 for a bad amount, 404 for an account that is not yours.',
    },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      const data = await sandbox.fund({
        playerId: playerOf(request).id,
        accountId: request.params.accountId,
        amount: request.body.amount,
        idempotencyKey: request.headers['idempotency-key'],
      });
      return { data };
    },
  );
};
