import { channels } from '@croupier/contract';
import type { Transaction } from 'kysely';
import type { Database, SbTicketStatus } from '../../../db/schema';
import { sportBetsWriter } from '../../games';
import type { GameSession } from '../../game-wallet';
import type { RealtimeEvents } from '../../realtime';
import { resolveOutcome, settleTicket, type EventResult, type Resolution, type TicketSettlement } from '../settlement';
import { marketOf, resultOf } from './markets';
import type { BettingRepository, LegRow, TicketRow } from './repository';
import { historyStatusOf, ticketExposure, walletIds, type SportsbookWallet } from './service';

/** The durable job that settles an event's tickets on one version of its result. */
export const SETTLE_EVENT_JOB = 'sportsbook.settle-event';
/** Tickets settled per job run (one transaction); a job with more left enqueues the next. */
export const SETTLE_BATCH = 250;

export const settleJobKey = (eventId: string, version: number, batch = 0) =>
  `sportsbook-settle:${eventId}:${version}:${batch}`;

export interface SettlementOptions {
  repository: BettingRepository;
  events: Pick<RealtimeEvents, 'publishAfterCommit'>;
  wallet: SportsbookWallet;
  enqueue: (
    trx: Transaction<Database>,
    job: { kind: string; key: string; payload: Record<string, unknown> },
  ) => Promise<boolean>;
  batchSize?: number;
}

/**
 * The ticket's status from the settlement rules. A partial return (a half-lost leg) reads
 * by its amount: above the stake a win, the stake back a refund, below it a loss.
 */
function statusOf(settlement: TicketSettlement, stakeMinor: bigint): Exclude<SbTicketStatus, 'open' | 'cashed_out'> {
  if (settlement.status !== 'partial') return settlement.status;
  if (settlement.returnMinor > stakeMinor) return 'won';
  return settlement.returnMinor === stakeMinor ? 'void' : 'lost';
}

/**
 * Settlement (docs/sportsbook.md, "Settlement"). For an event's result version, each ticket
 * with a leg on the event is settled once, in a job's transaction, under the ticket's lock:
 *
 * - its legs on the event get their resolution and the result's version;
 * - an open ticket whose legs decide it is paid through the wallet: a win of its return
 *   (0 when lost), or a rollback of its bet when every leg is void;
 * - a settled ticket (a corrected result) is resettled: the difference between the new
 *   return and what it has paid is one resettle call, keyed by its settlement count;
 * - a cashed-out ticket only records its legs: a cash-out is final.
 *
 * Two runners of the same job cannot both settle a ticket: the second waits on its lock,
 * then finds its legs on this version already and skips it; every wallet call is keyed by
 * the ticket, so a retry after a crash moves no money twice.
 */
