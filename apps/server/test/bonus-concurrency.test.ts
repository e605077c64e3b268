import { adminBonusSchema, playerBonusSchema } from '@croupier/contract';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ADMIN_KEY, adminRequest, fixtures, useTestServer } from './fixtures';
import { balancesOf, ledgerViolations } from './wallet-helpers';

/**
 * Bonuses under concurrent requests (docs/bonuses.md): dice rounds racing the round that
 * meets the wager, and a cancellation racing rounds. Whatever the interleaving, the bonus
 * converts or is forfeited exactly once, no money appears or vanishes, and the ledger holds.
 */

const t = useTestServer({ ADMIN_API_KEY: ADMIN_KEY, RATE_LIMIT_PER_MINUTE: '1000000' });
const f = fixtures(t);

async function activeBonus(body: Record<string, unknown>, realMinor: bigint) {
  const created = await adminRequest(t, 'POST', '/api/admin/bonuses', {
    body: { type: 1, trigger: 'manual', ...body },
  });
  expect(created.statusCode, created.body).toBe(201);
  const bonusId = z.object({ data: adminBonusSchema }).parse(created.json()).data.id;
  const { player, headers, accountId } = await f.playerWithSession('dice', realMinor);
  const issued = await adminRequest(t, 'POST', `/api/admin/players/${player.id}/bonuses`, {
    body: { bonusId, currency: 'USD' },
  });
  const id = z.object({ data: playerBonusSchema }).parse(issued.json()).data.id;
  const activated = await f.p.put(`/api/game/player-bonuses/${id}/activate`, undefined, { token: player.token });
  expect(activated.statusCode, activated.body).toBe(200);
  return { player, headers, accountId, id };
}

interface Played {
  round: { amount: number; payout: number };
}

const dice = (headers: Record<string, string>, amount: number) =>
  f.p.post('/api/game/originals/dice/rounds', { amount, direction: 'under', targetHundredths: 4950 }, { headers });

/** Net result of the account's rounds in minor units (payouts less stakes), from the answers. */
function netOf(answers: { statusCode: number; json: () => unknown }[]): bigint {
  let net = 0n;
  for (const answer of answers) {
    if (answer.statusCode !== 200) continue;
    const { round } = (answer.json() as { data: Played }).data;
    net += BigInt(Math.round(round.payout * 100)) - BigInt(Math.round(round.amount * 100));
  }
  return net;
}

/** What the account's bonus transactions moved: granted, forfeited and converted (minor units). */
async function bonusFlows(accountId: string) {
  const rows = await t.db
    .selectFrom('ledger_postings as p')
    .innerJoin('ledger_transactions as x', 'x.id', 'p.transaction_id')
    .select([
      'x.kind',
      'p.bucket',
      sql<string>`sum(p.amount_minor)`.as('sum'),
      sql<string>`count(distinct x.id)`.as('n'),
    ])
    .where('p.account_id', '=', accountId)
    .where('x.kind', 'like', 'bonus.%')
    .groupBy(['x.kind', 'p.bucket'])
    .execute();
  const of = (kind: string, bucket: string) => rows.find((r) => r.kind === kind && r.bucket === bucket);
  return {
    grantedMinor: BigInt(of('bonus.grant', 'bonus')?.sum ?? 0),
    forfeitedMinor: -BigInt(of('bonus.forfeit', 'bonus')?.sum ?? 0),
    convertedToRealMinor: BigInt(of('bonus.convert', 'real')?.sum ?? 0),
    conversions: Number(of('bonus.convert', 'bonus')?.n ?? 0),
  };
}

describe('bonuses under concurrency', () => {
  it('parallel rounds while the wager is met: one conversion, no money made or lost', async () => {
    const { player, headers, accountId, id } = await activeBonus(
      { name: 'Race', amounts: [{ currency: 'USD', amount: 10 }], wagerCasino: 1 },
      0n,
    );
    const answers = await Promise.all(Array.from({ length: 16 }, () => dice(headers, 1)));
    for (const answer of answers) expect([200, 400], answer.body).toContain(answer.statusCode);
    const balances = await balancesOf(t.db, accountId);
    const flows = await bonusFlows(accountId);
    // Everything the account holds came from the grant and the rounds' results; what was
    // forfeited or capped left it.
    expect(balances.real + balances.bonus).toBe(flows.grantedMinor + netOf(answers) - flows.forfeitedMinor);
    const list = await f.p.get('/api/game/player-bonuses', { token: player.token });
    const bonus = z
      .object({ data: z.array(playerBonusSchema) })
      .parse(list.json())
      .data.find((b) => b.id === id);
    if (bonus?.status === 3 && bonus.result === 2) {
      expect(flows.conversions).toBe(1);
      expect(balances.bonus).toBe(0n);
    } else {
      // Every round lost before the wager was met: the bonus was lost, nothing converted.
      expect(flows.conversions).toBe(0);
    }
    expect(await ledgerViolations(t.db)).toEqual([]);
  });

  it('a cancellation racing rounds: forfeited once, the rounds before it keep their results', async () => {
    const { player, headers, accountId, id } = await activeBonus(
      { name: 'Cancel race', amounts: [{ currency: 'USD', amount: 20 }], wagerCasino: 30 },
      500n,
    );
    const rounds = Array.from({ length: 12 }, () => dice(headers, 1));
    const cancel = f.p.put(`/api/game/player-bonuses/${id}/cancel`, undefined, { token: player.token });
    const [cancelled, ...answers] = await Promise.all([cancel, ...rounds]);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    for (const answer of answers) expect([200, 400], answer.body).toContain(answer.statusCode);
    const balances = await balancesOf(t.db, accountId);
    const flows = await bonusFlows(accountId);
    expect(balances.bonus).toBe(0n);
    expect(flows.conversions).toBe(0);
    expect(balances.real + balances.bonus).toBe(500n + flows.grantedMinor + netOf(answers) - flows.forfeitedMinor);
    const forfeits = await t.db
      .selectFrom('ledger_transactions')
      .select('id')
      .where('idempotency_key', '=', `bonus:forfeit:${id}`)
      .execute();
    expect(forfeits.length).toBeLessThanOrEqual(1);
    expect(await ledgerViolations(t.db)).toEqual([]);
  });
});
