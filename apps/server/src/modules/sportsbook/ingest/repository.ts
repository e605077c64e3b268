import { sql, type Kysely, type RawBuilder, type Transaction } from 'kysely';
import type { Database } from '../../../db/schema';
import type {
  FeedCompetition,
  FeedEvent,
  FeedMarket,
  FeedResult,
  FeedSnapshot,
  FeedSport,
  LiveScore,
  MarketSpec,
  MarketStatus,
  OutcomePrice,
} from '../feed';

type Q = Kysely<Database> | Transaction<Database>;

/** Rows per multi-row statement: well under PostgreSQL's 65,535 parameters. */
const CHUNK_ROWS = 1000;

function chunks<T>(rows: readonly T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += CHUNK_ROWS) out.push(rows.slice(i, i + CHUNK_ROWS));
  return out;
}

const LINE_TYPES = new Set<string>(['total', 'asian_handicap', 'total_games', 'total_maps']);

/** A market spec as columns: lines in quarters (line × 4), as the settlement rules count them. */
export function specColumns(spec: MarketSpec): { lineQuarters: number | null; number: number | null } {
  if ('line' in spec) {
    const lineQuarters = spec.line * 4;
    if (!Number.isSafeInteger(lineQuarters)) throw new RangeError(`market line not a multiple of 0.25: ${spec.line}`);
    return { lineQuarters, number: null };
  }
  if (spec.type === 'set_winner') return { lineQuarters: null, number: spec.set };
  if (spec.type === 'map_winner') return { lineQuarters: null, number: spec.map };
  return { lineQuarters: null, number: null };
}

export function specFromColumns(type: string, lineQuarters: number | null, number: number | null): MarketSpec {
  if (LINE_TYPES.has(type)) return { type, line: (lineQuarters ?? 0) / 4 } as MarketSpec;
  if (type === 'set_winner') return { type, set: number ?? 1 };
  if (type === 'map_winner') return { type, map: number ?? 1 };
  return { type } as MarketSpec;
}

/** Locks the feed's state row for the transaction; null before the feed's first snapshot. */
export async function lockFeedSequence(trx: Q, feed: string): Promise<number | null> {
  const row = await trx
    .selectFrom('sb_feed_state')
    .select('sequence')
    .where('feed', '=', feed)
    .forUpdate()
    .executeTakeFirst();
  return row ? Number(row.sequence) : null;
}

export async function readFeedSequence(db: Q, feed: string): Promise<number | null> {
  const row = await db.selectFrom('sb_feed_state').select('sequence').where('feed', '=', feed).executeTakeFirst();
  return row ? Number(row.sequence) : null;
}

export async function setFeedSequence(trx: Q, feed: string, sequence: number): Promise<void> {
  await trx
    .insertInto('sb_feed_state')
    .values({ feed, sequence: BigInt(sequence) })
    .onConflict((oc) => oc.column('feed').doUpdateSet({ sequence: BigInt(sequence), updated_at: new Date() }))
    .execute();
}

export async function upsertSports(trx: Q, sports: readonly FeedSport[]): Promise<void> {
  for (const part of chunks(sports)) {
    await trx
      .insertInto('sb_sports')
      .values(part.map((s) => ({ id: s.id, key: s.key, name: s.name })))
      .onConflict((oc) =>
        oc.column('id').doUpdateSet((eb) => ({ key: eb.ref('excluded.key'), name: eb.ref('excluded.name') })),
      )
      .execute();
  }
}

export async function upsertCompetitions(trx: Q, competitions: readonly FeedCompetition[]): Promise<void> {
  for (const part of chunks(competitions)) {
    await trx
      .insertInto('sb_competitions')
      .values(part.map((c) => ({ id: c.id, sport_id: c.sportId, name: c.name, region: c.region })))
      .onConflict((oc) =>
        oc.column('id').doUpdateSet((eb) => ({
          sport_id: eb.ref('excluded.sport_id'),
          name: eb.ref('excluded.name'),
          region: eb.ref('excluded.region'),
        })),
      )
      .execute();
  }
}

/**
 * Upserts whole events (a message replaces what it names). With `results`, the result
 * columns are written too (a snapshot: an event absent from it has no result); without,
 * they are left as they are. An upserted event is offered again (not removed).
 */
