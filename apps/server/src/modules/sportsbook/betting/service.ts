import { randomUUID } from 'node:crypto';
import {
  channels,
  combineOddsMilli,
  minorToMajor,
  type PlaceTicketBody,
  type SportsbookSession,
  type SportsbookTicket,
  type TicketsQuery,
  type PaginationMeta,
} from '@croupier/contract';
import type { Transaction } from 'kysely';
import type { Database, SbTicketStatus } from '../../../db/schema';
import { AppError } from '../../../lib/errors';
import { pageMeta, pageOffset } from '../../../lib/pagination';
import {
  canBet,
  WalletRefusal,
  walletRefusalError,
  type GameSession,
  type MoneyCall,
  type WalletAnswer,
} from '../../game-wallet';
import { sportBetsWriter, SportBetStatus } from '../../games';
import type { RealtimeEvents } from '../../realtime';
import { amountMinorOrThrow } from '../../wallet';
import {
  cashOutPriceMinor,
  checkOddsChanges,
  decideCashOut,
  potentialReturnMinor,
  validateTicketLegs,
  type CashOutLeg,
} from '../settlement';
import { describeSelection } from './markets';
import type { BettingRepository, LegRow, QuoteRow, TicketRow } from './repository';

/** The game wallet as the sportsbook uses it: in process, in the ticket's transaction. */
export interface SportsbookWallet {
  sessionOf(token: string): Promise<GameSession | undefined>;
  sessionById(trx: Transaction<Database>, sessionId: string): Promise<GameSession | undefined>;
  balance(session: GameSession): Promise<WalletAnswer>;
  betIn(trx: Transaction<Database>, session: GameSession, call: MoneyCall): Promise<WalletAnswer>;
  winIn(trx: Transaction<Database>, session: GameSession, call: MoneyCall): Promise<WalletAnswer>;
  rollbackIn(
    trx: Transaction<Database>,
    session: GameSession,
    call: { transactionId: string; referenceTransactionId: string; roundId: string },
  ): Promise<WalletAnswer>;
  resettleIn(
    trx: Transaction<Database>,
    session: GameSession,
    call: { transactionId: string; roundId: string; amountMinor: bigint },
  ): Promise<WalletAnswer>;
}

export interface BettingOptions {
  repository: BettingRepository;
  events: Pick<RealtimeEvents, 'transaction' | 'publishAfterCommit'>;
  wallet: SportsbookWallet;
  /** The catalogue id of the sportsbook game (its sessions are the only ones accepted). */
  gameId: () => Promise<string>;
  subunitOf: (currency: string) => Promise<bigint>;
  /** The operator's stake bounds for the sportsbook game in a currency. */
  stakeBounds: (currency: string) => Promise<{ minMinor: bigint; maxMinor: bigint }>;
  /** The most the house may lose on one event in a currency. */
  liabilityLimitMinor: (currency: string) => Promise<bigint>;
  liveDelayMs: number;
  cashOut: { marginBp: bigint; minPriceMinor: bigint };
  sleep?: (ms: number) => Promise<void>;
}

/** Thrown inside a placement's transaction that met a live selection before the delay. */
class LiveDelayDue extends Error {}

/** The wallet's transaction ids of a ticket's calls: the ticket's own id makes each call once. */
export const walletIds = {
  bet: (ticketId: string) => `${ticketId}:bet`,
  settle: (ticketId: string) => `${ticketId}:settle`,
  void: (ticketId: string) => `${ticketId}:void`,
  cashOut: (ticketId: string) => `${ticketId}:cash-out`,
  resettle: (ticketId: string, settlement: number) => `${ticketId}:resettle:${settlement}`,
};

const historyStatus = {
  won: SportBetStatus.WON,
  lost: SportBetStatus.LOST,
  void: SportBetStatus.REFUNDED,
  cashed_out: SportBetStatus.CASHED_OUT,
} as const;

/** The bet history's status of a settled ticket. */
export const historyStatusOf = (status: Exclude<SbTicketStatus, 'open'>) => historyStatus[status];

/** The live price and state of a pending leg, for cash-out. */
function cashOutLeg(leg: LegRow): CashOutLeg {
  const priced = leg.active && leg.market_status === 'open' && leg.removed_at === null;
  return {
    eventId: leg.event_id,
    oddsMilli: leg.taken_odds_milli,
    resolution: leg.resolution ?? 'pending',
    currentOddsMilli: priced ? BigInt(leg.odds_milli) : null,
    suspended: leg.market_status !== 'open',
  };
}

