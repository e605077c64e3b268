import { accountControlEndpoints } from '@croupier/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../http/endpoint';
import type { AuthenticatedPlayer, AuthGuards } from '../auth';
import { playerOf } from '../auth';
import { exportPlayerData, type PlayerDataSources } from './export';

/** Downloads per client IP: an export reads every list of the player's. */
export const EXPORT_RATE_LIMIT = { max: 10, timeWindowMs: 10 * 60_000 } as const;

/** `GET /api/player/profile/export`: the player's own data as a JSON file. */
export const exportRoutes: FastifyPluginAsyncZod<{
  guards: AuthGuards;
  /** The sources bound to one player (app.ts wires them to the modules' public APIs). */
  sourcesFor: (player: AuthenticatedPlayer) => PlayerDataSources;
}> = async (app, { guards, sourcesFor }) => {
  route(
    app,
    accountControlEndpoints.exportData,
    {
      onRequest: guards.requirePlayer,
      config: { rateLimit: { max: EXPORT_RATE_LIMIT.max, timeWindow: EXPORT_RATE_LIMIT.timeWindowMs } },
      tags: ['profile'],
      summary: 'Downloads the player’s own data as JSON',
      description:
        'Bearer. Profile, accounts and balances, sessions, payments (invoices), bonuses, casino rounds with a ' +
        'summary per currency, and the documents sent for identity checks (what is kept of them, not the files), ' +
        'each list newest first and at most 5,000 items (`truncated` names a list that had ' +
        'more). Sent as an attachment (`croupier-data-<date>.json`), never cached. At most ' +
        `${EXPORT_RATE_LIMIT.max} per client IP in ${EXPORT_RATE_LIMIT.timeWindowMs / 60_000} minutes (429, code 1007).`,
    },
    async (request, reply) => {
      const player = playerOf(request);
      const data = await exportPlayerData(sourcesFor(player));
      void reply
        .header('cache-control', 'private, no-store')
        .header('content-disposition', `attachment; filename="croupier-data-${data.exportedAt.slice(0, 10)}.json"`);
      return { data };
    },
  );
};
