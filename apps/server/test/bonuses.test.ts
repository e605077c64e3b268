import {
  adminBonusSchema,
  bonusPackageOfferSchema,
  bonusPackageSchema,
  bonusSchema,
  bonusStatusSchema,
  playerBonusSchema,
  playerFreespinDetailSchema,
  type PlayerBonus,
} from '@croupier/contract';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { RELOAD_BONUS_ID, WELCOME_PACKAGE_ID, welcomeFreespinsId, welcomeStepId } from '../src/seed/bonuses';
import { useBonusPaymentsServer } from './bonus-helpers';
import { adminRequest } from './fixtures';
import { dataOf, recordPublications, type Payer } from './payments-helpers';
import { errorOf } from './players';
import { ledgerViolations } from './wallet-helpers';

const { t, c, p, admin, createBonus, playerBonuses, cardDeposit } = useBonusPaymentsServer();

async function offers(player: Payer, query = 'currency=USD') {
  return dataOf(await p.get(`/api/game/bonuses?${query}`, { token: player.token }), z.array(bonusSchema));
}

/** Deposits through the sandbox's card page and pays: naming `bonusId`, or declining a bonus. */
const depositWithBonus = (player: Payer, amount: number, bonusId: string | null) =>
  cardDeposit(player, amount, { bonusId, isBonusDecline: bonusId === null });

async function issue(player: Payer, bonusId: string, currency = 'USD'): Promise<PlayerBonus> {
  const response = await admin('POST', `/api/admin/players/${player.id}/bonuses`, { bonusId, currency });
  expect(response.statusCode, response.body).toBe(201);
  return z.object({ data: playerBonusSchema }).parse(response.json()).data;
}

async function freespins(player: Payer) {
  const response = await p.get('/api/game/player-freespins', { token: player.token });
  expect(response.statusCode, response.body).toBe(200);
  return z.object({ data: z.array(playerFreespinDetailSchema) }).parse(response.json()).data;
}

/** Why each of the player's bonuses and grants was given, and in which issue session. */
async function issueRows(player: Payer) {
  const [bonuses, grants] = await Promise.all([
    t.db
      .selectFrom('player_bonuses')
      .select(['bonus_id', 'source', 'issue_session_id'])
      .where('player_id', '=', player.id)
      .execute(),
    t.db
      .selectFrom('player_freespins')
      .select(['bonus_id', 'source', 'issue_session_id'])
      .where('player_id', '=', player.id)
      .execute(),
  ]);
  return [...bonuses, ...grants];
}

const act = (player: Payer, id: string, action: 'activate' | 'cancel') =>
  p.put(`/api/game/player-bonuses/${id}/${action}`, undefined, { token: player.token });

