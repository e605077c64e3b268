// The database's own ceiling for a dice round: pgbench replays the statements a round sends
// today (bench/dice.bench.mjs counts them on the wire; ARCHITECTURE.md, "The bet path's
// budget", lists them) against the players the benchmark created, with no HTTP and no
// Node.js in the way. Its tps is the most any server code could reach with these
// statements and round trips on this PostgreSQL; the ratio to TPC-B-like tps tells how far
// the goal is a matter of the server's CPU and how far of the round's own writes.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import pg from 'pg';
import { pgbenchFigures } from './lib.mjs';

const HEX64 = 'ab'.repeat(32);
const METADATA = '{"gameId": "00000000-0000-0000-0000-000000000000", "roundId": "r", "provider": "croupier"}';

/** One row per real-money dice session of the run: what a round of that player names. */
async function prepareInputs(databaseUrl) {
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    await db.query('drop table if exists bench_round_inputs');
    // The game shard account is the one the player's first bet was posted to.
    await db.query(`
      create table bench_round_inputs as
      select row_number() over (order by s.player_id) as n, s.token_hash, s.id as session_id, s.player_id,
        s.account_id, s.game_id,
        (select p2.account_id from ledger_postings p1
           join ledger_postings p2 on p2.transaction_id = p1.transaction_id and p2.account_id <> p1.account_id
           join ledger_transactions t on t.id = p1.transaction_id and t.kind = 'game.bet'
           where p1.account_id = s.account_id limit 1) as shard_id
      from game_sessions s
      where not s.is_demo and s.player_id is not null
        and exists (select 1 from game_rounds r where r.session_id = s.id)`);
    await db.query('alter table bench_round_inputs add primary key (n)');
    await db.query(ROUND_FUNCTION);
    return Number((await db.query('select count(*) from bench_round_inputs')).rows[0].count);
  } finally {
    await db.end();
  }
}

/** The end of the postings statement (the player's account as the ledger answers it) and the turn-over read. */
const BALANCES_AND_TURNOVER = `), v as (
  select u.id as view_id, u.player_id, u.currency as view_currency, c.subunit_to_unit, u.balance_minor, u.bonus_balance_minor,
    u.locked_balance_minor, u.restricted_minor, u.is_hidden, u.created_at as account_created_at,
    coalesce(w.active_account_id = u.id, false) as is_active
  from u join currencies c on c.code = u.currency left join player_wallets w on w.player_id = u.player_id where u.kind = 'player'
)
select p.*, v.* from p left join v on v.view_id = p.account_id order by p.id;
select * from turnover_requirements where account_id = :account_id::uuid;`;

/**
 * The same writes as one PL/pgSQL function, called in one round trip: what a stored
 * function would save on the database's side (its statements are planned once per
 * connection, nothing waits on the network inside the transaction). Benchmark-only: the
 * server keeps the round in TypeScript, each module writing its own tables (ARCHITECTURE.md,
 * "The bet path's budget", says why).
 */
const ROUND_FUNCTION = `
create or replace function bench_round(p_token text, p_player uuid, p_session uuid, p_account uuid, p_shard uuid,
  p_game uuid, p_won boolean) returns bigint language plpgsql as $$
declare
  v_pair uuid; v_nonce bigint; v_seed text; v_balance bigint;
  v_round uuid := gen_random_uuid(); v_bet uuid := gen_random_uuid(); v_win uuid := gen_random_uuid();
begin
  perform 1 from game_sessions s left join players p on p.id = s.player_id
    left join player_sessions ps on ps.id = s.sign_in_session_id where s.token_hash = p_token;
  update game_seed_pairs set nonce = nonce + 1 where player_id = p_player and is_active
    returning id, nonce, client_seed into v_pair, v_nonce, v_seed;
  insert into game_rounds (id, player_id, session_id, game_id, game, seed_pair_id, nonce, client_seed, params, outcome,
    actions, status, currency, is_demo, stake_minor, payout_minor, multiplier_bp, settled_at)
    values (v_round, p_player, p_session, p_game, 'dice', v_pair, v_nonce, v_seed,
    '{"direction": "under", "targetHundredths": 4950}', '{"win": true, "multiplierBp": 20000, "rollHundredths": 1234}',
    null, 'settled', 'USD', false, 100, case when p_won then 200 else 0 end, case when p_won then 20000 else 0 end, now());
  insert into game_wallet_transactions (provider, provider_tx_id, kind, session_id, round_id, amount_minor, currency,
    reference_tx_id, ledger_transaction_id)
    values ('croupier', v_round::text || ':bet', 'bet', p_session, v_round::text, 100, 'USD', null, v_bet),
    ('croupier', v_round::text || ':win', 'win', p_session, v_round::text, case when p_won then 200 else 0 end, 'USD',
      null, case when p_won then v_win end);
  insert into ledger_transactions (id, idempotency_key, kind, request_hash, metadata)
    values (v_bet, 'game:croupier:bet:' || v_round, 'game.bet', '${HEX64}', '${METADATA}');
  if p_won then
    insert into ledger_transactions (id, idempotency_key, kind, request_hash, metadata)
      values (v_win, 'game:croupier:win:' || v_round, 'game.win', '${HEX64}', '${METADATA}');
  end if;
  perform 1 from ledger_accounts a where a.id in (p_account, p_shard) order by a.id for update of a;
  insert into ledger_postings (transaction_id, account_id, bucket, currency, amount_minor)
    values (v_bet, p_account, 'real', 'USD', -100), (v_bet, p_shard, 'real', 'USD', 100);
  if p_won then
    insert into ledger_postings (transaction_id, account_id, bucket, currency, amount_minor)
      values (v_win, p_account, 'real', 'USD', 200), (v_win, p_shard, 'real', 'USD', -200);
  end if;
  update ledger_accounts set balance_minor = balance_minor + case when p_won then 100 else -100 end, updated_at = now()
    where id = p_account returning balance_minor into v_balance;
  update ledger_accounts set balance_minor = balance_minor - case when p_won then 100 else -100 end, updated_at = now()
    where id = p_shard;
  perform 1 from turnover_requirements where account_id = p_account;
  if p_won then
    insert into game_wins (provider, round_id, game_id, player_id, currency, stake_minor, payout_minor)
      values ('croupier', v_round::text, p_game, p_player, 'USD', 100, 200);
  end if;
  return v_balance;
end $$`;

