import { adminBonusSchema, playerBonusSchema } from '@croupier/contract';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ADMIN_KEY, adminRequest, fixtures, seededRandom, useGameProvider, useTestServer } from './fixtures';
import { balancesOf, fund, ledgerViolations } from './wallet-helpers';

/**
 * Bonus money under random sequences (docs/bonuses.md): funding, bonus activations (one
 * replacing another), bets, wins, rollbacks, cancellations, withdrawals and expiries,
 * against an independent model of the rules. After every step the account's real and
 * bonus balances and the active bonus's wager must be the model's; so bonus money becomes
 * real money only by a met wager, capped, and never otherwise. The ledger's invariants
 * hold at the end of every run. `BONUS_PROPERTY_RUNS` raises the number of runs.
 */

const PROVIDER = 'northern-lights';
const SECRET = 'northern-lights-property-secret';
const RUNS = Number(process.env.BONUS_PROPERTY_RUNS ?? 20);
const STEPS = 25;
const SEED = Number(process.env.BONUS_PROPERTY_SEED ?? 20261126);
const TOKEN_REFRESH_MS = 5 * 60_000;

const t = useTestServer({
  ADMIN_API_KEY: ADMIN_KEY,
  RATE_LIMIT_PER_MINUTE: '1000000',
  PAYMENTS_SANDBOX_WEBHOOK_SECRET: 'property-webhook-secret',
  WITHDRAWAL_AUTO_APPROVE_MAX: '0',
});
const { call } = useGameProvider(t, PROVIDER, SECRET, { ip: '10.9.9.9' });
const f = fixtures(t);

interface Template {
  id: string;
  amountMinor: bigint;
  wager: number;
  maxBetMinor: bigint | null;
  maxWinMinor: bigint | null;
  /** The slot is outside the bonus's games: its money may not be bet there, and bets do not count. */
  excludesSlot: boolean;
  /** Expires within a step or two. */
  short: boolean;
}

interface ActiveBonus {
  id: string;
  template: Template;
  wageredMinor: bigint;
  requiredMinor: bigint;
  /** The step it was activated at: bets before it are not its open bets. */
  since: number;
}

interface Round {
  id: string;
  stakeMinor: bigint;
  bonusMinor: bigint;
  step: number;
  settled: boolean;
}

async function template(body: Record<string, unknown>, shape: Omit<Template, 'id'>): Promise<Template> {
  const response = await adminRequest(t, 'POST', '/api/admin/bonuses', {
    body: { type: 1, trigger: 'manual', ...body },
  });
  expect(response.statusCode, response.body).toBe(201);
  return { id: z.object({ data: adminBonusSchema }).parse(response.json()).data.id, ...shape };
}

