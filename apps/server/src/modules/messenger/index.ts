import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/database';
import type { AppEvents, EventRegistry } from '../../lib/events';
import type { AuthGuards } from '../auth';
import type { RealtimeEvents } from '../realtime';
import { createMessengerRepository } from './repository';
import { messengerAdminRoutes, messengerRoutes } from './routes';
import { createMessenger, formatAmount, type MessengerContent } from './service';

export type { Messenger, MessengerContent, SystemMessageKey } from './service';

/** A document review's system message: approved, or rejected with the operator's reason. */
async function onDocumentReviewed(
  messenger: ReturnType<typeof createMessenger>,
  review: AppEvents['documents.reviewed'],
): Promise<void> {
  await messenger.sendSystem(review.trx, {
    playerId: review.playerId,
    key: review.approved ? 'documentApproved' : 'documentRejected',
    sourceKey: `document:${review.documentId}`,
    values: { reason: review.rejectReason ?? '' },
  });
}

/**
 * The messenger (docs/messenger.md): the player's messages and their realtime event, the
 * operator's sends, and system messages written in the player's locale on other modules'
 * events (in the same transaction, so each is written exactly once).
 */
export async function registerMessenger(
  server: FastifyInstance,
  deps: {
    db: Db;
    events: RealtimeEvents;
    appEvents: EventRegistry;
    guards: AuthGuards;
    content: MessengerContent;
    adminApiKey: string | undefined;
  },
) {
  const messenger = createMessenger({
    repository: createMessengerRepository(deps.db),
    events: deps.events,
    content: deps.content,
  });
  deps.appEvents.on('documents.reviewed', (review) => onDocumentReviewed(messenger, review));
  deps.appEvents.on('payments.withdrawal-paid', async (paid) => {
    await messenger.sendSystem(paid.trx, {
      playerId: paid.playerId,
      key: 'withdrawalPaid',
      sourceKey: `withdrawal:${paid.invoiceId}`,
      values: (locale) => ({ amount: formatAmount(paid.amountMinor, paid.subunitToUnit, paid.currency, locale) }),
    });
  });
  deps.appEvents.on('bonuses.issued', async (issued) => {
    await messenger.sendSystem(issued.trx, {
      playerId: issued.playerId,
      key: 'bonusIssued',
      sourceKey: `bonus:${issued.playerBonusId}`,
      values: { name: issued.name },
    });
  });
  deps.appEvents.on('retention.level-reached', async (reached) => {
    await messenger.sendSystem(reached.trx, {
      playerId: reached.playerId,
      key: 'levelReached',
      sourceKey: `loyalty-level:${reached.levelId}`,
      values: { level: reached.levelName },
    });
  });
  deps.appEvents.on('retention.quest-completed', async (completed) => {
    await messenger.sendSystem(completed.trx, {
      playerId: completed.playerId,
      key: 'questCompleted',
      sourceKey: `quest:${completed.playerQuestId}`,
      values: { quest: completed.questName },
    });
  });
  deps.appEvents.on('tournaments.prize-awarded', async (award) => {
    await messenger.sendSystem(award.trx, {
      playerId: award.playerId,
      key: 'tournamentPrize',
      sourceKey: `tournament:${award.tournamentId}:${award.place}`,
      values: { tournament: award.tournamentTitle, place: String(award.place) },
    });
  });
  await server.register(messengerRoutes, { messenger, guards: deps.guards });
  await server.register(messengerAdminRoutes, { messenger, adminApiKey: deps.adminApiKey });
  return messenger;
}