describe('the catalogue', () => {
  it('offers a new player the first welcome step and the reload bonus, within their deposit bounds', async () => {
    const player = await c.payer();
    const all = await offers(player);
    const ids = all.map((b) => b.id);
    expect(ids).toContain(welcomeStepId(1));
    expect(ids).toContain(RELOAD_BONUS_ID);
    for (const step of [2, 3, 4]) expect(ids).not.toContain(welcomeStepId(step));
    const first = all.find((b) => b.id === welcomeStepId(1));
    expect(first).toMatchObject({
      type: 2,
      wagerCasino: 35,
      package: { id: WELCOME_PACKAGE_ID, name: 'Welcome package' },
      assignConditions: { depositPercentage: 100, baseCurrencyMaxAmount: 500 },
      triggerConditions: { baseCurrencyInvoiceAmountFrom: 20 },
    });
    // 10 USD is under the 20 USD minimum of both; 25 fits the welcome step only (reload from 30).
    expect(await offers(player, 'currency=USD&amount=10')).toEqual([]);
    expect((await offers(player, 'currency=USD&amount=25')).map((b) => b.id)).toEqual([welcomeStepId(1)]);
    // triggerType 11: the referral owner's bonus instead (seeded by the referral programme).
    expect((await offers(player, 'currency=USD&triggerType=11')).map((b) => b.name)).toEqual([
      'Referral bonus: a friend qualified',
    ]);
    expect(await offers(player, 'currency=USD&triggerType=5')).toEqual([]);
    expect((await p.get('/api/game/bonuses?currency=USD')).statusCode).toBe(401);
    expect((await p.get('/api/game/bonuses?currency=XXX', { token: player.token })).statusCode).toBe(422);
  });

  it('anyone reads the packages on offer with their steps in order', async () => {
    const response = await p.get('/api/game/bonus-packages');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['cache-control']).toContain('public');
    const offers = z.object({ data: z.array(bonusPackageOfferSchema) }).parse(response.json()).data;
    const welcome = offers.find((o) => o.id === WELCOME_PACKAGE_ID);
    expect(welcome?.bonuses.map((b) => [b.packagePriority, b.assignConditions.depositPercentage])).toEqual([
      [1, 100],
      [2, 50],
      [3, 75],
      [4, 100],
    ]);
  });

  it('the operator creates, reads, pauses and validates bonuses; only with the key', async () => {
    expect((await adminRequest(t, 'GET', '/api/admin/bonuses', { key: null })).statusCode).toBe(401);
    expect((await adminRequest(t, 'GET', '/api/admin/bonuses', { key: 'wrong-key' })).statusCode).toBe(401);
    const pkg = await admin('POST', '/api/admin/bonus-packages', { name: 'Spring package' });
    expect(pkg.statusCode).toBe(201);
    const packageId = z.object({ data: bonusPackageSchema }).parse(pkg.json()).data.id;
    const body = {
      name: 'Spring cash',
      type: 1,
      trigger: 'deposit',
      packageId,
      amounts: [{ currency: 'USD', amount: 12.5 }],
      depositRanges: [{ currency: 'USD', amountFrom: 40 }],
      wagerCasino: 10,
    };
    const created = await createBonus(body);
    expect(created).toMatchObject({ name: 'Spring cash', status: 1, trigger: 'deposit', issuedCount: 0 });
    const player = await c.payer();
    expect((await offers(player, 'currency=USD&amount=50')).map((b) => b.id)).toContain(created.id);
    // Not offered in a currency it has no terms in.
    expect((await offers(player, 'currency=EUR')).map((b) => b.id)).not.toContain(created.id);

    const paused = await admin('PUT', `/api/admin/bonuses/${created.id}`, { ...body, status: 2 });
    expect(paused.statusCode, paused.body).toBe(200);
    expect((await offers(player, 'currency=USD&amount=50')).map((b) => b.id)).not.toContain(created.id);
    const listed = z
      .object({ data: z.array(adminBonusSchema) })
      .parse((await admin('GET', '/api/admin/bonuses')).json());
    expect(listed.data.find((b) => b.id === created.id)?.status).toBe(2);

    // Too many decimals, an unknown currency, a missing amount, an unknown package: 422 naming the field.
    const bad = await admin('POST', '/api/admin/bonuses', { ...body, amounts: [{ currency: 'USD', amount: 1.234 }] });
    expect(bad.statusCode).toBe(422);
    expect(errorOf(bad).fields).toHaveProperty('amounts');
    expect(
      (await admin('POST', '/api/admin/bonuses', { ...body, amounts: [{ currency: 'ZZZ', amount: 1 }] })).statusCode,
    ).toBe(422);
    expect((await admin('POST', '/api/admin/bonuses', { ...body, amounts: [] })).statusCode).toBe(422);
    const noPackage = await admin('POST', '/api/admin/bonuses', {
      ...body,
      packageId: '00000000-0000-4000-8000-000000000000',
    });
    expect(errorOf(noPackage).fields).toHaveProperty('packageId');
    expect((await admin('GET', '/api/admin/bonuses/00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
  });
});

describe('a deposit with a bonus', () => {
  it('issues and activates the welcome step: bonus balance, wager and max bet; the next step is offered', async () => {
    const player = await c.payer();
    const events = recordPublications(t);
    try {
      await depositWithBonus(player, 100, welcomeStepId(1));
      const account = await c.account(player, 'USD');
      expect(account).toMatchObject({ realBalance: 100, bonusBalance: 100 });
      const { data, meta } = await playerBonuses(player, '?status[]=1&status[]=2');
      expect(meta.totalRows).toBe(1);
      expect(data[0]).toMatchObject({
        bonusType: 2,
        status: 2,
        result: 1,
        amount: 100,
        currency: 'USD',
        wagerCasino: 35,
        currentWagerPercentage: 0,
        requiredWagerCasinoAmount: 3500,
        maxBetAmount: 5,
        packageId: WELCOME_PACKAGE_ID,
        openedTransactionsCount: 0,
      });
      expect(data[0]?.wageringExpiredAt).toBeTruthy();
      const channel = `bonus:player-bonuses#${player.id}`;
      const published = events.seen.filter((e) => e.channel === channel).map((e) => e.data.event);
      expect(published).toEqual(['player.bonus.created', 'player.bonus.updated']);

      const ids = (await offers(player)).map((b) => b.id);
      expect(ids).toContain(welcomeStepId(2));
      expect(ids).not.toContain(welcomeStepId(1));
      const statuses = dataOf(
        await p.get(
          `/api/game/bonuses/status?currency=USD&bonusIds[]=${welcomeStepId(1)}&bonusIds[]=${welcomeStepId(2)}&bonusIds[]=${welcomeStepId(3)}`,
          { token: player.token },
        ),
        z.array(bonusStatusSchema),
      );
      expect(statuses.map((s) => s.issueStatus)).toEqual([1, 3, 2]);
    } finally {
      events.stop();
    }
    expect(await ledgerViolations(t.db)).toEqual([]);
  });

  it('caps a percentage bonus and keeps a second active bonus issued', async () => {
    const player = await c.payer();
    await depositWithBonus(player, 600, welcomeStepId(1));
    expect((await c.account(player, 'USD')).bonusBalance).toBe(500);
    // The reload bonus on the next deposit: issued, not active (one active bonus per account).
    await depositWithBonus(player, 40, RELOAD_BONUS_ID);
    const { data } = await playerBonuses(player);
    expect(data.map((b) => [b.name, b.status, b.amount])).toEqual([
      ['Reload bonus: 25% up to 100 USD', 1, 10],
      ['Welcome package: deposit 1', 2, 500],
    ]);
    expect((await c.account(player, 'USD')).bonusBalance).toBe(500);
  });

  it('refuses a deposit naming a bonus the player may not have, before anything is written', async () => {
    const player = await c.payer();
    for (const [bonusId, amount] of [
      [welcomeStepId(3), 100],
      [welcomeStepId(1), 10],
      ['not-a-bonus', 100],
    ] as const) {
      const response = await c.deposit(player, {
        method: 'sandbox.card',
        amount,
        fields: {},
        bonusId,
        isBonusDecline: false,
      });
      expect(response.statusCode, response.body).toBe(422);
      expect(errorOf(response).fields).toHaveProperty('bonusId');
    }
    // Declined: no bonus, whatever the id.
    await depositWithBonus(player, 50, null);
    expect((await playerBonuses(player)).data).toEqual([]);
  });
});

describe('a package step with companions', () => {
  it('the welcome steps bring their free spins: 100 with the 1st deposit, 50 with the 2nd, active at once', async () => {
    const player = await c.payer();
    // Offered: the steps' deposit bonuses only, never their free spins by themselves.
    const offeredBonuses = await offers(player);
    const offered = offeredBonuses.map((b) => b.id);
    expect(offered).toContain(welcomeStepId(1));
    // The step says what comes with it (the picker's "+ 100 free spins").
    expect(offeredBonuses.find((b) => b.id === welcomeStepId(1))?.freespins).toEqual([
      { count: 100, gameId: 'fruit-fiesta' },
    ]);
    expect(offered).not.toContain(welcomeFreespinsId(1));
    expect(offered).not.toContain(welcomeFreespinsId(2));

    const first = await depositWithBonus(player, 100, welcomeStepId(1));
    expect((await c.account(player, 'USD')).bonusBalance).toBe(100);
    const [grant] = await freespins(player);
    expect(grant).toMatchObject({
      name: 'Welcome package: 100 free spins with deposit 1',
      status: 2,
      count: 100,
      usedCount: 0,
      gameId: 'fruit-fiesta',
      betAmount: 0.2,
      currency: 'USD',
    });
    // One cause, one issue session for the step's two gifts.
    const rows = await issueRows(player);
    expect(rows.map((r) => [r.bonus_id, r.source]).sort()).toEqual(
      [
        [welcomeStepId(1), `deposit:${first.invoiceId}`],
        [welcomeFreespinsId(1), `deposit:${first.invoiceId}`],
      ].sort(),
    );
    expect(new Set(rows.map((r) => r.issue_session_id)).size).toBe(1);
    expect(rows[0]?.issue_session_id).toBeTruthy();

    const next = (await offers(player)).map((b) => b.id);
    expect(next).toContain(welcomeStepId(2));
    expect(next).not.toContain(welcomeFreespinsId(2));
    await depositWithBonus(player, 40, welcomeStepId(2));
    expect((await freespins(player)).map((g) => [g.count, g.status])).toEqual(
      expect.arrayContaining([
        [100, 2],
        [50, 2],
      ]),
    );
    // The 3rd step has no free spins.
    await depositWithBonus(player, 40, welcomeStepId(3));
    expect(await freespins(player)).toHaveLength(2);
    expect((await playerBonuses(player)).data).toHaveLength(3);
    expect(await ledgerViolations(t.db)).toEqual([]);
  });

  it('a deposit may not name a companion; a declined step gives no free spins', async () => {
    const player = await c.payer();
    const named = await c.deposit(player, {
      method: 'sandbox.card',
      amount: 100,
      fields: {},
      bonusId: welcomeFreespinsId(1),
      isBonusDecline: false,
    });
    expect(named.statusCode, named.body).toBe(422);
    expect(errorOf(named).fields).toHaveProperty('bonusId');
    await depositWithBonus(player, 100, null);
    expect(await freespins(player)).toEqual([]);
    expect((await offers(player)).map((b) => b.id)).toContain(welcomeStepId(1));
  });

  it('gives a companion within its own rules: once per player, the step moving on without it', async () => {
    const pkg = await admin('POST', '/api/admin/bonus-packages', { name: 'Companion package' });
    const packageId = z.object({ data: bonusPackageSchema }).parse(pkg.json()).data.id;
    const step = (priority: number) =>
      createBonus({
        name: `Companion step ${priority}`,
        type: 2,
        trigger: 'deposit',
        packageId,
        packagePriority: priority,
        depositPercentage: 10,
        depositRanges: [{ currency: 'USD', amountFrom: 10 }],
        wagerCasino: 1,
      });
    const [one, two] = [await step(1), await step(2)];
    const spins = await createBonus({
      name: 'Companion spins',
      type: 3,
      trigger: 'deposit',
      packageId,
      packagePriority: 1,
      freespins: { gameId: 'fruit-fiesta', count: 5, betValues: [{ currency: 'USD', amount: 0.2 }] },
      wagerCasino: 1,
      perPlayerLimit: 1,
    });
    // The player had the spins already (by hand): the step's deposit bonus comes alone.
    const player = await c.payer();
    const given = await admin('POST', `/api/admin/players/${player.id}/bonuses`, {
      bonusId: spins.id,
      currency: 'USD',
    });
    expect(given.statusCode, given.body).toBe(201);
    await depositWithBonus(player, 50, one.id);
    expect((await freespins(player)).map((g) => g.status)).toEqual([1]);
    // A player without them: the step and its spins; the next step is offered without waiting for anything.
    const other = await c.payer();
    await depositWithBonus(other, 50, one.id);
    expect((await freespins(other)).map((g) => [g.count, g.status])).toEqual([[5, 2]]);
    const ids = (await offers(other)).map((b) => b.id);
    expect(ids).toContain(two.id);
    expect(ids).not.toContain(spins.id);
    // A currency the spins have no bet value in: the deposit bonus alone.
    const euro = await c.payer({ currency: 'EUR' });
    const eurStep = await createBonus({
      name: 'Euro step',
      type: 1,
      trigger: 'deposit',
      packageId,
      packagePriority: 1,
      amounts: [{ currency: 'EUR', amount: 3 }],
      wagerCasino: 1,
    });
    await depositWithBonus(euro, 50, eurStep.id);
    expect((await playerBonuses(euro)).data.map((b) => b.name)).toEqual(['Euro step']);
    expect(await freespins(euro)).toEqual([]);
  });
});

describe('activation and cancellation', () => {
  it('activates an issued bonus, cancels it with its balance forfeited; only the owner', async () => {
    const bonus = await createBonus({
      name: 'Ten on us',
      type: 1,
      trigger: 'manual',
      amounts: [{ currency: 'USD', amount: 10 }],
      wagerCasino: 5,
    });
    const player = await c.payer({ fund: 20 });
    const other = await c.payer();
    const issued = await issue(player, bonus.id);
    expect(issued).toMatchObject({ status: 1, result: 1, amount: 10, requiredWagerCasinoAmount: 50 });
    expect((await c.account(player, 'USD')).bonusBalance).toBe(0);

    expect((await act(other, issued.id, 'activate')).statusCode).toBe(404);
    expect((await act(other, issued.id, 'cancel')).statusCode).toBe(404);
    expect((await act(player, 'not-an-id', 'activate')).statusCode).toBe(404);

    const activated = await act(player, issued.id, 'activate');
    expect(activated.statusCode, activated.body).toBe(200);
    expect(z.object({ data: playerBonusSchema }).parse(activated.json()).data).toMatchObject({ status: 2, result: 1 });
    expect(await c.account(player, 'USD')).toMatchObject({ realBalance: 20, bonusBalance: 10 });
    // Again: nothing changes.
    expect((await act(player, issued.id, 'activate')).statusCode).toBe(200);
    expect((await c.account(player, 'USD')).bonusBalance).toBe(10);

    const cancelled = await act(player, issued.id, 'cancel');
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(z.object({ data: playerBonusSchema }).parse(cancelled.json()).data).toMatchObject({ status: 3, result: 3 });
    expect(await c.account(player, 'USD')).toMatchObject({ realBalance: 20, bonusBalance: 0 });
    const again = await act(player, issued.id, 'cancel');
    expect(again.statusCode).toBe(409);
    expect(errorOf(again).code).toBe(15001);
    expect((await playerBonuses(player, '?status[]=3')).data.map((b) => b.result)).toEqual([3]);
    expect(await ledgerViolations(t.db)).toEqual([]);
  });

  it('activating a second bonus cancels the active one; a bonus without a wager is real money at once', async () => {
    const first = await createBonus({
      name: 'First',
      type: 1,
      trigger: 'manual',
      amounts: [{ currency: 'USD', amount: 5 }],
      wagerCasino: 3,
    });
    const free = await createBonus({
      name: 'No strings',
      type: 1,
      trigger: 'manual',
      amounts: [{ currency: 'USD', amount: 7 }],
      wagerCasino: 0,
    });
    const player = await c.payer();
    const a = await issue(player, first.id);
    const b = await issue(player, free.id);
    expect((await act(player, a.id, 'activate')).statusCode).toBe(200);
    expect((await c.account(player, 'USD')).bonusBalance).toBe(5);
    const converted = await act(player, b.id, 'activate');
    expect(converted.statusCode, converted.body).toBe(200);
    expect(z.object({ data: playerBonusSchema }).parse(converted.json()).data).toMatchObject({ status: 3, result: 2 });
    expect(await c.account(player, 'USD')).toMatchObject({ realBalance: 7, bonusBalance: 0 });
    const results = (await playerBonuses(player)).data.map((x) => [x.name, x.status, x.result]);
    expect(results).toEqual(
      expect.arrayContaining([
        ['First', 3, 3],
        ['No strings', 3, 2],
      ]),
    );
    expect(await ledgerViolations(t.db)).toEqual([]);
  });

  it('an issued bonus expires when its time to activate passes (a durable job)', async () => {
    // 0.00002 days: 1.7 s.
    const brief = await createBonus({
      name: 'Brief',
      type: 1,
      trigger: 'manual',
      amounts: [{ currency: 'USD', amount: 3 }],
      wagerCasino: 1,
      activationDays: 0.00002,
    });
    // Jobs of other features already due (the seeded tournament series' next occurrence) first.
    await t.app.jobs.runDue();
    const player = await c.payer();
    const issued = await issue(player, brief.id);
    expect(await t.app.jobs.runDue()).toBe(0);
    await new Promise((resolve) => setTimeout(resolve, 1_900));
    expect(await t.app.jobs.runDue()).toBeGreaterThanOrEqual(1);
    const [row] = (await playerBonuses(player)).data;
    expect(row).toMatchObject({ id: issued.id, status: 3, result: 4 });
    const late = await act(player, issued.id, 'activate');
    expect(late.statusCode).toBe(409);
  });
});

describe('withdrawing with an active bonus', () => {
  it('forfeits the active bonus and its balance; the real money leaves as asked; issued bonuses stay', async () => {
    const player = await c.payer({ fund: 200 });
    await depositWithBonus(player, 100, welcomeStepId(1));
    const reload = await depositWithBonus(player, 40, RELOAD_BONUS_ID);
    expect(reload.invoiceId).toBeTruthy();
    expect(await c.account(player, 'USD')).toMatchObject({ realBalance: 340, bonusBalance: 100 });
    const response = await c.withdraw(player, {
      method: 'sandbox.card_payout',
      amount: 150,
      fields: { wallet_id: '4111111111111111' },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(await c.account(player, 'USD')).toMatchObject({ realBalance: 190, lockedBalance: 150, bonusBalance: 0 });
    const results = (await playerBonuses(player)).data.map((b) => [b.name, b.status, b.result]);
    expect(results).toEqual([
      ['Reload bonus: 25% up to 100 USD', 1, 1],
      ['Welcome package: deposit 1', 3, 3],
    ]);
    expect(await ledgerViolations(t.db)).toEqual([]);
  });
});