const FUNCTION_SCRIPT = `
\\set n random(1, :players)
\\set won random(0, 1)
select token_hash, session_id, player_id, account_id, shard_id, game_id from bench_round_inputs where n = :n \\gset
select bench_round(:token_hash, :player_id::uuid, :session_id::uuid, :account_id::uuid, :shard_id::uuid, :game_id::uuid, :won = 1);
`;

/**
 * The round's statements as pgbench script: a won round (bet and win) or a lost one, half
 * each. No ':' before a letter inside a literal: pgbench takes it for a variable there too,
 * so the keys use '.' where the server's use ':' (same length, same checks).
 */
function script() {
  return `
\\set n random(1, :players)
\\set won random(0, 1)
select token_hash, session_id, player_id, account_id, shard_id, game_id, gen_random_uuid() as round_id,
  gen_random_uuid() as bet_tx, gen_random_uuid() as win_tx from bench_round_inputs where n = :n \\gset
select s.*, p.status from game_sessions s left join players p on p.id = s.player_id
  left join player_sessions ps on ps.id = s.sign_in_session_id where s.token_hash = :token_hash;
begin;
update game_seed_pairs set nonce = nonce + 1 where player_id = :player_id::uuid and is_active returning id as pair_id, nonce, client_seed \\gset
insert into game_rounds (id, player_id, session_id, game_id, game, seed_pair_id, nonce, client_seed, params, outcome,
  actions, status, currency, is_demo, stake_minor, payout_minor, multiplier_bp, settled_at)
  values (:round_id::uuid, :player_id::uuid, :session_id::uuid, :game_id::uuid, 'dice', :pair_id::uuid, :nonce::int8, :client_seed::text,
  '{"direction": "under", "targetHundredths": 4950}', '{"win": true, "multiplierBp": 20000, "rollHundredths": 1234}',
  null, 'settled', 'USD', false, 100, 200 * :won::int8, 20000 * :won::int8, now()) returning *;
\\if :won
insert into game_wallet_transactions (provider, provider_tx_id, kind, session_id, round_id, amount_minor, currency,
  reference_tx_id, ledger_transaction_id)
  values ('croupier', :round_id::text || '.bet', 'bet', :session_id::uuid, :round_id::text, 100, 'USD', null, :bet_tx::uuid),
  ('croupier', :round_id::text || '.win', 'win', :session_id::uuid, :round_id::text, 200, 'USD', null, :win_tx::uuid)
  on conflict do nothing returning *;
with tx as (
  insert into ledger_transactions (id, idempotency_key, kind, request_hash, metadata)
  values (:bet_tx::uuid, 'game.croupier.bet.' || :round_id::text || '.bet', 'game.bet', '${HEX64}', '${METADATA}'),
    (:win_tx::uuid, 'game.croupier.win.' || :round_id::text || '.win', 'game.win', '${HEX64}', '${METADATA}')
  on conflict (idempotency_key) do nothing returning id)
select a.*, (select count(*) from tx)::int4 as inserted_count, now() as tx_created_at from ledger_accounts a
  where a.id in (:account_id::uuid, :shard_id::uuid) order by a.id for update of a;
with p as (
  insert into ledger_postings (transaction_id, account_id, bucket, currency, amount_minor)
  values (:bet_tx::uuid, :account_id::uuid, 'real', 'USD', -100), (:bet_tx::uuid, :shard_id::uuid, 'real', 'USD', 100),
    (:win_tx::uuid, :account_id::uuid, 'real', 'USD', 200), (:win_tx::uuid, :shard_id::uuid, 'real', 'USD', -200) returning *
), u as (
  update ledger_accounts a set balance_minor = a.balance_minor + d.real, bonus_balance_minor = a.bonus_balance_minor + d.bonus,
    locked_balance_minor = a.locked_balance_minor + d.locked, updated_at = now()
  from (values (:account_id::uuid, 100::int8, 0::int8, 0::int8), (:shard_id::uuid, -100::int8, 0::int8, 0::int8)) as d (id, real, bonus, locked)
  where a.id = d.id returning a.*
${BALANCES_AND_TURNOVER}
insert into game_wins (provider, round_id, game_id, player_id, currency, stake_minor, payout_minor)
  values ('croupier', :round_id::text, :game_id::uuid, :player_id::uuid, 'USD', 100, 200)
  on conflict (provider, player_id, round_id) do update set stake_minor = excluded.stake_minor,
  payout_minor = excluded.payout_minor, created_at = now() returning id, game_id;
\\else
insert into game_wallet_transactions (provider, provider_tx_id, kind, session_id, round_id, amount_minor, currency,
  reference_tx_id, ledger_transaction_id)
  values ('croupier', :round_id::text || '.bet', 'bet', :session_id::uuid, :round_id::text, 100, 'USD', null, :bet_tx::uuid),
  ('croupier', :round_id::text || '.win', 'win', :session_id::uuid, :round_id::text, 0, 'USD', null, null)
  on conflict do nothing returning *;
with tx as (
  insert into ledger_transactions (id, idempotency_key, kind, request_hash, metadata)
  values (:bet_tx::uuid, 'game.croupier.bet.' || :round_id::text || '.bet', 'game.bet', '${HEX64}', '${METADATA}')
  on conflict (idempotency_key) do nothing returning id)
select a.*, (select count(*) from tx)::int4 as inserted_count, now() as tx_created_at from ledger_accounts a
  where a.id in (:account_id::uuid, :shard_id::uuid) order by a.id for update of a;
with p as (
  insert into ledger_postings (transaction_id, account_id, bucket, currency, amount_minor)
  values (:bet_tx::uuid, :account_id::uuid, 'real', 'USD', -100), (:bet_tx::uuid, :shard_id::uuid, 'real', 'USD', 100) returning *
), u as (
  update ledger_accounts a set balance_minor = a.balance_minor + d.real, bonus_balance_minor = a.bonus_balance_minor + d.bonus,
    locked_balance_minor = a.locked_balance_minor + d.locked, updated_at = now()
  from (values (:account_id::uuid, -100::int8, 0::int8, 0::int8), (:shard_id::uuid, 100::int8, 0::int8, 0::int8)) as d (id, real, bonus, locked)
  where a.id = d.id returning a.*
${BALANCES_AND_TURNOVER}
\\endif
commit;
`;
}

