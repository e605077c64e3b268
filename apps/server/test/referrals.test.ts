import {
  constantsSchema,
  referralAdminSettingsSchema,
  referralSettingsSchema,
  referralsPageSchema,
} from '@croupier/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createReferralsRepository } from '../src/modules/referrals/repository';
import { createReferrals } from '../src/modules/referrals/service';
import { REFERRAL_OWNER_BONUS_ID } from '../src/seed/referrals';
import { ADMIN_KEY, adminRequest, fixtures, useGameProvider, useTestServer } from './fixtures';
import type { RegisteredPlayer } from './players';

/**
 * The referral programme (docs/referrals.md): a registration with a player's code links the
 * friend; the `referrals` activity consumer sums the friend's deposits and real-money bets
 * (rollbacks taken back) and, once both thresholds are met within the window, qualifies
 * the friend and gives the owner the owner bonus exactly once.
 */

const PROVIDER = 'northern-lights';
const SECRET = 'northern-lights-referrals-secret';

const t = useTestServer({ ADMIN_API_KEY: ADMIN_KEY, RATE_LIMIT_PER_MINUTE: '100000' });
const { call: providerCall } = useGameProvider(t, PROVIDER, SECRET);
const f = fixtures(t);
const { p } = f;

/** The test's settings: USD friends qualify with 20 USD deposited and 5 USD wagered within 30 days. */
const SETTINGS = {
  enabled: true,
  maxReferralCount: null,
  ownerBonusId: REFERRAL_OWNER_BONUS_ID,
  qualificationDays: 30,
  thresholds: [{ currency: 'USD', depositAmount: 20, wagerAmount: 5 }],
};

async function putSettings(body: Record<string, unknown>) {
  const response = await adminRequest(t, 'PUT', '/api/admin/referral-settings', { body });
  expect(response.statusCode, response.body).toBe(200);
  return referralAdminSettingsSchema.parse(response.json<{ data: unknown }>().data);
}

let tx = 0;
const txId = (label: string) => `ref-${label}-${++tx}-${Date.now()}`;

/** A credited deposit as payments records it on the stream (the `payments.deposit-credited` event). */
async function deposit(playerId: string, accountId: string, amountMinor: bigint) {
  await t.db.transaction().execute((trx) =>
    t.app.activity.record(trx, {
      kind: 'deposit',
      playerId,
      accountId,
      currency: 'USD',
      amountMinor,
      invoiceId: `00000000-0000-4000-8000-${String(++tx).padStart(12, '0')}`,
    }),
  );
}

async function ownerPlayer(): Promise<RegisteredPlayer & { code: string }> {
  const owner = await p.registerByEmail({ currency: 'USD' });
  const code = owner.auth.profile.referralCode;
  if (!code) throw new Error('the owner has no referral code');
  return { ...owner, code };
}

async function referralsOf(token: string, query = '') {
  const response = await p.get(`/api/player/profile/referrals${query}`, { token });
  expect(response.statusCode, response.body).toBe(200);
  return referralsPageSchema.parse(response.json());
}

async function ownerBonuses(ownerId: string): Promise<string[]> {
  const rows = await sql<{ source: string }>`select source from player_bonuses
    where player_id = ${ownerId} and bonus_id = ${REFERRAL_OWNER_BONUS_ID} order by source`.execute(t.db);
  return rows.rows.map((r) => r.source);
}

beforeAll(async () => {
  await putSettings(SETTINGS);
});

afterAll(async () => {
  await t.app.activity.drain();
});

describe('referral settings and shapes', () => {
  it('answers the settings, the profile fields and the constants switch', async () => {
    const owner = await ownerPlayer();
    expect(owner.code).toMatch(/^[A-Z0-9]{6,16}$/);
    expect(owner.auth.profile.qualifiedReferralsCount).toBe(0);

    const settings = await p.get('/api/player/referral-settings', { token: owner.token });
    expect(settings.statusCode, settings.body).toBe(200);
    expect(referralSettingsSchema.parse(settings.json<{ data: unknown }>().data)).toEqual({
      enabled: true,
      maxReferralCount: null,
      ownerBonusId: REFERRAL_OWNER_BONUS_ID,
    });
    const constants = await p.get('/api/settings/constants');
    expect(constantsSchema.parse(constants.json<{ data: unknown }>().data).player.referral.enabled).toBe(true);

    const page = await referralsOf(owner.token);
    expect(page).toEqual({
      referrals: [],
      data: [],
      meta: { page: 1, perPage: 10, totalPages: 0, totalRows: 0 },
    });
    // The referral owner bonus is offered under triggerType 11.
    const offered = await p.get('/api/game/bonuses?currency=USD&triggerType=11', { token: owner.token });
    expect(offered.statusCode, offered.body).toBe(200);
    expect(offered.json<{ data: { id: string }[] }>().data.map((b) => b.id)).toEqual([REFERRAL_OWNER_BONUS_ID]);
  });

  it('refuses guests and callers without the operator key; checks the operator input', async () => {
    expect((await p.get('/api/player/referral-settings')).statusCode).toBe(401);
    expect((await p.get('/api/player/profile/referrals')).statusCode).toBe(401);
    expect((await adminRequest(t, 'GET', '/api/admin/referral-settings', { key: null })).statusCode).toBe(401);
    expect((await adminRequest(t, 'GET', '/api/admin/referral-settings', { key: 'wrong' })).statusCode).toBe(401);
    const bad = await adminRequest(t, 'PUT', '/api/admin/referral-settings', {
      body: {
        ...SETTINGS,
        // A deposit bonus is not a referral bonus; XXX is no currency; 0.001 USD has too many decimals.
        ownerBonusId: '00000000-0000-4000-8000-000000000001',
        thresholds: [
          { currency: 'XXX', depositAmount: 1, wagerAmount: 1 },
          { currency: 'USD', depositAmount: 0.001, wagerAmount: 1 },
        ],
      },
    });
    expect(bad.statusCode, bad.body).toBe(422);
    expect(Object.keys(bad.json<{ error: { fields: Record<string, string[]> } }>().error.fields).sort()).toEqual([
      'ownerBonusId',
      'thresholds.0.currency',
      'thresholds.1.depositAmount',
    ]);
    const read = await adminRequest(t, 'GET', '/api/admin/referral-settings');
    expect(referralAdminSettingsSchema.parse(read.json<{ data: unknown }>().data)).toEqual(SETTINGS);
  });
});

