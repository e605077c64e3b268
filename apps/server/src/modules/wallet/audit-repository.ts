import { sql } from 'kysely';
import type { Db } from '../../db/database';

/**
 * Audit queries over the whole ledger, for tests, the conformance kit and an operator's
 * checks: slow on a large database (they read every posting), never on a request path.
 */

/**
 * The ledger's invariants, checked on the whole database; each broken one is described.
 * - the postings of every transaction sum to zero per currency;
 * - every transaction has postings, every posting's currency is its account's;
 * - no player balance is below zero;
 * - every materialised balance equals the sum of its postings.
 */
export async function ledgerViolations(db: Db): Promise<string[]> {
  const problems: string[] = [];
  const unbalanced = await sql<{ transaction_id: string; currency: string; total: string }>`
    select transaction_id, currency, sum(amount_minor)::text as total
    from ledger_postings group by transaction_id, currency having sum(amount_minor) <> 0`.execute(db);
  for (const row of unbalanced.rows)
    problems.push(`transaction ${row.transaction_id} ${row.currency} sums to ${row.total}`);

  const empty = await sql<{ id: string }>`
    select t.id from ledger_transactions t
    where not exists (select 1 from ledger_postings p where p.transaction_id = t.id)`.execute(db);
  for (const row of empty.rows) problems.push(`transaction ${row.id} has no postings`);

  const negative = await sql<{ id: string }>`
    select id from ledger_accounts
    where kind = 'player' and (balance_minor < 0 or bonus_balance_minor < 0 or locked_balance_minor < 0)`.execute(db);
  for (const row of negative.rows) problems.push(`player account ${row.id} below zero`);

  const drift = await sql<{ id: string; bucket: string; materialised: string; posted: string }>`
    with sums as (
      select a.id,
        coalesce(sum(p.amount_minor) filter (where p.bucket = 'real'), 0) as real,
        coalesce(sum(p.amount_minor) filter (where p.bucket = 'bonus'), 0) as bonus,
        coalesce(sum(p.amount_minor) filter (where p.bucket = 'locked'), 0) as locked,
        a.balance_minor, a.bonus_balance_minor, a.locked_balance_minor
      from ledger_accounts a left join ledger_postings p on p.account_id = a.id
      group by a.id)
    select id, 'real' as bucket, balance_minor::text as materialised, real::text as posted from sums where balance_minor <> real
    union all
    select id, 'bonus', bonus_balance_minor::text, bonus::text from sums where bonus_balance_minor <> bonus
    union all
    select id, 'locked', locked_balance_minor::text, locked::text from sums where locked_balance_minor <> locked`.execute(
    db,
  );
  for (const row of drift.rows) {
    problems.push(`account ${row.id} ${row.bucket}: balance ${row.materialised}, postings ${row.posted}`);
  }
  return problems;
}