/**
 * Placing tickets, the player's tickets and cash-out (docs/sportsbook.md, "Betting"). Every
 * money move is a game-wallet call in the ticket's transaction: the stake a bet, a cash-out
 * a win; the ticket's rows and the bet history are written in the same transaction.
 */
export function createBetting(options: BettingOptions) {
  const { repository, events, wallet } = options;
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));

  async function sessionOf(token: string): Promise<GameSession> {
    const session = await wallet.sessionOf(token);
    if (!session || session.game_id !== (await options.gameId())) {
      throw new AppError('UNAUTHENTICATED', 'The sportsbook session has ended. Open the sportsbook again.');
    }
    if (session.is_demo || !session.player_id || !session.account_id) {
      throw new AppError('FORBIDDEN', 'Sportsbook bets are placed with real money.');
    }
    return session;
  }

  /** Runs the ticket's transaction; a wallet refusal rolls it back and answers its player error. */
  async function inTransaction<T>(work: (trx: Transaction<Database>) => Promise<T>, stakeField = 'stake') {
    try {
      return await events.transaction(work);
    } catch (error) {
      if (error instanceof WalletRefusal) throw walletRefusalError(error, stakeField);
      throw error;
    }
  }

  /** Tickets as the API shows them; their legs are read unless given. */
  async function present(tickets: TicketRow[], known?: LegRow[]): Promise<SportsbookTicket[]> {
    const legs =
      known ??
      (await repository.legsOf(
        repository.db,
        tickets.map((t) => t.id),
      ));
    const byTicket = new Map<string, LegRow[]>();
    for (const leg of legs) byTicket.set(leg.ticket_id, [...(byTicket.get(leg.ticket_id) ?? []), leg]);
    const out: SportsbookTicket[] = [];
    for (const ticket of tickets) {
      const subunit = await options.subunitOf(ticket.currency);
      const major = (minor: bigint) => minorToMajor(minor, subunit);
      const own = byTicket.get(ticket.id) ?? [];
      const settling = own.map((leg) => ({
        eventId: leg.event_id,
        oddsMilli: leg.taken_odds_milli,
        resolution: leg.resolution ?? ('pending' as const),
      }));
      const offer =
        ticket.status === 'open' ? cashOutPriceMinor(ticket.stake_minor, own.map(cashOutLeg), options.cashOut) : null;
      out.push({
        id: ticket.id,
        type: ticket.type,
        status: ticket.status,
        currency: ticket.currency,
        stake: major(ticket.stake_minor),
        oddsMilli: Number(ticket.odds_milli),
        potentialPayout: major(potentialReturnMinor({ stakeMinor: ticket.stake_minor, legs: settling })),
        payout: ticket.payout_minor === null ? null : major(ticket.payout_minor),
        createdAt: ticket.created_at.toISOString(),
        settledAt: ticket.settled_at?.toISOString() ?? null,
        legs: own.map((leg) => ({
          eventId: leg.event_id,
          sportKey: leg.sport_key as SportsbookTicket['legs'][number]['sportKey'],
          competition: leg.competition_name,
          home: leg.home_name,
          away: leg.away_name,
          startsAt: leg.starts_at.toISOString(),
          live: leg.live,
          marketId: leg.market_id,
          marketType: leg.market_type as SportsbookTicket['legs'][number]['marketType'],
          line: leg.line_quarters === null ? null : leg.line_quarters / 4,
          number: leg.number,
          outcomeId: leg.outcome_id,
          outcomeKey: leg.outcome_key,
          oddsMilli: Number(leg.taken_odds_milli),
          resolution: leg.resolution,
        })),
        cashOut: offer === null ? null : major(offer),
      });
    }
    return out;
  }

  /** Why a selection may not be bet on now, if so. */
  function unavailable(quote: QuoteRow): boolean {
    return (
      quote.market_status !== 'open' ||
      !quote.active ||
      quote.removed_at !== null ||
      quote.event_status === 'ended' ||
      quote.event_status === 'cancelled'
    );
  }

  function orderedQuotes(rows: QuoteRow[], body: PlaceTicketBody): QuoteRow[] {
    const byId = new Map(rows.map((row) => [row.outcome_id, row]));
    return body.selections.map((selection, index) => {
      const quote = byId.get(selection.outcomeId);
      if (!quote) throw AppError.validation({ [`selections.${index}.outcomeId`]: ['Unknown selection.'] });
      return quote;
    });
  }

  async function answerReplay(ticket: TicketRow, body: PlaceTicketBody, stakeMinor: bigint) {
    const legs = await repository.legsOf(repository.db, [ticket.id]);
    const same =
      ticket.stake_minor === stakeMinor &&
      legs.length === body.selections.length &&
      legs.every((leg, i) => leg.outcome_id === body.selections[i]?.outcomeId);
    if (!same) throw new AppError('IDEMPOTENCY_MISMATCH');
    const [shown] = await present([ticket]);
    return shown!;
  }

  return {
    async session(token: string): Promise<SportsbookSession> {
      const session = await sessionOf(token);
      if (!canBet(session)) throw new AppError('UNAUTHENTICATED', 'The sportsbook session has ended.');
      const [answer, subunit, bounds] = await Promise.all([
        wallet.balance(session),
        options.subunitOf(session.currency),
        options.stakeBounds(session.currency),
      ]);
      return {
        currency: session.currency,
        balance: minorToMajor(answer.balanceMinor + answer.bonusBalanceMinor, subunit),
        minStake: minorToMajor(bounds.minMinor, subunit),
        maxStake: minorToMajor(bounds.maxMinor, subunit),
        liveDelayMs: options.liveDelayMs,
      };
    },

    /**
     * Places one ticket: checks the selections, waits the live delay when one is live,
     * then in one transaction re-reads the prices under lock, applies the odds policy,
     * the stake bounds and the events' liability, and takes the stake as the wallet's bet.
     */
    async place(token: string, body: PlaceTicketBody): Promise<SportsbookTicket> {
      const session = await sessionOf(token);
      const playerId = session.player_id!;
      const subunit = await options.subunitOf(session.currency);
      const stakeMinor = amountMinorOrThrow(body.stake, { subunitToUnit: subunit }, { field: 'stake' });
      const earlier = await repository.ticketByRequest(repository.db, playerId, body.requestId);
      if (earlier) return answerReplay(earlier, body, stakeMinor);
      if (new Set(body.selections.map((s) => s.outcomeId)).size !== body.selections.length) {
        throw new AppError('SPORTSBOOK_INVALID_SLIP', 'A selection is on the slip twice.');
      }
      const bounds = await options.stakeBounds(session.currency);
      if (stakeMinor < bounds.minMinor) throw new AppError('SPORTSBOOK_STAKE_TOO_LOW');
      if (stakeMinor > bounds.maxMinor) throw new AppError('SPORTSBOOK_STAKE_TOO_HIGH');
      const limitMinor = await options.liabilityLimitMinor(session.currency);
      const gameId = await options.gameId();
      const ticketId = randomUUID();
      const outcomeIds = body.selections.map((s) => s.outcomeId);

      /** The selections, checked: known, one per event, on open markets. */
      const checked = (rows: QuoteRow[]) => {
        const quotes = orderedQuotes(rows, body);
        const legsCheck = validateTicketLegs(
          quotes.map((q, i) => ({ eventId: q.event_id, oddsMilli: BigInt(body.selections[i]!.oddsMilli) })),
        );
        if (!legsCheck.ok) {
          if (legsCheck.error.code === 'SAME_EVENT') throw new AppError('SPORTSBOOK_INVALID_SLIP');
          throw AppError.validation({ selections: ['Invalid selections.'] });
        }
        if (quotes.some(unavailable)) throw new AppError('SPORTSBOOK_MARKET_SUSPENDED');
        return quotes;
      };
      // A live price may be stale by the time it is clicked: a transaction that finds a live
      // selection before the delay has passed gives up its locks, waits it, and starts over.
      // A pre-match ticket reads its selections once, locked.
      let delayed = options.liveDelayMs === 0;
      const attempt = () =>
        inTransaction(async (trx) => {
          const quotes = checked(await repository.quotes(trx, outcomeIds, true));
          if (!delayed && quotes.some((q) => q.event_status === 'live')) throw new LiveDelayDue();
          return placeIn(trx, quotes);
        });
      let placed: { ticket: TicketRow; legs: LegRow[] };
      try {
        placed = await attempt();
      } catch (error) {
        if (!(error instanceof LiveDelayDue)) throw error;
        await sleep(options.liveDelayMs);
        delayed = true;
        placed = await attempt();
      }
      const [shown] = await present([placed.ticket], placed.legs);
      return shown!;

      async function placeIn(trx: Transaction<Database>, quotes: QuoteRow[]) {
        const decision = checkOddsChanges(
          body.oddsPolicy,
          quotes.map((q, i) => ({
            seenOddsMilli: BigInt(body.selections[i]!.oddsMilli),
            currentOddsMilli: BigInt(q.odds_milli),
          })),
        );
        if (!decision.accepted) throw new AppError('SPORTSBOOK_ODDS_CHANGED');
        const taken = quotes.map((q) => BigInt(q.odds_milli));
        const oddsMilli = combineOddsMilli(taken);
        const pending = quotes.map((q, i) => ({
          eventId: q.event_id,
          oddsMilli: taken[i]!,
          resolution: 'pending' as const,
        }));
        await wallet.betIn(trx, session, {
          transactionId: walletIds.bet(ticketId),
          roundId: ticketId,
          currency: session.currency,
          amountMinor: stakeMinor,
        });
        const ticket = await repository.insertTicket(
          trx,
          {
            id: ticketId,
            player_id: playerId,
            session_id: session.id,
            game_id: gameId,
            request_id: body.requestId,
            currency: session.currency,
            stake_minor: stakeMinor,
            odds_milli: oddsMilli,
            type: quotes.length === 1 ? 'single' : 'combo',
          },
          quotes.map((q, position) => ({
            ticket_id: ticketId,
            position,
            event_id: q.event_id,
            market_id: q.market_id,
            outcome_id: q.outcome_id,
            odds_milli: taken[position]!,
            live: q.event_status === 'live',
            resolution: null,
            result_version: null,
          })),
        );
        await sportBetsWriter.insert(
          trx,
          {
            player_id: playerId,
            game_id: gameId,
            round_id: ticketId,
            currency: session.currency,
            stake_minor: stakeMinor,
            coefficient: (Number(oddsMilli) / 1000).toFixed(4),
            ticket_type: quotes.length === 1 ? 1 : 2,
          },
          quotes.map((q, i) => ({
            event: `${q.home_name} – ${q.away_name}`,
            stage: q.event_status === 'live' ? 2 : 1,
            discipline: q.sport_name,
            tournament: q.competition_name,
            event_date: q.starts_at,
            ...describeSelection(q),
            coefficient: (Number(taken[i]) / 1000).toFixed(4),
          })),
        );
        // The events' exposure last: placements on one event queue on its row from here to
        // the commit, so the row is taken after everything else (a refusal rolls all back).
        const exposureMinor = potentialReturnMinor({ stakeMinor, legs: pending }) - stakeMinor;
        if (exposureMinor > 0n) {
          // Sorted: two placements on the same events lock their rows in one order.
          for (const eventId of [...new Set(pending.map((l) => l.eventId))].sort()) {
            const total = await repository.addExposure(trx, eventId, session.currency, exposureMinor);
            if (total > limitMinor) throw new AppError('SPORTSBOOK_LIABILITY_LIMIT');
          }
        }
        events.publishAfterCommit(trx, channels.bets(playerId), {
          event: 'sportsbook.ticket.updated',
          ticketId,
          status: 'open',
        });
        // The answer's legs from what was read: no statement after the commit.
        const legs: LegRow[] = quotes.map((q, position) => ({
          ...q,
          ticket_id: ticketId,
          position,
          taken_odds_milli: taken[position]!,
          live: q.event_status === 'live',
          resolution: null,
          result_version: null,
        }));
        return { ticket, legs };
      }
    },

    async list(token: string, query: TicketsQuery): Promise<{ data: SportsbookTicket[]; meta: PaginationMeta }> {
      const session = await sessionOf(token);
      const { page, perPage } = query;
      const { rows, totalRows } = await repository.pageOfTickets(session.player_id!, query.status === 'settled', {
        limit: perPage,
        offset: pageOffset(page, perPage),
      });
      return { data: await present(rows), meta: pageMeta({ page, perPage, totalRows }) };
    },

    /**
     * Cashes out an open ticket at the offer the player saw or better: under the ticket's
     * lock the offer is priced again from the current odds; a lower one (or none) refuses.
     */
    async cashOut(token: string, ticketId: string, amount: number): Promise<SportsbookTicket> {
      const session = await sessionOf(token);
      const playerId = session.player_id!;
      const done = await inTransaction(async (trx) => {
        const ticket = await repository.lockTicket(trx, ticketId);
        // Another player's ticket is not found, like an unknown one.
        if (!ticket || ticket.player_id !== playerId) throw AppError.notFound('Unknown ticket.');
        const requestedMinor = amountMinorOrThrow(
          amount,
          { subunitToUnit: await options.subunitOf(ticket.currency) },
          { field: 'amount' },
        );
        if (ticket.status !== 'open') throw new AppError('SPORTSBOOK_CASH_OUT_UNAVAILABLE');
        const legs = await repository.legsOf(trx, [ticket.id]);
        const priceMinor = cashOutPriceMinor(ticket.stake_minor, legs.map(cashOutLeg), options.cashOut);
        const decision = decideCashOut(requestedMinor, priceMinor);
        if (!decision.accepted) {
          throw new AppError(
            decision.reason === 'NO_OFFER' ? 'SPORTSBOOK_CASH_OUT_UNAVAILABLE' : 'SPORTSBOOK_CASH_OUT_CHANGED',
          );
        }
        const betSession = (await wallet.sessionById(trx, ticket.session_id)) ?? session;
        await wallet.winIn(trx, betSession, {
          transactionId: walletIds.cashOut(ticket.id),
          roundId: ticket.id,
          currency: ticket.currency,
          amountMinor: decision.amountMinor,
        });
        await releaseExposure(trx, ticket, legs);
        const at = new Date();
        await repository.settleTicket(trx, ticket.id, {
          status: 'cashed_out',
          payoutMinor: decision.amountMinor,
          settlements: ticket.settlements + 1,
          at,
        });
        await sportBetsWriter.settle(
          trx,
          { gameId: ticket.game_id, roundId: ticket.id },
          { status: SportBetStatus.CASHED_OUT, payoutMinor: decision.amountMinor, settledAt: at },
        );
        events.publishAfterCommit(trx, channels.bets(playerId), {
          event: 'sportsbook.ticket.updated',
          ticketId: ticket.id,
          status: 'cashed_out',
        });
        return { ...ticket, status: 'cashed_out' as const, payout_minor: decision.amountMinor, settled_at: at };
      }, 'amount');
      const [shown] = await present([done]);
      return shown!;
    },
  };

  /** Gives back what an open ticket held of its events' liability (its legs still pending). */
  async function releaseExposure(trx: Transaction<Database>, ticket: TicketRow, legs: LegRow[]) {
    await releaseTicketExposure(repository, trx, ticket, legs);
  }
}

