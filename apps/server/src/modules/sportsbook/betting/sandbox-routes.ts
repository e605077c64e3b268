import { sportsbookSandboxEndpoints, type SandboxEvent } from '@croupier/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../../http/endpoint';
import { AppError } from '../../../lib/errors';
import type { ScriptedFeed } from '../feed';

/**
 * The sandbox feed's controls (never registered in production). Each answers once the
 * ingestor has stored what it changed, so a test can act on it at once.
 */
export const sandboxFeedRoutes: FastifyPluginAsyncZod<{ sandbox: ScriptedFeed; flush: () => Promise<void> }> = async (
  app,
  { sandbox, flush },
) => {
  const ok = { data: { ok: true as const } };
  /** Runs a control; an unknown id is a 404. */
  const control = async (work: () => void) => {
    try {
      work();
    } catch (error) {
      if (error instanceof RangeError) throw AppError.notFound(error.message);
      throw error;
    }
    await flush();
    return ok;
  };

  const docs = { tags: ['dev'], summary: 'Sandbox feed control (outside production)' };
  route(app, sportsbookSandboxEndpoints.createEvent, docs, async (request) => {
    const { event, markets } = sandbox.createEvent(request.body);
    await flush();
    const data: SandboxEvent = {
      eventId: event.id,
      markets: markets.map((m) => ({
        id: m.id,
        type: m.spec.type,
        outcomes: m.outcomes.map((o) => ({ id: o.id, key: o.key, oddsMilli: Number(o.oddsMilli) })),
      })),
    };
    return { data };
  });
  route(app, sportsbookSandboxEndpoints.startEvent, docs, (request) =>
    control(() => sandbox.startEvent(request.params.eventId)),
  );
  route(app, sportsbookSandboxEndpoints.finishEvent, docs, (request) =>
    control(() => void sandbox.finish(request.params.eventId, request.body)),
  );
  route(app, sportsbookSandboxEndpoints.cancelEvent, docs, (request) =>
    control(() => sandbox.cancel(request.params.eventId)),
  );
  route(app, sportsbookSandboxEndpoints.setOdds, docs, (request) =>
    control(() => sandbox.setOdds(request.params.outcomeId, BigInt(request.body.oddsMilli))),
  );
  route(app, sportsbookSandboxEndpoints.suspendMarket, docs, (request) =>
    control(() => sandbox.suspend(request.params.marketId)),
  );
  route(app, sportsbookSandboxEndpoints.reopenMarket, docs, (request) =>
    control(() => sandbox.reopen(request.params.marketId)),
  );
};