export async function upsertEvents(
  trx: Q,
  feed: string,
  events: readonly FeedEvent[],
  sequence: number,
  results?: ReadonlyMap<string, FeedResult>,
): Promise<void> {
  for (const part of chunks(events)) {
    const rows = part.map((e) => {
      const result = results?.get(e.id);
      return {
        id: e.id,
        feed,
        sport_id: e.sportId,
        competition_id: e.competitionId,
        home_id: e.home.id,
        home_name: e.home.name,
        away_id: e.away.id,
        away_name: e.away.name,
        starts_at: new Date(e.startsAtMs),
        status: e.status,
        score: e.score ? JSON.stringify(e.score) : null,
        clock_period: e.clock?.period ?? null,
        clock_seconds: e.clock?.seconds ?? null,
        clock_running: e.clock?.running ?? null,
        best_of: e.bestOf,
        result: result ? JSON.stringify(result.outcome) : null,
        result_version: result?.version ?? null,
        removed_at: null,
        updated_sequence: BigInt(sequence),
      };
    });
    await trx
      .insertInto('sb_events')
      .values(rows)
      .onConflict((oc) =>
        oc.column('id').doUpdateSet((eb) => ({
          feed: eb.ref('excluded.feed'),
          sport_id: eb.ref('excluded.sport_id'),
          competition_id: eb.ref('excluded.competition_id'),
          home_id: eb.ref('excluded.home_id'),
          home_name: eb.ref('excluded.home_name'),
          away_id: eb.ref('excluded.away_id'),
          away_name: eb.ref('excluded.away_name'),
          starts_at: eb.ref('excluded.starts_at'),
          status: eb.ref('excluded.status'),
          score: eb.ref('excluded.score'),
          clock_period: eb.ref('excluded.clock_period'),
          clock_seconds: eb.ref('excluded.clock_seconds'),
          clock_running: eb.ref('excluded.clock_running'),
          best_of: eb.ref('excluded.best_of'),
          removed_at: null,
          updated_sequence: eb.ref('excluded.updated_sequence'),
          ...(results ? { result: eb.ref('excluded.result'), result_version: eb.ref('excluded.result_version') } : {}),
        })),
      )
      .execute();
  }
}

/** Marks the feed's events absent from `keepIds` removed (they left the feed during a gap). */
export async function removeEventsExcept(
  trx: Q,
  feed: string,
  keepIds: readonly string[],
  sequence: number,
): Promise<string[]> {
  const rows = await sql<{ id: string }>`
    update sb_events set removed_at = now(), updated_sequence = ${BigInt(sequence)}
    where feed = ${feed} and removed_at is null and not (id = any(${[...keepIds]}::text[]))
    returning id`.execute(trx);
  return rows.rows.map((r) => r.id);
}

export async function removeEvent(trx: Q, eventId: string, sequence: number): Promise<void> {
  await trx
    .updateTable('sb_events')
    .set({ removed_at: new Date(), updated_sequence: BigInt(sequence) })
    .where('id', '=', eventId)
    .execute();
}

/** Upserts markets with all their outcomes (status, prices and activity as given). */
export async function upsertMarkets(trx: Q, markets: readonly FeedMarket[], sequence: number): Promise<void> {
  for (const part of chunks(markets)) {
    await trx
      .insertInto('sb_markets')
      .values(
        part.map((m) => {
          const { lineQuarters, number } = specColumns(m.spec);
          return {
            id: m.id,
            event_id: m.eventId,
            type: m.spec.type,
            line_quarters: lineQuarters,
            number,
            status: m.status,
            updated_sequence: BigInt(sequence),
          };
        }),
      )
      .onConflict((oc) =>
        oc.column('id').doUpdateSet((eb) => ({
          event_id: eb.ref('excluded.event_id'),
          type: eb.ref('excluded.type'),
          line_quarters: eb.ref('excluded.line_quarters'),
          number: eb.ref('excluded.number'),
          status: eb.ref('excluded.status'),
          updated_sequence: eb.ref('excluded.updated_sequence'),
        })),
      )
      .execute();
  }
  const outcomes = markets.flatMap((m) =>
    m.outcomes.map((o, position) => ({
      id: o.id,
      market_id: m.id,
      key: o.key,
      position,
      odds_milli: Number(o.oddsMilli),
      active: o.active,
    })),
  );
  for (const part of chunks(outcomes)) {
    await trx
      .insertInto('sb_outcomes')
      .values(part)
      .onConflict((oc) =>
        oc.column('id').doUpdateSet((eb) => ({
          market_id: eb.ref('excluded.market_id'),
          key: eb.ref('excluded.key'),
          position: eb.ref('excluded.position'),
          odds_milli: eb.ref('excluded.odds_milli'),
          active: eb.ref('excluded.active'),
        })),
      )
      .execute();
  }
}

function valuesList(rows: RawBuilder<unknown>[]): RawBuilder<unknown> {
  return sql.join(rows);
}

