import { GAME_SESSION_HEADER, sportsbookBettingEndpoints } from '@croupier/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../../http/endpoint';
import type { Betting } from './service';

const tags = ['sportsbook'];
const PRIVATE = 'private, no-store';

/**
 * Betting (docs/sportsbook.md, "Betting API"): the sportsbook client presents the token of
 * the sportsbook game's play response in `X-Game-Session`, like a game frame.
 */
export const bettingRoutes: FastifyPluginAsyncZod<{ betting: Betting }> = async (app, { betting }) => {
  route(
    app,
    sportsbookBettingEndpoints.session,
    {
      tags,
      summary: 'The sportsbook session: currency, balance, stake bounds and the live-bet delay',
      description: '401 when the token is unknown, expired or not the sportsbook game’s; 403 for a demo session.',
    },
    async (request, reply) => {
      void reply.header('cache-control', PRIVATE);
      return { data: await betting.session(request.headers[GAME_SESSION_HEADER]) };
    },
  );

  route(
    app,
    sportsbookBettingEndpoints.placeTicket,
    {
      tags,
      summary: 'Places a single or an accumulator',
      description:
        'The stake is taken through the game wallet as the bet of the ticket’s round. A live selection waits the ' +
        'live-bet delay, then every price is checked again under the odds policy (`any`, `higher`, `none` = ask): ' +
        '17002 when a change is refused, 17001 when a market is suspended or closed, 17003/17004 outside the stake ' +
        'bounds, 17005 over the event’s liability limit, 17006 for two selections on one event. A repeated ' +
        '`requestId` answers the same ticket (1006 when the body differs). Player limits and bonus terms refuse ' +
        'with their own codes (14100, 14101, 13201, …).',
    },
    async (request, reply) => {
      void reply.header('cache-control', PRIVATE);
      return { data: await betting.place(request.headers[GAME_SESSION_HEADER], request.body) };
    },
  );

  route(
    app,
    sportsbookBettingEndpoints.listTickets,
    {
      tags,
      summary: 'The player’s tickets, newest first: open ones with their cash-out offer, or settled ones',
    },
    async (request, reply) => {
      void reply.header('cache-control', PRIVATE);
      return betting.list(request.headers[GAME_SESSION_HEADER], request.query);
    },
  );

  route(
    app,
    sportsbookBettingEndpoints.cashOut,
    {
      tags,
      summary: 'Cashes out an open ticket at the offer seen, or a better one',
      description:
        'The offer is priced again from the current odds less the margin: 17008 when it is now lower than ' +
        '`amount`, 17007 when there is none (a market suspended, a leg lost, the ticket settled). 404 for another ' +
        'player’s ticket.',
    },
    async (request, reply) => {
      void reply.header('cache-control', PRIVATE);
      return {
        data: await betting.cashOut(request.headers[GAME_SESSION_HEADER], request.params.ticketId, request.body.amount),
      };
    },
  );
};