describe('bonus money under random sequences', () => {
  it(
    `keeps the model's balances and the ledger's invariants over ${RUNS} runs of ${STEPS} steps`,
    async () => {
      const templates = [
        await template(
          {
            name: 'P cash',
            amounts: [{ currency: 'USD', amount: 20 }],
            wagerCasino: 3,
            betRanges: [{ currency: 'USD', amountTo: 15 }],
          },
          { amountMinor: 2_000n, wager: 3, maxBetMinor: 1_500n, maxWinMinor: null, excludesSlot: false, short: false },
        ),
        await template(
          {
            name: 'P capped',
            amounts: [{ currency: 'USD', amount: 10 }],
            wagerCasino: 2,
            maxWinAmounts: [{ currency: 'USD', amount: 12 }],
          },
          { amountMinor: 1_000n, wager: 2, maxBetMinor: null, maxWinMinor: 1_200n, excludesSlot: false, short: false },
        ),
        await template(
          { name: 'P free', amounts: [{ currency: 'USD', amount: 5 }], wagerCasino: 0 },
          { amountMinor: 500n, wager: 0, maxBetMinor: null, maxWinMinor: null, excludesSlot: false, short: false },
        ),
        await template(
          { name: 'P short', amounts: [{ currency: 'USD', amount: 8 }], wagerCasino: 5, wageringDays: 0.000001 },
          { amountMinor: 800n, wager: 5, maxBetMinor: null, maxWinMinor: null, excludesSlot: false, short: true },
        ),
        await template(
          {
            name: 'P elsewhere',
            amounts: [{ currency: 'USD', amount: 15 }],
            wagerCasino: 1,
            gameIds: ['fruit-fiesta'],
          },
          { amountMinor: 1_500n, wager: 1, maxBetMinor: null, maxWinMinor: null, excludesSlot: true, short: false },
        ),
      ];
      const { player, session: token, accountId } = await f.playerWithSession('aurora-wilds', 0n);
      // Access tokens live 15 minutes and thousands of runs take longer: refresh it now and then.
      let playerToken = player.token;
      let tokenAtMs = Date.now();
      const freshToken = async () => {
        if (Date.now() - tokenAtMs < TOKEN_REFRESH_MS) return playerToken;
        const refreshed = await f.p.post('/api/player/sessions/refresh', undefined, { token: playerToken });
        expect(refreshed.statusCode, refreshed.body).toBe(200);
        playerToken = z.object({ data: z.object({ accessToken: z.string() }) }).parse(refreshed.json())
          .data.accessToken;
        tokenAtMs = Date.now();
        return playerToken;
      };
      const random = seededRandom(SEED);
      let counter = 0;
      let operations = 0;

      for (let run = 0; run < RUNS; run += 1) {
        const start = await balancesOf(t.db, accountId);
        // Each run starts from what the last left: no active bonus, no open round.
        let real = start.real;
        let bonus = start.bonus;
        let active: ActiveBonus | null = null;
        const rounds: Round[] = [];
        expect(bonus).toBe(0n);

        const openSince = (since: number) => rounds.filter((r) => !r.settled && r.step >= since).length;
        const forfeit = () => {
          bonus = 0n;
          active = null;
        };
        /** The bonus side of a settled round or a refund (the hook runs when bonus money is involved). */
        const settleModel = (bonusStakeMinor: bigint, refundedStakeMinor: bigint | null) => {
          if (bonusStakeMinor === 0n && bonus === 0n) return;
          if (!active) {
            bonus = 0n;
            return;
          }
          if (refundedStakeMinor !== null && active.template.wager > 0 && !active.template.excludesSlot) {
            active.wageredMinor =
              active.wageredMinor > refundedStakeMinor ? active.wageredMinor - refundedStakeMinor : 0n;
          }
          checkDone();
        };
        const checkDone = () => {
          if (!active) return;
          const met = active.requiredMinor > 0n && active.wageredMinor >= active.requiredMinor;
          if (!met && bonus !== 0n) return;
          if (openSince(active.since) > 0) return;
          if (met) {
            const converted =
              active.template.maxWinMinor !== null && bonus > active.template.maxWinMinor
                ? active.template.maxWinMinor
                : bonus;
            real += converted;
          }
          forfeit();
        };

        for (let step = 0; step < STEPS; step += 1) {
          operations += 1;
          const at = run * STEPS + step;
          const roll = random.next();
          const open = rounds.filter((r) => !r.settled);
          if (roll < 0.1) {
            const amountMinor = BigInt(random.int(1, 40) * 100);
            await fund(f.wallet, accountId, 'USD', amountMinor);
            real += amountMinor;
          } else if (roll < 0.22) {
            const chosen = random.pick(templates);
            const issued = await adminRequest(t, 'POST', `/api/admin/players/${player.id}/bonuses`, {
              body: { bonusId: chosen.id, currency: 'USD' },
            });
            expect(issued.statusCode, issued.body).toBe(201);
            const id = z.object({ data: playerBonusSchema }).parse(issued.json()).data.id;
            const activated = await f.p.put(`/api/game/player-bonuses/${id}/activate`, undefined, {
              token: await freshToken(),
            });
            expect(activated.statusCode, activated.body).toBe(200);
            // The active one is cancelled, its money forfeited; then the new money.
            bonus = chosen.amountMinor;
            active = {
              id,
              template: chosen,
              wageredMinor: 0n,
              requiredMinor: chosen.amountMinor * BigInt(chosen.wager),
              since: at,
            };
            if (chosen.wager === 0) {
              real += bonus;
              forfeit();
            }
          } else if (roll < 0.52) {
            const stakeMinor = BigInt(random.int(1, 30) * 100);
            const round: Round = { id: `p-${++counter}`, stakeMinor, bonusMinor: 0n, step: at, settled: false };
            const answer = await call('bet', {
              token,
              transactionId: `${round.id}-bet`,
              roundId: round.id,
              amount: Number(stakeMinor),
              currency: 'USD',
            });
            if (stakeMinor > real + bonus) {
              expect(answer.status).toBe('NOT_ENOUGH_MONEY');
            } else {
              const realPart = stakeMinor < real ? stakeMinor : real;
              const bonusPart = stakeMinor - realPart;
              const bonusAfter = bonus - bonusPart;
              const current: ActiveBonus | null = active;
              let refused: string | null = null;
              if ((bonusPart > 0n || bonusAfter > 0n) && current) {
                if (current.template.excludesSlot && bonusPart > 0n) refused = 'INVALID_GAME';
                else if (current.template.maxBetMinor !== null && stakeMinor > current.template.maxBetMinor)
                  refused = 'BET_OUT_OF_LIMITS';
              }
              if (refused) {
                expect(answer.status).toBe(refused);
              } else {
                expect(answer.status).toBe('OK');
                real -= realPart;
                bonus = bonusAfter;
                round.bonusMinor = bonusPart;
                rounds.push(round);
                if ((bonusPart > 0n || bonusAfter > 0n) && current) {
                  if (current.template.wager > 0 && !current.template.excludesSlot) current.wageredMinor += stakeMinor;
                  checkDone();
                }
              }
            }
          } else if (roll < 0.72 && open.length > 0) {
            const round = random.pick(open);
            const winMinor = random.chance(0.4) ? 0n : BigInt(random.int(1, 60) * 100);
            expect(
              (
                await call('win', {
                  token,
                  transactionId: `${round.id}-win`,
                  roundId: round.id,
                  amount: Number(winMinor),
                  currency: 'USD',
                })
              ).status,
            ).toBe('OK');
            round.settled = true;
            const bonusWin = round.bonusMinor > 0n ? (winMinor * round.bonusMinor) / round.stakeMinor : 0n;
            real += winMinor - bonusWin;
            bonus += bonusWin;
            settleModel(round.bonusMinor, null);
          } else if (roll < 0.8 && open.length > 0) {
            const round = random.pick(open);
            const answer = await call('rollback', {
              token,
              transactionId: `${round.id}-rb`,
              referenceTransactionId: `${round.id}-bet`,
              roundId: round.id,
            });
            expect(answer.status).toBe('OK');
            round.settled = true;
            real += round.stakeMinor - round.bonusMinor;
            bonus += round.bonusMinor;
            settleModel(round.bonusMinor, round.stakeMinor);
          } else if (roll < 0.86 && active) {
            const current: ActiveBonus = active;
            const cancelled = await f.p.put(`/api/game/player-bonuses/${current.id}/cancel`, undefined, {
              token: await freshToken(),
            });
            expect(cancelled.statusCode, cancelled.body).toBe(200);
            forfeit();
          } else if (roll < 0.92 && real >= 2_000n) {
            // The sandbox payout takes 20 to 5,000 USD.
            const amountMinor = BigInt(random.int(20, Math.min(5_000, Number(real / 100n))) * 100);
            const response = await f.p.post(
              '/api/payment/invoices/withdrawal',
              {
                currency: 'USD',
                accountId,
                method: 'sandbox.card_payout',
                amount: Number(amountMinor) / 100,
                fields: { wallet_id: '4111111111111111' },
              },
              { token: await freshToken() },
            );
            expect(response.statusCode, response.body).toBe(200);
            real -= amountMinor;
            if (active) forfeit();
          } else {
            const current: ActiveBonus | null = active;
            if (current?.template.short) await new Promise((resolve) => setTimeout(resolve, 120));
            await t.app.jobs.runDue();
            if (current?.template.short) forfeit();
          }

          const balances = await balancesOf(t.db, accountId);
          const context = `run ${run}, step ${step} (seed ${SEED})`;
          expect({ real: balances.real, bonus: balances.bonus }, context).toEqual({ real, bonus });
          const activeRow = await t.db
            .selectFrom('player_bonuses')
            .select(['id', 'wagered_casino_minor'])
            .where('account_id', '=', accountId)
            .where('status', '=', 2)
            .executeTakeFirst();
          const expected: ActiveBonus | null = active;
          expect(activeRow?.id ?? null, context).toBe(expected?.id ?? null);
          if (expected && activeRow) expect(activeRow.wagered_casino_minor, context).toBe(expected.wageredMinor);
        }

        // End of run: settle what is open, finish the active bonus, and check the ledger.
        for (const round of rounds.filter((r) => !r.settled)) {
          await call('win', { token, transactionId: `${round.id}-win`, roundId: round.id, amount: 0, currency: 'USD' });
        }
        const left = await t.db
          .selectFrom('player_bonuses')
          .select('id')
          .where('account_id', '=', accountId)
          .where('status', '=', 2)
          .executeTakeFirst();
        if (left) {
          const cancelled = await f.p.put(`/api/game/player-bonuses/${left.id}/cancel`, undefined, {
            token: await freshToken(),
          });
          expect(cancelled.statusCode, cancelled.body).toBe(200);
        }
        expect(await ledgerViolations(t.db)).toEqual([]);
      }
      expect(operations).toBe(RUNS * STEPS);
    },
    30_000 + RUNS * 5_000,
  );
});