describe('linking at registration', () => {
  it('links a friend who registers with the code (any case); unknown codes link nothing', async () => {
    const owner = await ownerPlayer();
    const friend = await p.registerByEmail({ currency: 'USD', referralCode: owner.code.toLowerCase() });
    await p.registerByEmail({ currency: 'USD', referralCode: 'NOSUCHCODE1' });
    await p.registerByEmail({ currency: 'USD', referralCode: '' });
    const page = await referralsOf(owner.token);
    expect(page.meta.totalRows).toBe(1);
    const [referral] = page.referrals;
    expect(referral?.qualified).toBe(1);
    expect(referral?.qualificationDate).toBeNull();
    const registered = Date.parse(referral?.registrationDate ?? '');
    expect(Math.abs(registered - Date.now())).toBeLessThan(60_000);
    expect(Date.parse(referral?.qualificationEndDate ?? '') - registered).toBe(30 * 86_400_000);
    expect(page.data).toEqual(page.referrals);
    // The friend's own list is empty; the expiry job waits for the window's end.
    expect((await referralsOf(friend.token)).meta.totalRows).toBe(0);
    const jobs = await sql<{ n: number }>`select count(*)::int as n from jobs where kind = 'referrals.expire'
      and payload->>'referralId' = (select id::text from referrals where referred_id = ${friend.id})`.execute(t.db);
    expect(jobs.rows[0]?.n).toBe(1);
  });

  it('ignores a self-referral and stops at maxReferralCount', async () => {
    const owner = await ownerPlayer();
    // A player cannot know their code before registering: the rule is the service's.
    const referrals = createReferrals({
      repository: createReferralsRepository(t.db),
      bonuses: { grantIn: () => Promise.resolve(undefined) },
      jobs: { enqueue: () => Promise.resolve(true) },
      currencies: { listCurrencies: () => Promise.resolve([]) },
      transaction: (work) => t.db.transaction().execute(work),
      log: { warn: () => undefined },
    });
    expect(await referrals.linkAtRegistration(owner.id, owner.code)).toBe(false);

    await putSettings({ ...SETTINGS, maxReferralCount: 2 });
    try {
      const friends = await Promise.all([1, 2, 3].map(() => p.registerByEmail({ referralCode: owner.code })));
      const page = await referralsOf(owner.token);
      expect(page.meta.totalRows).toBe(2);
      const linked = await sql<{ referred_id: string }>`select referred_id from referrals
        where owner_id = ${owner.id}`.execute(t.db);
      expect(friends.filter((fr) => linked.rows.some((r) => r.referred_id === fr.id))).toHaveLength(2);
    } finally {
      await putSettings(SETTINGS);
    }
  });

  it('links nothing and shows no code while the programme is off', async () => {
    const owner = await ownerPlayer();
    await putSettings({ ...SETTINGS, enabled: false });
    try {
      const friend = await p.registerByEmail({ referralCode: owner.code });
      expect(friend.auth.profile.referralCode).toBeNull();
      const profile = await p.get('/api/player/profile', { token: owner.token });
      expect(profile.json<{ data: { referralCode: unknown; qualifiedReferralsCount: unknown } }>().data).toMatchObject({
        referralCode: null,
        qualifiedReferralsCount: null,
      });
      const constants = await p.get('/api/settings/constants');
      expect(constantsSchema.parse(constants.json<{ data: unknown }>().data).player.referral.enabled).toBe(false);
      expect((await referralsOf(owner.token)).meta.totalRows).toBe(0);
    } finally {
      await putSettings(SETTINGS);
    }
  });
});

