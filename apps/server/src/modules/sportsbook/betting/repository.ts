import { sql, type Insertable, type Kysely, type Selectable, type Transaction } from 'kysely';
import type { Database, SbLegResolution, SbTicketLegTable, SbTicketStatus, SbTicketTable } from '../../../db/schema';

/**
 * SQL of tickets (migration 0046): sb_tickets, sb_ticket_legs and sb_event_exposure, and
 * the reads of the catalogue tables a placement, a cash-out or a settlement needs.
 */

type Q = Kysely<Database> | Transaction<Database>;

export type TicketRow = Selectable<SbTicketTable>;
export type NewTicket = Insertable<SbTicketTable>;
export type NewLeg = Insertable<SbTicketLegTable>;

/** An outcome with its market and event, as a placement or a cash-out prices it. */
export interface QuoteRow {
  outcome_id: string;
  outcome_key: string;
  odds_milli: number;
  active: boolean;
  market_id: string;
  market_type: string;
  line_quarters: number | null;
  number: number | null;
  market_status: 'open' | 'suspended' | 'closed' | 'settled';
  event_id: string;
  event_status: 'scheduled' | 'live' | 'ended' | 'cancelled';
  removed_at: Date | null;
  sport_key: string;
  sport_name: string;
  competition_name: string;
  home_name: string;
  away_name: string;
  starts_at: Date;
}

/** A ticket's leg with what the player sees of it and the price now (for cash-out). */
export interface LegRow extends QuoteRow {
  ticket_id: string;
  position: number;
  /** The price taken. */
  taken_odds_milli: bigint;
  live: boolean;
  resolution: SbLegResolution | null;
  result_version: number | null;
}

/** An outcome's columns with its market's, event's, sport's and competition's (QuoteRow). */
const QUOTE_COLUMNS = [
  'o.id as outcome_id',
  'o.key as outcome_key',
  'o.odds_milli',
  'o.active',
  'm.id as market_id',
  'm.type as market_type',
  'm.line_quarters',
  'm.number',
  'm.status as market_status',
  'e.id as event_id',
  'e.status as event_status',
  'e.removed_at',
  's.key as sport_key',
  's.name as sport_name',
  'c.name as competition_name',
  'e.home_name',
  'e.away_name',
  'e.starts_at',
] as const;

function quotes(q: Q) {
  return q
    .selectFrom('sb_outcomes as o')
    .innerJoin('sb_markets as m', 'm.id', 'o.market_id')
    .innerJoin('sb_events as e', 'e.id', 'm.event_id')
    .innerJoin('sb_sports as s', 's.id', 'e.sport_id')
    .innerJoin('sb_competitions as c', 'c.id', 'e.competition_id')
    .select(QUOTE_COLUMNS);
}

