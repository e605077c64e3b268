import {
  adminBonusSchema,
  bonusSchema,
  depositResponseSchema,
  InvoiceStatus,
  paginationMetaSchema,
  playerBonusSchema,
} from '@croupier/contract';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { RELOAD_BONUS_ID, welcomeStepId } from '../src/seed/bonuses';
import { adminRequest } from './fixtures';
import { dataOf, paymentsClient, usePaymentsServer, type Payer } from './payments-helpers';
import { errorOf } from './players';
import { ledgerViolations } from './wallet-helpers';

/**
 * Crypto deposits with a bonus (docs/bonuses.md, "Deposits"): the choice made with the
 * address request (checked then, 422 on `bonusId` before anything is written) waits per
 * player and currency; the transaction crediting the next deposit in that currency takes
 * it, exactly once, and checks the bonus's bounds against the amount that arrived. Runs on
 * PGlite and on PostgreSQL (TEST_DATABASE_URL), where concurrent confirmations really race.
 */

const t = usePaymentsServer();
const c = paymentsClient(t);
const { p } = c;

/** What the wallet sends for a crypto method: the network, the minimum, and the bonus choice. */
function addressRequest(player: Payer, choice: { bonusId?: string | null; isBonusDecline?: boolean }) {
  return c.deposit(player, {
    method: `crypto.${player.account.currency.toLowerCase()}`,
    amount: 0,
    fields: { crypto_network: 'eth' },
    redirectSuccessUrl: 'http://localhost/',
    redirectErrorUrl: 'http://localhost/',
    isBonusDecline: false,
    ...choice,
  });
}

async function addressWith(player: Payer, choice: { bonusId?: string | null; isBonusDecline?: boolean }) {
  const response = dataOf(await addressRequest(player, choice), depositResponseSchema);
  expect(response.address).toBeTruthy();
  return response.address ?? '';
}

const transferSchema = z.object({ txId: z.string(), invoiceId: z.string() });

/** A transfer seen on the chain (its invoice pending), confirmed later with `confirm`. */
async function send(address: string, amount: number, currency = 'USDT') {
  const response = await t.app.server.inject({
    method: 'POST',
    url: '/api/dev/crypto/send',
    payload: { address, amount, currency },
  });
  expect(response.statusCode, response.body).toBe(201);
  return transferSchema.parse(response.json<{ data: unknown }>().data);
}

async function confirm(txId: string) {
  const response = await t.app.server.inject({
    method: 'POST',
    url: `/api/dev/crypto/confirm/${encodeURIComponent(txId)}`,
  });
  expect(response.statusCode, response.body).toBe(200);
}

async function playerBonuses(player: Payer) {
  const response = await p.get('/api/game/player-bonuses', { token: player.token });
  expect(response.statusCode, response.body).toBe(200);
  return z.object({ data: z.array(playerBonusSchema), meta: paginationMetaSchema }).parse(response.json()).data;
}

async function offers(player: Payer) {
  return dataOf(
    await p.get(`/api/game/bonuses?currency=${player.account.currency}`, { token: player.token }),
    z.array(bonusSchema),
  );
}

/** The choice waiting for the player's next deposit in a currency (the table has no API). */
async function waitingChoice(player: Payer, currency = 'USDT') {
  const { rows } = await sql<{ bonus_id: string | null; is_bonus_decline: boolean }>`
    select bonus_id, is_bonus_decline from crypto_deposit_bonus_choices
    where player_id = ${player.id} and currency = ${currency}`.execute(t.db);
  return rows[0];
}

async function invoiceRow(invoiceId: string) {
  return t.db
    .selectFrom('payment_invoices')
    .select(['status', 'bonus_id', 'is_bonus_decline'])
    .where('id', '=', invoiceId)
    .executeTakeFirstOrThrow();
}

