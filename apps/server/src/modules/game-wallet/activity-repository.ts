import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { GameActivitySourceRow, StreamPosition } from '../activity';

/**
 * The game calls of finished transactions after `after` and below `horizon`, in stream order
 * (transaction id, then bets, wins and rollbacks, then row id), demo play left out. One indexed range read of
 * `(tx_xid, id)`; a win carries its round's stake (bets not rolled back) for multipliers.
 */
export async function readGameActivity(
  q: Kysely<Database>,
  after: StreamPosition,
  horizon: string,
  limit: number,
): Promise<GameActivitySourceRow[]> {
  // Within a transaction (an in-house round's bet and win), bets come before wins before
  // rollbacks; the position's id is `{rank}:{row id}`.
  const rank = sql`(case t.kind when 'bet' then 0 when 'win' then 1 else 2 end)`;
  let from;
  if (after.kind === 'from') from = sql`t.tx_xid >= ${after.xid}::xid8`;
  else if (after.kind === 'past') from = sql`t.tx_xid > ${after.xid}::xid8`;
  else {
    const [afterRank, afterId] = after.id.split(':');
    from = sql`(t.tx_xid, ${rank}, t.id) > (${after.xid}::xid8, ${Number(afterRank)}, ${afterId}::uuid)`;
  }
  const result = await sql<GameActivitySourceRow>`
    select ${rank} || ':' || t.id as position, t.id, t.tx_xid::text as tx_xid, t.kind, s.player_id, s.account_id, t.currency, t.amount_minor,
      t.bonus_minor, s.game_id, g.identity as game_identity, t.provider, t.round_id,
      (t.freespin_id is not null) as free_round,
      case when t.kind = 'win' then coalesce((
        select sum(b.amount_minor) from game_wallet_transactions b
        where b.provider = t.provider and b.round_id = t.round_id and b.kind = 'bet' and not b.rolled_back
      ), 0) else 0 end::int8 as round_stake_minor,
      r.kind as undid, t.created_at
    from game_wallet_transactions t
    join game_sessions s on s.id = t.session_id
    join games g on g.id = s.game_id
    left join game_wallet_transactions r
      on t.kind = 'rollback' and r.provider = t.provider and r.provider_tx_id = t.reference_tx_id and r.kind <> 'rollback'
    where ${from} and t.tx_xid < ${horizon}::xid8
      -- Corrections of settled rounds (resettle) are no bets, wins or refunds of the stream.
      and t.kind in ('bet', 'win', 'rollback')
      and not s.is_demo and s.player_id is not null and s.account_id is not null
    order by t.tx_xid, ${rank}, t.id
    limit ${limit}`.execute(q);
  return result.rows;
}