export function createSettlement(options: SettlementOptions) {
  const { repository, events, wallet } = options;
  const batchSize = options.batchSize ?? SETTLE_BATCH;

  /** A batch's writes besides the wallet's calls, made together at its end. */
  interface BatchWrites {
    legs: { ticketId: string; position: number; resolution: Resolution }[];
    tickets: {
      id: string;
      status: Exclude<SbTicketStatus, 'open'>;
      payoutMinor: bigint;
      settlements: number;
      at: Date;
    }[];
    history: {
      gameId: string;
      roundId: string;
      status: ReturnType<typeof historyStatusOf>;
      payoutMinor: bigint;
      settledAt: Date;
    }[];
    /** Exposure released, by event and currency. */
    exposure: Map<string, { eventId: string; currency: string; deltaMinor: bigint }>;
    /** Game sessions read in the batch (a player's tickets share one). */
    sessions: Map<string, GameSession>;
  }

  async function sessionOf(trx: Transaction<Database>, writes: BatchWrites, sessionId: string) {
    const known = writes.sessions.get(sessionId);
    if (known) return known;
    const session = await wallet.sessionById(trx, sessionId);
    if (session) writes.sessions.set(sessionId, session);
    return session;
  }

  async function settleOne(
    trx: Transaction<Database>,
    writes: BatchWrites,
    ticket: TicketRow,
    legs: LegRow[],
    eventId: string,
    version: number,
    result: EventResult,
  ): Promise<void> {
    const onEvent = legs.filter((leg) => leg.event_id === eventId);
    if (onEvent.every((leg) => leg.result_version !== null && leg.result_version >= version)) return;
    const resolved = onEvent.map((leg) => ({
      ticketId: ticket.id,
      position: leg.position,
      resolution: resolveOutcome(marketOf(leg), leg.outcome_key, result),
    }));
    writes.legs.push(...resolved);
    const changedLegs = legs.map((leg) => {
      const now = resolved.find((r) => r.position === leg.position);
      return now ? { ...leg, resolution: now.resolution } : leg;
    });
    if (ticket.status === 'cashed_out') return;
    const settlement = settleTicket({
      stakeMinor: ticket.stake_minor,
      legs: changedLegs.map((leg) => ({
        eventId: leg.event_id,
        oddsMilli: leg.taken_odds_milli,
        resolution: leg.resolution ?? 'pending',
      })),
    });
    // An accumulator with legs still pending (none lost) waits for their events.
    if (!settlement) return;
    const session = await sessionOf(trx, writes, ticket.session_id);
    if (!session) throw new Error(`ticket ${ticket.id}: its game session is gone`);
    const status = statusOf(settlement, ticket.stake_minor);
    const returnMinor = settlement.returnMinor;
    const at = new Date();
    if (ticket.status === 'open') {
      if (settlement.status === 'void') {
        await wallet.rollbackIn(trx, session, {
          transactionId: walletIds.void(ticket.id),
          referenceTransactionId: walletIds.bet(ticket.id),
          roundId: ticket.id,
        });
      } else {
        await wallet.winIn(trx, session, {
          transactionId: walletIds.settle(ticket.id),
          roundId: ticket.id,
          currency: ticket.currency,
          amountMinor: returnMinor,
        });
      }
      const { exposureMinor, eventIds } = ticketExposure(ticket, legs);
      for (const id of exposureMinor > 0n ? eventIds : []) {
        const key = `${id}\n${ticket.currency}`;
        const sum = writes.exposure.get(key)?.deltaMinor ?? 0n;
        writes.exposure.set(key, { eventId: id, currency: ticket.currency, deltaMinor: sum - exposureMinor });
      }
    } else {
      const deltaMinor = returnMinor - (ticket.payout_minor ?? 0n);
      if (deltaMinor === 0n && status === ticket.status) return;
      if (deltaMinor !== 0n) {
        await wallet.resettleIn(trx, session, {
          transactionId: walletIds.resettle(ticket.id, ticket.settlements + 1),
          roundId: ticket.id,
          amountMinor: deltaMinor,
        });
      }
    }
    writes.tickets.push({ id: ticket.id, status, payoutMinor: returnMinor, settlements: ticket.settlements + 1, at });
    writes.history.push({
      gameId: ticket.game_id,
      roundId: ticket.id,
      status: historyStatusOf(status),
      payoutMinor: returnMinor,
      settledAt: at,
    });
    events.publishAfterCommit(trx, channels.bets(ticket.player_id), {
      event: 'sportsbook.ticket.updated',
      ticketId: ticket.id,
      status,
    });
  }

  return {
    /**
     * Settles up to one batch of the event's tickets on result `version` in `trx`, after
     * ticket `afterTicketId` when given; answers the batch's last ticket when it was full
     * (more may be left: the job enqueues the next batch from there), else null. A newer
     * version supersedes: a job of an older one does nothing.
     */
    async settleBatch(
      trx: Transaction<Database>,
      eventId: string,
      version: number,
      afterTicketId: string | null = null,
    ): Promise<string | null> {
      const event = await repository.eventResult(trx, eventId);
      if (!event || event.result_version === null || event.result_version !== version) return null;
      const result = resultOf(eventId, version, event.result);
      const ids = await repository.ticketsToSettle(trx, eventId, version, batchSize, afterTicketId);
      if (ids.length === 0) return null;
      const tickets = await repository.lockTickets(trx, ids);
      // Read after the locks: a concurrent runner's work on these tickets is visible now.
      const legs = await repository.legsOf(trx, ids);
      const byTicket = new Map<string, LegRow[]>();
      for (const leg of legs) byTicket.set(leg.ticket_id, [...(byTicket.get(leg.ticket_id) ?? []), leg]);
      const writes: BatchWrites = { legs: [], tickets: [], history: [], exposure: new Map(), sessions: new Map() };
      for (const ticket of tickets) {
        await settleOne(trx, writes, ticket, byTicket.get(ticket.id) ?? [], eventId, version, result);
      }
      // One statement each for the whole batch (the wallet's calls are per ticket).
      await repository.setLegResolutions(trx, eventId, writes.legs, version);
      await repository.settleTickets(trx, writes.tickets);
      for (const gameId of new Set(writes.history.map((h) => h.gameId))) {
        await sportBetsWriter.settleMany(
          trx,
          gameId,
          writes.history.filter((h) => h.gameId === gameId),
        );
      }
      await repository.addExposures(trx, writes.exposure);
      return ids.length === batchSize ? ids[ids.length - 1]! : null;
    },

    /** The job handler: one batch, then the next batch's job when more are left. */
    async runJob(trx: Transaction<Database>, payload: Record<string, unknown>): Promise<void> {
      const { eventId, version, batch, after } = payload as {
        eventId?: unknown;
        version?: unknown;
        batch?: unknown;
        after?: unknown;
      };
      if (typeof eventId !== 'string' || typeof version !== 'number') return;
      const last = await this.settleBatch(trx, eventId, version, typeof after === 'string' ? after : null);
      if (last === null) return;
      const next = (typeof batch === 'number' ? batch : 0) + 1;
      await options.enqueue(trx, {
        kind: SETTLE_EVENT_JOB,
        key: settleJobKey(eventId, version, next),
        payload: { eventId, version, batch: next, after: last },
      });
    },
  };
}

export type Settlement = ReturnType<typeof createSettlement>;