describe('a crypto deposit with a bonus', () => {
  it('gives the bonus chosen with the address when the transfer is credited, once', async () => {
    const player = await c.payer({ currency: 'USDT' });
    const address = await addressWith(player, { bonusId: welcomeStepId(1) });
    expect(await waitingChoice(player)).toEqual({ bonus_id: welcomeStepId(1), is_bonus_decline: false });

    const first = await send(address, 120);
    // Seen, not credited: nothing given yet, the choice still waits.
    expect(await playerBonuses(player)).toEqual([]);
    await confirm(first.txId);
    expect(await c.account(player, 'USDT')).toMatchObject({ realBalance: 120, bonusBalance: 120 });
    const [bonus] = await playerBonuses(player);
    expect(bonus).toMatchObject({ name: 'Welcome package: deposit 1', status: 2, amount: 120, currency: 'USDT' });
    expect(await invoiceRow(first.invoiceId)).toMatchObject({
      status: InvoiceStatus.SUCCESS,
      bonus_id: welcomeStepId(1),
      is_bonus_decline: false,
    });
    expect(await waitingChoice(player)).toBeUndefined();

    // The choice was used: the next transfer is credited without a bonus (the step is the next one now).
    const second = await send(address, 50);
    await confirm(second.txId);
    expect(await playerBonuses(player)).toHaveLength(1);
    expect(await c.account(player, 'USDT')).toMatchObject({ realBalance: 170, bonusBalance: 120 });
    expect((await offers(player)).map((b) => b.id)).toContain(welcomeStepId(2));
    expect(await ledgerViolations(t.db)).toEqual([]);
  });

  it('refuses a bonus the player may not have with a 422 on bonusId, before anything is written', async () => {
    // A bonus with terms in US dollars only is not offered in USDT.
    const created = await adminRequest(t, 'POST', '/api/admin/bonuses', {
      body: {
        name: 'Dollars only',
        type: 1,
        trigger: 'deposit',
        amounts: [{ currency: 'USD', amount: 5 }],
        depositRanges: [{ currency: 'USD', amountFrom: 10 }],
        wagerCasino: 1,
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const usdOnly = z.object({ data: adminBonusSchema }).parse(created.json()).data.id;
    const player = await c.payer({ currency: 'USDT' });
    for (const bonusId of [welcomeStepId(3), usdOnly, 'not-a-bonus', '00000000-0000-4000-8000-000000000000']) {
      const response = await addressRequest(player, { bonusId });
      expect(response.statusCode, bonusId).toBe(422);
      expect(errorOf(response).fields).toHaveProperty('bonusId');
    }
    // Nothing written: no address allocated, no choice kept.
    const addresses = await t.db
      .selectFrom('crypto_deposit_addresses')
      .select('id')
      .where('player_id', '=', player.id)
      .execute();
    expect(addresses).toEqual([]);
    expect(await waitingChoice(player)).toBeUndefined();
  });

  it('credits a transfer outside the bonus bounds without the bonus; nothing is lost', async () => {
    const player = await c.payer({ currency: 'USDT' });
    const address = await addressWith(player, { bonusId: welcomeStepId(1) });
    // 20 USDT is the step's minimum (20 USD).
    const small = await send(address, 15);
    await confirm(small.txId);
    expect(await c.account(player, 'USDT')).toMatchObject({ realBalance: 15, bonusBalance: 0 });
    expect(await playerBonuses(player)).toEqual([]);
    // The step is still the player's to take: with the next deposit they choose it again.
    expect((await offers(player)).map((b) => b.id)).toContain(welcomeStepId(1));
    await addressWith(player, { bonusId: welcomeStepId(1) });
    await confirm((await send(address, 40)).txId);
    expect(await c.account(player, 'USDT')).toMatchObject({ realBalance: 55, bonusBalance: 40 });
    expect(await ledgerViolations(t.db)).toEqual([]);
  });

  it('keeps the choice per currency: another currency on the same address is credited without it', async () => {
    const player = await c.payer({ currency: 'USDT' });
    const address = await addressWith(player, { bonusId: welcomeStepId(1) });
    // ETH to the same (Ethereum) address: its own account, no bonus, the USDT choice waits.
    await confirm((await send(address, 0.05, 'ETH')).txId);
    expect(await c.account(player, 'ETH')).toMatchObject({ realBalance: 0.05, bonusBalance: 0 });
    expect(await playerBonuses(player)).toEqual([]);
    expect(await waitingChoice(player)).toMatchObject({ bonus_id: welcomeStepId(1) });
    await confirm((await send(address, 30)).txId);
    expect(await c.account(player, 'USDT')).toMatchObject({ realBalance: 30, bonusBalance: 30 });
  });

  it('declining replaces an earlier choice, and the latest request counts', async () => {
    const player = await c.payer({ currency: 'USDT' });
    const address = await addressWith(player, { bonusId: welcomeStepId(1) });
    await addressWith(player, { isBonusDecline: true, bonusId: welcomeStepId(1) });
    expect(await waitingChoice(player)).toEqual({ bonus_id: null, is_bonus_decline: true });
    const declined = await send(address, 100);
    await confirm(declined.txId);
    expect(await playerBonuses(player)).toEqual([]);
    expect(await invoiceRow(declined.invoiceId)).toMatchObject({ bonus_id: null, is_bonus_decline: true });

    // Another bonus replaces a choice too (the reload bonus, from 30 USD: 25 %).
    await addressWith(player, { bonusId: welcomeStepId(1) });
    await addressWith(player, { bonusId: RELOAD_BONUS_ID });
    await confirm((await send(address, 40)).txId);
    const bonuses = await playerBonuses(player);
    expect(bonuses.map((b) => [b.name, b.amount])).toEqual([['Reload bonus: 25% up to 100 USD', 10]]);
  });

  it('gives the bonus to one of two transfers confirmed at once', async () => {
    const player = await c.payer({ currency: 'USDT' });
    const address = await addressWith(player, { bonusId: RELOAD_BONUS_ID });
    const [a, b] = [await send(address, 40), await send(address, 80)];
    await Promise.all([confirm(a.txId), confirm(b.txId)]);
    const bonuses = await playerBonuses(player);
    expect(bonuses).toHaveLength(1);
    expect([10, 20]).toContain(bonuses[0]?.amount);
    const account = await c.account(player, 'USDT');
    expect(account.realBalance).toBe(120);
    expect(account.bonusBalance).toBe(bonuses[0]?.amount);
    const invoices = await Promise.all([invoiceRow(a.invoiceId), invoiceRow(b.invoiceId)]);
    expect(invoices.filter((row) => row.bonus_id === RELOAD_BONUS_ID)).toHaveLength(1);
    expect(await ledgerViolations(t.db)).toEqual([]);
  });

  it('a deposit without a choice names no bonus: the player’s waiting bonus code applies, unless declined', async () => {
    const bonus = await adminRequest(t, 'POST', '/api/admin/bonuses', {
      body: {
        name: 'Crypto code bonus',
        type: 1,
        trigger: 'code',
        amounts: [{ currency: 'USDT', amount: 7 }],
        depositRanges: [{ currency: 'USDT', amountFrom: 20 }],
        wagerCasino: 1,
      },
    });
    expect(bonus.statusCode, bonus.body).toBe(201);
    const code = `CRYPTO-${Date.now().toString(36)}`;
    const created = await adminRequest(t, 'POST', '/api/admin/bonus-codes', {
      body: { code, bonusId: z.object({ data: adminBonusSchema }).parse(bonus.json()).data.id },
    });
    expect(created.statusCode, created.body).toBe(201);
    const player = await c.payer({ currency: 'USDT' });
    const entered = await p.post(
      '/api/game/bonuses/bonuscodes',
      { bonusCode: code, trigger: 3 },
      { token: player.token },
    );
    expect(entered.statusCode, entered.body).toBe(200);

    // Declined with the address: the code keeps waiting.
    const address = await addressWith(player, { isBonusDecline: true });
    await confirm((await send(address, 30)).txId);
    expect(await playerBonuses(player)).toEqual([]);
    // Neither a bonus nor a decline: the deposit names no bonus, and the code gives its bonus.
    await addressWith(player, { isBonusDecline: false });
    await confirm((await send(address, 30)).txId);
    expect((await playerBonuses(player)).map((b) => [b.name, b.amount, b.status])).toEqual([
      ['Crypto code bonus', 7, 2],
    ]);
    expect(await ledgerViolations(t.db)).toEqual([]);
  });
});
