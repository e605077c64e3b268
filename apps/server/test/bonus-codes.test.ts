import { adminBonusCodeSchema, bonusCodeSchema, type BonusCode, type PlayerBonus } from '@croupier/contract';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { RELOAD_BONUS_ID, WELCOME_CODE, WELCOME_CODE_BONUS_ID } from '../src/seed/bonuses';
import { useBonusPaymentsServer } from './bonus-helpers';
import { adminRequest } from './fixtures';
import { dataOf, recordPublications, type Payer } from './payments-helpers';
import { bearer, errorOf } from './players';
import { ledgerViolations } from './wallet-helpers';

/** Bonus codes (docs/bonuses.md, "Bonus codes"): the player's and the operator's endpoints, caps, the attempt limit, sign-up. */

const {
  t,
  c,
  p,
  admin,
  createBonus: createCatalogueBonus,
  playerBonuses: playerBonusesPage,
  cardDeposit,
} = useBonusPaymentsServer();

const CODES = '/api/game/bonuses/bonuscodes';

/** A code bonus of 4 USD to wager twice, without a per-player limit; `body` adds to or overrides that. */
const createBonus = (body: Record<string, unknown>) =>
  createCatalogueBonus({
    type: 1,
    trigger: 'code',
    amounts: [{ currency: 'USD', amount: 4 }],
    wagerCasino: 2,
    perPlayerLimit: null,
    ...body,
  });

let codeCounter = 0;
/** A fresh code for a new bonus (or the one given); answers the operator's view. */
async function createCode(body: Record<string, unknown> = {}, bonusBody: Record<string, unknown> = {}) {
  codeCounter += 1;
  const bonusId =
    typeof body.bonusId === 'string'
      ? body.bonusId
      : (await createBonus({ name: `Code ${codeCounter}`, ...bonusBody })).id;
  const response = await admin('POST', '/api/admin/bonus-codes', {
    code: `TEST-${codeCounter}-${Date.now().toString(36)}`,
    bonusId,
    ...body,
  });
  expect(response.statusCode, response.body).toBe(201);
  return z.object({ data: adminBonusCodeSchema }).parse(response.json()).data;
}

const enterRaw = (player: { token: string }, bonusCode: string, trigger: number) =>
  p.post(CODES, { bonusCode, trigger }, { token: player.token });

async function enter(player: { token: string }, bonusCode: string, trigger: 1 | 3): Promise<BonusCode> {
  return dataOf(await enterRaw(player, bonusCode, trigger), bonusCodeSchema);
}

async function listCodes(player: { token: string }, query = ''): Promise<BonusCode[]> {
  return dataOf(await p.get(`${CODES}${query}`, { token: player.token }), z.array(bonusCodeSchema));
}

const removeCode = (player: { token: string } | null, playerBonusCodeId: unknown) =>
  t.app.server.inject({
    method: 'DELETE',
    url: CODES,
    payload: { playerBonusCodeId },
    remoteAddress: p.ip(),
    headers: player ? bearer(player.token) : {},
  });

async function playerBonuses(player: { token: string }): Promise<PlayerBonus[]> {
  return (await playerBonusesPage(player, '?perPage=100')).data;
}

/** A card deposit through the sandbox, paid: naming no bonus, declined or not. */
async function deposit(player: Payer, amount: number, options: { decline?: boolean; bonusId?: string } = {}) {
  await cardDeposit(player, amount, { bonusId: options.bonusId ?? null, isBonusDecline: options.decline ?? false });
}

const codeEvents = (events: ReturnType<typeof recordPublications>, playerId: string) =>
  events.seen
    .filter((e) => e.channel === `bonus:player-bonus-codes#${playerId}`)
    .map((e) => bonusCodeSchema.parse((e.data as { playerBonusCode: unknown }).playerBonusCode));