export function createBettingRepository(db: Kysely<Database>) {
  return {
    db,

    ticketByRequest: (q: Q, playerId: string, requestId: string): Promise<TicketRow | undefined> =>
      q
        .selectFrom('sb_tickets')
        .selectAll()
        .where('player_id', '=', playerId)
        .where('request_id', '=', requestId)
        .executeTakeFirst(),

    /**
     * The outcomes with their markets and events. With `lock`, the outcome and market rows
     * are share-locked until the caller's commit: the ingestor cannot move a price or
     * suspend a market between the check and the bet.
     */
    async quotes(q: Q, outcomeIds: readonly string[], lock = false): Promise<QuoteRow[]> {
      if (outcomeIds.length === 0) return [];
      let query = quotes(q).where('o.id', 'in', outcomeIds);
      if (lock) query = query.forShare(['o', 'm']);
      return query.execute();
    },

    /** Adds to an event's exposure in a currency; the new total (the row stays locked until commit). */
    async addExposure(q: Q, eventId: string, currency: string, deltaMinor: bigint): Promise<bigint> {
      const row = await q
        .insertInto('sb_event_exposure')
        .values({ event_id: eventId, currency, exposure_minor: deltaMinor > 0n ? deltaMinor : 0n })
        .onConflict((oc) =>
          oc.columns(['event_id', 'currency']).doUpdateSet({
            exposure_minor: sql<bigint>`greatest(0, sb_event_exposure.exposure_minor + ${deltaMinor})`,
          }),
        )
        .returning('exposure_minor')
        .executeTakeFirstOrThrow();
      return BigInt(row.exposure_minor);
    },

    async insertTicket(q: Q, ticket: NewTicket, legs: readonly NewLeg[]): Promise<TicketRow> {
      const row = await q.insertInto('sb_tickets').values(ticket).returningAll().executeTakeFirstOrThrow();
      await q
        .insertInto('sb_ticket_legs')
        .values([...legs])
        .execute();
      return row;
    },

    /** The ticket locked for update (a cash-out or a settlement holds it to the commit). */
    lockTicket: (q: Q, id: string): Promise<TicketRow | undefined> =>
      q.selectFrom('sb_tickets').selectAll().where('id', '=', id).forUpdate().executeTakeFirst(),

    /** Tickets locked for update in id order (one order for every locker: no deadlocks). */
    lockTickets: (q: Q, ids: readonly string[]): Promise<TicketRow[]> =>
      ids.length === 0
        ? Promise.resolve([])
        : q.selectFrom('sb_tickets').selectAll().where('id', 'in', ids).orderBy('id').forUpdate().execute(),

    async legsOf(q: Q, ticketIds: readonly string[]): Promise<LegRow[]> {
      if (ticketIds.length === 0) return [];
      return q
        .selectFrom('sb_ticket_legs as l')
        .innerJoin('sb_outcomes as o', 'o.id', 'l.outcome_id')
        .innerJoin('sb_markets as m', 'm.id', 'l.market_id')
        .innerJoin('sb_events as e', 'e.id', 'l.event_id')
        .innerJoin('sb_sports as s', 's.id', 'e.sport_id')
        .innerJoin('sb_competitions as c', 'c.id', 'e.competition_id')
        .select([
          'l.ticket_id',
          'l.position',
          'l.odds_milli as taken_odds_milli',
          'l.live',
          'l.resolution',
          'l.result_version',
          ...QUOTE_COLUMNS,
        ])
        .where('l.ticket_id', 'in', ticketIds)
        .orderBy('l.ticket_id')
        .orderBy('l.position')
        .execute();
    },

    async pageOfTickets(
      playerId: string,
      settled: boolean,
      page: { limit: number; offset: number },
    ): Promise<{ rows: TicketRow[]; totalRows: number }> {
      const base = db
        .selectFrom('sb_tickets')
        .where('player_id', '=', playerId)
        .where('status', settled ? '<>' : '=', sql.lit('open'));
      const [rows, count] = await Promise.all([
        base
          .selectAll()
          .orderBy('created_at', 'desc')
          .orderBy('id', 'desc')
          .limit(page.limit)
          .offset(page.offset)
          .execute(),
        base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
      ]);
      return { rows, totalRows: Number(count.n) };
    },

    /** An event's result as stored by the ingestor. */
    eventResult: (q: Q, eventId: string) =>
      q
        .selectFrom('sb_events')
        .select(['id', 'status', 'result', 'result_version'])
        .where('id', '=', eventId)
        .executeTakeFirst(),

    /**
     * Up to `limit` tickets with a leg on the event not yet settled on result `version`
     * (open legs, or legs settled on an older version), in ticket id order, after
     * `afterTicketId` when given.
     */
    async ticketsToSettle(
      q: Q,
      eventId: string,
      version: number,
      limit: number,
      afterTicketId: string | null,
    ): Promise<string[]> {
      let query = q
        .selectFrom('sb_ticket_legs')
        .select('ticket_id')
        .distinct()
        .where('event_id', '=', eventId)
        .where((eb) => eb.or([eb('result_version', 'is', null), eb('result_version', '<', version)]));
      // A next batch resumes after the last one instead of walking the legs it settled.
      if (afterTicketId !== null) query = query.where('ticket_id', '>', afterTicketId);
      const rows = await query.orderBy('ticket_id').limit(limit).execute();
      return rows.map((row) => row.ticket_id);
    },

    async setLegResolutions(
      q: Q,
      eventId: string,
      resolved: readonly { ticketId: string; position: number; resolution: SbLegResolution }[],
      version: number,
    ): Promise<void> {
      if (resolved.length === 0) return;
      const values = sql.join(
        resolved.map((r) => sql`(${r.ticketId}::uuid, ${r.position}::smallint, ${r.resolution}::text)`),
      );
      await sql`
        update sb_ticket_legs l set resolution = v.resolution, result_version = ${version}
        from (values ${values}) as v (ticket_id, position, resolution)
        where l.ticket_id = v.ticket_id and l.position = v.position and l.event_id = ${eventId}`.execute(q);
    },

    async settleTicket(
      q: Q,
      id: string,
      outcome: { status: Exclude<SbTicketStatus, 'open'>; payoutMinor: bigint; settlements: number; at: Date },
    ): Promise<void> {
      await this.settleTickets(q, [{ id, ...outcome }]);
    },

    /** Several tickets' settlements in one statement. */
    async settleTickets(
      q: Q,
      rows: readonly {
        id: string;
        status: Exclude<SbTicketStatus, 'open'>;
        payoutMinor: bigint;
        settlements: number;
        at: Date;
      }[],
    ): Promise<void> {
      if (rows.length === 0) return;
      const values = sql.join(
        rows.map(
          (r) =>
            sql`(${r.id}::uuid, ${r.status}::text, ${r.payoutMinor}::int8, ${r.settlements}::int4, ${r.at}::timestamptz)`,
        ),
      );
      await sql`
        update sb_tickets t set status = v.status, payout_minor = v.payout_minor, settlements = v.settlements,
          settled_at = v.settled_at
        from (values ${values}) as v (id, status, payout_minor, settlements, settled_at)
        where t.id = v.id`.execute(q);
    },

    /** Adds to the exposure of several events (one statement per event and currency, in key order). */
    async addExposures(q: Q, deltas: ReadonlyMap<string, { eventId: string; currency: string; deltaMinor: bigint }>) {
      for (const key of [...deltas.keys()].sort()) {
        const { eventId, currency, deltaMinor } = deltas.get(key)!;
        if (deltaMinor !== 0n) await this.addExposure(q, eventId, currency, deltaMinor);
      }
    },
  };
}

export type BettingRepository = ReturnType<typeof createBettingRepository>;