/**
 * Replays rounds with pgbench at each client count for `durationS`, in two forms: the
 * round's statements as the server sends them (`statements`) and the same writes as one
 * stored-function call (`function`). Answers tps per form and client count, or an error
 * text. Run after the timed levels: the rows it adds stay in the benchmark's database,
 * which is dropped after the run.
 */
export async function replayRounds(databaseUrl, clientCounts, durationS = 10) {
  const players = await prepareInputs(databaseUrl);
  if (players === 0) return { error: 'no played sessions to replay' };
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dice-replay-'));
  const forms = { statements: script(), function: FUNCTION_SCRIPT };
  const results = { statements: new Map(), function: new Map() };
  try {
    for (const [form, text] of Object.entries(forms)) {
      const file = path.join(dir, `${form}.sql`);
      fs.writeFileSync(file, text);
      for (const clients of clientCounts) {
        const run = spawnSync(
          'pgbench',
          [
            '-n',
            '-M',
            'prepared',
            '-f',
            file,
            '-D',
            `players=${players}`,
            '-c',
            String(clients),
            '-j',
            '2',
            '-T',
            String(durationS),
            databaseUrl,
          ],
          { encoding: 'utf8' },
        );
        if (run.status !== 0) {
          return { error: `pgbench (${form}) failed: ${run.stderr.trim().split('\n').slice(0, 4).join(' ')}` };
        }
        results[form].set(clients, pgbenchFigures(run.stdout));
      }
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
  return { players, results };
}