/** New statuses of many markets: one UPDATE … FROM (VALUES …) per chunk. */
export async function updateMarketStatuses(
  trx: Q,
  statuses: readonly { marketId: string; status: MarketStatus }[],
  sequence: number,
): Promise<void> {
  for (const part of chunks(statuses)) {
    const values = valuesList(part.map((s) => sql`(${s.marketId}::text, ${s.status}::text)`));
    await sql`
      update sb_markets m set status = v.status, updated_sequence = ${BigInt(sequence)}
      from (values ${values}) as v (id, status)
      where m.id = v.id`.execute(trx);
  }
}

/** New prices of many outcomes: one UPDATE … FROM (VALUES …) per chunk. */
export async function updateOutcomePrices(trx: Q, prices: readonly OutcomePrice[]): Promise<void> {
  for (const part of chunks(prices)) {
    const values = valuesList(
      part.map((p) => sql`(${p.outcomeId}::text, ${Number(p.oddsMilli)}::integer, ${p.active}::boolean)`),
    );
    await sql`
      update sb_outcomes o set odds_milli = v.odds_milli, active = v.active
      from (values ${values}) as v (id, odds_milli, active)
      where o.id = v.id`.execute(trx);
  }
}

/** Stores a result (or its correction) and settles every market of the event. */
export async function setResult(trx: Q, result: FeedResult, sequence: number, cancelled: boolean): Promise<void> {
  await trx
    .updateTable('sb_events')
    .set({
      result: JSON.stringify(result.outcome),
      result_version: result.version,
      updated_sequence: BigInt(sequence),
      ...(cancelled ? { status: 'cancelled' as const } : {}),
    })
    .where('id', '=', result.eventId)
    .execute();
  await trx
    .updateTable('sb_markets')
    .set({ status: 'settled', updated_sequence: BigInt(sequence) })
    .where('event_id', '=', result.eventId)
    .where('status', '<>', 'settled')
    .execute();
}

/**
 * The feed's catalogue as stored, in the feed's own shapes (events not removed, their
 * markets, results, and the competitions they use); `atMs` is 0.
 */
export async function readCatalogue(db: Q, feed: string): Promise<FeedSnapshot> {
  const sequence = (await readFeedSequence(db, feed)) ?? 0;
  const events = await db
    .selectFrom('sb_events')
    .selectAll()
    .where('feed', '=', feed)
    .where('removed_at', 'is', null)
    .orderBy('id')
    .execute();
  const eventIds = events.map((e) => e.id);
  const competitionIds = [...new Set(events.map((e) => e.competition_id))];
  const sports = await db.selectFrom('sb_sports').selectAll().orderBy('id').execute();
  const competitions =
    competitionIds.length === 0
      ? []
      : await db.selectFrom('sb_competitions').selectAll().where('id', 'in', competitionIds).orderBy('id').execute();
  const markets =
    eventIds.length === 0
      ? []
      : await db.selectFrom('sb_markets').selectAll().where('event_id', 'in', eventIds).orderBy('id').execute();
  const outcomes =
    markets.length === 0
      ? []
      : await db
          .selectFrom('sb_outcomes')
          .selectAll()
          .where(
            'market_id',
            'in',
            markets.map((m) => m.id),
          )
          .orderBy('market_id')
          .orderBy('position')
          .execute();
  const outcomesByMarket = new Map<string, typeof outcomes>();
  for (const o of outcomes) {
    const list = outcomesByMarket.get(o.market_id) ?? [];
    list.push(o);
    outcomesByMarket.set(o.market_id, list);
  }
  return {
    sequence,
    atMs: 0,
    sports: sports.map((s) => ({ id: s.id, key: s.key, name: s.name })),
    competitions: competitions.map((c) => ({ id: c.id, sportId: c.sport_id, name: c.name, region: c.region })),
    events: events.map((e) => ({
      id: e.id,
      sportId: e.sport_id,
      competitionId: e.competition_id,
      home: { id: e.home_id, name: e.home_name },
      away: { id: e.away_id, name: e.away_name },
      startsAtMs: e.starts_at.getTime(),
      status: e.status,
      score: (e.score ?? null) as LiveScore | null,
      clock:
        e.clock_period === null
          ? null
          : { period: e.clock_period, seconds: e.clock_seconds, running: e.clock_running ?? false },
      bestOf: e.best_of,
    })),
    markets: markets.map((m) => ({
      id: m.id,
      eventId: m.event_id,
      spec: specFromColumns(m.type, m.line_quarters, m.number),
      status: m.status,
      outcomes: (outcomesByMarket.get(m.id) ?? []).map((o) => ({
        id: o.id,
        key: o.key,
        oddsMilli: BigInt(o.odds_milli),
        active: o.active,
      })),
    })),
    results: events.flatMap((e) =>
      e.result_version === null
        ? []
        : [{ eventId: e.id, version: e.result_version, outcome: e.result as FeedResult['outcome'] }],
    ),
  };
}