describe('bonus codes: access', () => {
  it('needs a player (401) and the operator key', async () => {
    expect((await p.get(CODES)).statusCode).toBe(401);
    expect((await p.post(CODES, { bonusCode: WELCOME_CODE, trigger: 1 })).statusCode).toBe(401);
    expect((await removeCode(null, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(401);
    expect((await adminRequest(t, 'GET', '/api/admin/bonus-codes', { key: null })).statusCode).toBe(401);
    expect((await adminRequest(t, 'GET', '/api/admin/bonus-codes', { key: 'wrong' })).statusCode).toBe(401);
    const player = await c.payer();
    // Malformed bodies are 422.
    expect((await enterRaw(player, '', 1)).statusCode).toBe(422);
    expect((await enterRaw(player, WELCOME_CODE, 2)).statusCode).toBe(422);
    expect((await p.get(`${CODES}?trigger=2`, { token: player.token })).statusCode).toBe(422);
  });
});

describe('wallet codes (trigger 1)', () => {
  it('the seeded WELCOME50 gives its bonus (issued, to activate), once per player, whatever the case', async () => {
    const player = await c.payer();
    const events = recordPublications(t);
    try {
      const applied = await enter(player, 'welcome50', 1);
      expect(applied).toMatchObject({ playerId: player.id, bonusCode: WELCOME_CODE, trigger: 1, status: 2, result: 2 });
      const [bonus] = await playerBonuses(player);
      expect(bonus).toMatchObject({
        name: 'Promo code WELCOME50: 5 USD',
        bonusType: 1,
        status: 1,
        amount: 5,
        currency: 'USD',
        wagerCasino: 10,
        requiredWagerCasinoAmount: 50,
      });
      expect((await c.account(player, 'USD')).bonusBalance).toBe(0);
      // Its per-player cap is 1: again, not available (an answer, not an error).
      expect(await enter(player, WELCOME_CODE, 1)).toMatchObject({ status: 4, bonusCode: WELCOME_CODE });
      expect(await playerBonuses(player)).toHaveLength(1);
      expect(await listCodes(player, '?trigger=1')).toEqual([applied]);
      expect(await listCodes(player)).toEqual([applied]);
      expect(await listCodes(player, '?trigger=3')).toEqual([]);
      // Published: the refusal (status 4) only.
      expect(codeEvents(events, player.id).map((e) => e.status)).toEqual([4]);
    } finally {
      events.stop();
    }
    // Activated, its money is the bonus balance.
    const [issued] = await playerBonuses(player);
    const activated = await p.put(`/api/game/player-bonuses/${issued?.id ?? ''}/activate`, undefined, {
      token: player.token,
    });
    expect(activated.statusCode, activated.body).toBe(200);
    expect((await c.account(player, 'USD')).bonusBalance).toBe(5);
    expect(await ledgerViolations(t.db)).toEqual([]);
  });

  it('answers incorrect (3) and not available (4) codes, and publishes them', async () => {
    const player = await c.payer();
    const paused = await createCode({ status: 2 });
    const later = await createCode({ availableFrom: new Date(Date.now() + 86_400_000).toISOString() });
    const over = await createCode({ availableTo: new Date(Date.now() - 1000).toISOString(), availableFrom: null });
    const depositOnly = await createCode({}, { depositRanges: [{ currency: 'USD', amountFrom: 20 }] });
    const euroOnly = await createCode({}, { amounts: [{ currency: 'EUR', amount: 4 }] });
    const registrationBonus = await createBonus({ name: 'At sign-up only', trigger: 'registration' });
    const signUpOnly = await createCode({ bonusId: registrationBonus.id });
    const pausedBonus = await createBonus({ name: 'Paused bonus', status: 2 });
    const ofPausedBonus = await createCode({ bonusId: pausedBonus.id });
    const events = recordPublications(t);
    try {
      expect(await enter(player, 'NO-SUCH-CODE', 1)).toMatchObject({ status: 3, bonusCode: 'NO-SUCH-CODE' });
      for (const code of [paused, later, over, depositOnly, euroOnly, signUpOnly, ofPausedBonus]) {
        const answer = await enter(player, code.code, 1);
        expect(answer, code.code).toMatchObject({ status: 4, trigger: 1, bonusCode: code.code });
        expect(answer.result).toBeUndefined();
      }
      expect(codeEvents(events, player.id).map((e) => e.status)).toEqual([3, 4, 4, 4, 4, 4, 4, 4]);
    } finally {
      events.stop();
    }
    expect(await playerBonuses(player)).toEqual([]);
    // Refused entries are not codes in force.
    expect(await listCodes(player)).toEqual([]);
  });

  it('refuses entries after too many incorrect codes (400, code 5), per player', async () => {
    const player = await c.payer();
    const other = await c.payer();
    for (let i = 0; i < 5; i += 1) expect((await enter(player, `WRONG-${i}`, 1)).status).toBe(3);
    for (const text of ['WRONG-5', WELCOME_CODE]) {
      const refused = await enterRaw(player, text, 1);
      expect(refused.statusCode).toBe(400);
      expect(errorOf(refused).code).toBe(5);
    }
    expect(await playerBonuses(player)).toEqual([]);
    expect((await enter(other, WELCOME_CODE, 1)).status).toBe(2);
  });

  it('parallel wrong codes of one player never pass the limit', async () => {
    const player = await c.payer();
    const answers = await Promise.all(Array.from({ length: 9 }, (_, i) => enterRaw(player, `GUESS-${i}`, 1)));
    expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(5);
    expect(answers.filter((r) => r.statusCode === 400).map((r) => errorOf(r).code)).toEqual([5, 5, 5, 5]);
  });
});

describe('caps under concurrency', () => {
  it('a code capped at 3 uses gives 3 bonuses to 8 players entering it at once', async () => {
    const code = await createCode({ maxUses: 3, maxUsesPerPlayer: null });
    const players = await Promise.all(Array.from({ length: 8 }, () => c.payer()));
    const answers = await Promise.all(players.map((player) => enter(player, code.code, 1)));
    expect(answers.filter((a) => a.status === 2)).toHaveLength(3);
    expect(answers.filter((a) => a.status === 4)).toHaveLength(5);
    const listed = z
      .object({ data: z.array(adminBonusCodeSchema) })
      .parse((await admin('GET', '/api/admin/bonus-codes')).json());
    expect(listed.data.find((x) => x.id === code.id)).toMatchObject({ uses: 3, maxUses: 3 });
    const issued = await Promise.all(players.map(playerBonuses));
    expect(issued.flat()).toHaveLength(3);
  });

  it('a per-player cap of 2 holds when one player enters the code 6 times at once', async () => {
    const code = await createCode({ maxUses: null, maxUsesPerPlayer: 2 });
    const player = await c.payer();
    const answers = await Promise.all(Array.from({ length: 6 }, () => enter(player, code.code, 1)));
    expect(answers.map((a) => a.status).sort()).toEqual([2, 2, 4, 4, 4, 4]);
    expect(await playerBonuses(player)).toHaveLength(2);
  });
});

describe('deposit codes (trigger 3)', () => {
  it('waits for the next deposit that names no bonus, fits the bounds and is not declined; then gives the bonus, active', async () => {
    const code = await createCode(
      {},
      { amounts: [{ currency: 'USD', amount: 6 }], depositRanges: [{ currency: 'USD', amountFrom: 20 }] },
    );
    const player = await c.payer();
    const events = recordPublications(t);
    try {
      // A wallet code first (as the wallet tries): deposit only, not available; then kept for a deposit.
      expect((await enter(player, code.code, 1)).status).toBe(4);
      const waiting = await enter(player, code.code, 3);
      expect(waiting).toMatchObject({ status: 2, result: 1, trigger: 3 });
      // The same code again is the same waiting code.
      expect((await enter(player, code.code.toLowerCase(), 3)).id).toBe(waiting.id);
      expect(await listCodes(player, '?trigger=3')).toEqual([waiting]);

      await deposit(player, 10); // under the bounds: still waiting
      await deposit(player, 50, { decline: true }); // declined: still waiting
      expect(await listCodes(player, '?trigger=3')).toEqual([waiting]);
      expect(await playerBonuses(player)).toEqual([]);

      await deposit(player, 30);
      expect(await listCodes(player, '?trigger=3')).toEqual([]);
      const [bonus] = await playerBonuses(player);
      expect(bonus).toMatchObject({ status: 2, amount: 6, bonusType: 1 });
      expect(await c.account(player, 'USD')).toMatchObject({ realBalance: 90, bonusBalance: 6 });
      // The code's change is published (status 2, result 2) besides the first refusal.
      expect(codeEvents(events, player.id).map((e) => [e.status, e.result])).toEqual([
        [4, undefined],
        [2, 2],
      ]);
      // Used: a second deposit gives nothing more.
      await deposit(player, 30);
      expect(await playerBonuses(player)).toHaveLength(1);
    } finally {
      events.stop();
    }
    expect(await ledgerViolations(t.db)).toEqual([]);
  });

  it('a deposit naming a bonus leaves the code waiting; a newer code replaces a waiting one', async () => {
    const first = await createCode();
    const second = await createCode();
    const player = await c.payer();
    const a = await enter(player, first.code, 3);
    const b = await enter(player, second.code, 3);
    expect(b).toMatchObject({ status: 2, result: 1 });
    expect(await listCodes(player, '?trigger=3')).toEqual([b]);
    // The replaced code cannot be removed any more, but answers as removed.
    const removedAgain = await removeCode(player, a.id);
    expect(dataOf(removedAgain, bonusCodeSchema)).toMatchObject({ id: a.id, result: 3 });
    // The deposit's own bonus is given; the code keeps waiting.
    await deposit(player, 40, { bonusId: RELOAD_BONUS_ID });
    expect((await playerBonuses(player)).map((x) => x.name)).toEqual(['Reload bonus: 25% up to 100 USD']);
    expect(await listCodes(player, '?trigger=3')).toEqual([b]);
  });

  it('a waiting code whose cap was reached meanwhile is not available at the deposit (published)', async () => {
    const code = await createCode({ maxUses: 1, maxUsesPerPlayer: null });
    const [first, second] = [await c.payer(), await c.payer()];
    await enter(first, code.code, 3);
    await enter(second, code.code, 3);
    await deposit(first, 25);
    expect(await playerBonuses(first)).toHaveLength(1);
    const events = recordPublications(t);
    try {
      await deposit(second, 25);
      expect(codeEvents(events, second.id).map((e) => [e.status, e.result])).toEqual([[4, undefined]]);
    } finally {
      events.stop();
    }
    expect(await playerBonuses(second)).toEqual([]);
    expect(await listCodes(second, '?trigger=3')).toEqual([]);
  });

  it('DELETE removes the waiting code; another player’s id or an unknown one is 404; a used code is 409', async () => {
    const code = await createCode();
    const player = await c.payer();
    const other = await c.payer();
    const waiting = await enter(player, code.code, 3);
    expect((await removeCode(other, waiting.id)).statusCode).toBe(404);
    expect((await removeCode(player, 'not-an-id')).statusCode).toBe(404);
    expect((await removeCode(player, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    const removed = await removeCode(player, waiting.id);
    expect(dataOf(removed, bonusCodeSchema)).toMatchObject({ id: waiting.id, status: 2, result: 3 });
    expect(await listCodes(player, '?trigger=3')).toEqual([]);
    expect(dataOf(await removeCode(player, waiting.id), bonusCodeSchema).result).toBe(3);
    // Removed: a deposit gives nothing.
    await deposit(player, 25);
    expect(await playerBonuses(player)).toEqual([]);
    // A wallet code that gave its bonus cannot be removed.
    const used = await enter(player, (await createCode()).code, 1);
    const conflict = await removeCode(player, used.id);
    expect(conflict.statusCode).toBe(409);
    expect((await removeCode(player, undefined)).statusCode).toBe(422);
  });
});

describe('the operator’s codes', () => {
  it('creates, lists and updates codes; refuses duplicates, unknown bonuses, wrong triggers and caps below uses', async () => {
    const bonus = await createBonus({ name: 'Operator code bonus' });
    const created = await createCode({ code: 'Spring-2030', bonusId: bonus.id, maxUses: 10 });
    expect(created).toMatchObject({
      code: 'Spring-2030',
      bonusId: bonus.id,
      bonusName: 'Operator code bonus',
      status: 1,
      maxUses: 10,
      maxUsesPerPlayer: 1,
      uses: 0,
    });
    const duplicate = await admin('POST', '/api/admin/bonus-codes', { code: 'SPRING-2030', bonusId: bonus.id });
    expect(duplicate.statusCode).toBe(409);
    const unknown = await admin('POST', '/api/admin/bonus-codes', {
      code: 'NOBONUS',
      bonusId: '00000000-0000-4000-8000-000000000000',
    });
    expect(unknown.statusCode).toBe(422);
    expect(errorOf(unknown).fields).toHaveProperty('bonusId');
    const depositBonus = await createBonus({ name: 'Deposit trigger', trigger: 'deposit' });
    const wrongTrigger = await admin('POST', '/api/admin/bonus-codes', {
      code: 'DEPOSITBONUS',
      bonusId: depositBonus.id,
    });
    expect(errorOf(wrongTrigger).fields).toHaveProperty('bonusId');
    expect((await admin('POST', '/api/admin/bonus-codes', { code: 'a b', bonusId: bonus.id })).statusCode).toBe(422);

    const player = await c.payer();
    expect((await enter(player, 'spring-2030', 1)).status).toBe(2);
    const body = { code: 'Spring-2030', bonusId: bonus.id, maxUses: 10 };
    const tooLow = await admin('PUT', `/api/admin/bonus-codes/${created.id}`, { ...body, maxUses: 0 });
    expect(tooLow.statusCode).toBe(422);
    // Paused: not available any more.
    const paused = await admin('PUT', `/api/admin/bonus-codes/${created.id}`, {
      ...body,
      status: 2,
      maxUsesPerPlayer: 5,
    });
    expect(paused.statusCode, paused.body).toBe(200);
    expect(z.object({ data: adminBonusCodeSchema }).parse(paused.json()).data).toMatchObject({ status: 2, uses: 1 });
    expect((await enter(player, 'SPRING-2030', 1)).status).toBe(4);
    const renamedTaken = await admin('PUT', `/api/admin/bonus-codes/${created.id}`, { ...body, code: WELCOME_CODE });
    expect(renamedTaken.statusCode).toBe(409);
    const missing = await admin('PUT', '/api/admin/bonus-codes/00000000-0000-4000-8000-000000000000', body);
    expect(missing.statusCode).toBe(404);
    const listed = z
      .object({ data: z.array(adminBonusCodeSchema) })
      .parse((await admin('GET', '/api/admin/bonus-codes')).json());
    expect(listed.data.map((x) => x.code)).toEqual(expect.arrayContaining([WELCOME_CODE, 'Spring-2030']));
    expect(listed.data.find((x) => x.code === WELCOME_CODE)?.bonusId).toBe(WELCOME_CODE_BONUS_ID);
  });
});

describe('a promo code at sign-up', () => {
  it('applies the code of the registration form; a wrong one never fails the registration', async () => {
    const player = await p.registerByEmail({ currency: 'USD', bonusCode: ' welcome50 ' });
    const [bonus] = await playerBonuses(player);
    expect(bonus).toMatchObject({ status: 1, amount: 5, currency: 'USD', name: 'Promo code WELCOME50: 5 USD' });
    expect(await listCodes(player)).toMatchObject([{ bonusCode: WELCOME_CODE, trigger: 1, status: 2, result: 2 }]);

    const wrong = await p.registerByEmail({ currency: 'USD', bonusCode: 'NOT-A-CODE' });
    expect(await playerBonuses(wrong)).toEqual([]);
  });

  it('gives registration bonuses, and keeps a deposit code for the first deposit', async () => {
    const registrationBonus = await createBonus({
      name: 'Sign-up gift',
      trigger: 'registration',
      amounts: [{ currency: 'EUR', amount: 3 }],
    });
    const signUp = await createCode({ bonusId: registrationBonus.id });
    const player = await p.registerByEmail({ currency: 'EUR', bonusCode: signUp.code });
    expect(await playerBonuses(player)).toMatchObject([
      { name: 'Sign-up gift', amount: 3, currency: 'EUR', status: 1 },
    ]);

    const depositCode = await createCode({}, { depositRanges: [{ currency: 'USD', amountFrom: 20 }] });
    const payer = await c.payer({ fields: { bonusCode: depositCode.code } });
    expect(await listCodes(payer, '?trigger=3')).toMatchObject([{ trigger: 3, status: 2, result: 1 }]);
    await deposit(payer, 20);
    expect(await playerBonuses(payer)).toMatchObject([{ status: 2, amount: 4 }]);
  });
});