/**
 * What an open ticket charged each of its events at placement: its potential return less
 * the stake, on every event it has a leg on (0 when it cannot lose the house anything).
 */
export function ticketExposure(
  ticket: TicketRow,
  legs: readonly { event_id: string; taken_odds_milli: bigint }[],
): { exposureMinor: bigint; eventIds: string[] } {
  const exposureMinor =
    potentialReturnMinor({
      stakeMinor: ticket.stake_minor,
      legs: legs.map((l) => ({ eventId: l.event_id, oddsMilli: l.taken_odds_milli, resolution: 'pending' as const })),
    }) - ticket.stake_minor;
  return {
    exposureMinor: exposureMinor > 0n ? exposureMinor : 0n,
    eventIds: [...new Set(legs.map((l) => l.event_id))],
  };
}

/** Releases an open ticket's exposure (a cash-out; settlement batches release theirs together). */
export async function releaseTicketExposure(
  repository: BettingRepository,
  trx: Transaction<Database>,
  ticket: TicketRow,
  legs: readonly { event_id: string; taken_odds_milli: bigint }[],
) {
  const { exposureMinor, eventIds } = ticketExposure(ticket, legs);
  if (exposureMinor === 0n) return;
  for (const eventId of eventIds.sort()) await repository.addExposure(trx, eventId, ticket.currency, -exposureMinor);
}

export type Betting = ReturnType<typeof createBetting>;