describe('qualification', () => {
  it('counts deposits and real-money bets, takes rollbacks back, qualifies once and gives the owner bonus once', async () => {
    const owner = await ownerPlayer();
    const friend = await f.playerWithSession('aurora-wilds', 50_00n, { fields: { referralCode: owner.code } });
    await t.app.activity.drain();
    await deposit(friend.player.id, friend.accountId, 20_00n);
    await providerCall('bet', {
      token: friend.session,
      transactionId: txId('b1'),
      roundId: 'r1',
      amount: 4_00,
      currency: 'USD',
    });
    const undone = { token: friend.session, transactionId: txId('b2'), roundId: 'r2', amount: 3_00, currency: 'USD' };
    await providerCall('bet', undone);
    await providerCall('rollback', {
      token: friend.session,
      transactionId: txId('rb'),
      referenceTransactionId: undone.transactionId,
      roundId: 'r2',
    });
    // One batch: 7 USD bet, then 3 of it rolled back before the batch's sums are judged.
    await t.app.activity.drain();
    // 20 USD deposited, 4 USD wagered (the rolled-back 3 taken back): not yet.
    expect((await referralsOf(owner.token)).referrals[0]?.qualified).toBe(1);
    const progress = await sql<{ deposited: string; wagered: string }>`select deposited_minor::text as deposited,
      wagered_minor::text as wagered from referral_progress p join referrals r on r.id = p.referral_id
      where r.referred_id = ${friend.player.id}`.execute(t.db);
    expect(progress.rows).toEqual([{ deposited: '2000', wagered: '400' }]);
    expect(await ownerBonuses(owner.id)).toEqual([]);

    await providerCall('bet', {
      token: friend.session,
      transactionId: txId('b3'),
      roundId: 'r3',
      amount: 1_00,
      currency: 'USD',
    });
    await t.app.activity.drain();
    await t.app.activity.drain();
    const [referral] = (await referralsOf(owner.token)).referrals;
    expect(referral?.qualified).toBe(2);
    expect(referral?.qualificationDate).not.toBeNull();
    const referralId = (
      await t.db
        .selectFrom('referrals')
        .select('id')
        .where('referred_id', '=', friend.player.id)
        .executeTakeFirstOrThrow()
    ).id;
    expect(await ownerBonuses(owner.id)).toEqual([`referral:${referralId}`]);
    // The owner sees the bonus in their bonuses and the count in the profile.
    const bonuses = await p.get('/api/game/player-bonuses', { token: owner.token });
    expect(bonuses.json<{ data: { bonusId?: string; name: string }[] }>().data.map((b) => b.name)).toContain(
      'Referral bonus: a friend qualified',
    );
    const profile = await p.get('/api/player/profile', { token: owner.token });
    expect(profile.json<{ data: { qualifiedReferralsCount: number } }>().data.qualifiedReferralsCount).toBe(1);

    // Later play changes nothing: no second bonus.
    await deposit(friend.player.id, friend.accountId, 50_00n);
    await providerCall('bet', {
      token: friend.session,
      transactionId: txId('b4'),
      roundId: 'r4',
      amount: 5_00,
      currency: 'USD',
    });
    await t.app.activity.drain();
    expect(await ownerBonuses(owner.id)).toEqual([`referral:${referralId}`]);
  });

  it('ends the window: activity after it does not count, the job and the list say unqualified', async () => {
    const owner = await ownerPlayer();
    const late = await f.playerWithSession('aurora-wilds', 50_00n, { fields: { referralCode: owner.code } });
    const idle = await p.registerByEmail({ currency: 'USD', referralCode: owner.code });
    await t.app.activity.drain();
    // Both windows ended a minute ago.
    await sql`update referrals set registered_at = now() - interval '31 days',
      qualification_ends_at = now() - interval '1 minute' where owner_id = ${owner.id}`.execute(t.db);
    await deposit(late.player.id, late.accountId, 20_00n);
    await providerCall('bet', {
      token: late.session,
      transactionId: txId('late'),
      roundId: 'late',
      amount: 10_00,
      currency: 'USD',
    });
    await t.app.activity.drain();
    const statuses = async () =>
      (
        await sql<{ referred_id: string; status: number }>`select referred_id, status from referrals
          where owner_id = ${owner.id}`.execute(t.db)
      ).rows;
    // The late friend's activity found the window closed; the idle one waits for the job.
    expect(await statuses()).toEqual(
      expect.arrayContaining([
        { referred_id: late.player.id, status: 3 },
        { referred_id: idle.id, status: 1 },
      ]),
    );
    // Shown as unqualified already; the job (due after a grace period) writes it.
    expect((await referralsOf(owner.token)).referrals.map((r) => r.qualified)).toEqual([3, 3]);
    await sql`update jobs set run_at = now() where kind = 'referrals.expire'
      and payload->>'referralId' in (select id::text from referrals where owner_id = ${owner.id})`.execute(t.db);
    expect(await t.app.jobs.runDue()).toBeGreaterThanOrEqual(2);
    expect((await statuses()).map((r) => r.status)).toEqual([3, 3]);
    expect(await ownerBonuses(owner.id)).toEqual([]);
  });
});
