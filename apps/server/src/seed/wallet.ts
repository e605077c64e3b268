import { parseAmount } from '@croupier/contract';
import type { Db } from '../db/database';
import { hashPassword } from '../modules/auth/password-policy';
import { createAuthRepository } from '../modules/auth/repository';
import { createRealtimeEvents } from '../modules/realtime/after-commit';
import { createLocalEventBus } from '../modules/realtime/bus';
import { createSettingsRepository } from '../modules/settings/repository';
import { toCurrency } from '../modules/settings/service';
import { createWallet } from '../modules/wallet';
import type { Seeder } from './index';

/**
 * Outside production, a demo player with funded fiat and crypto accounts, so that a new
 * user can sign in and try the wallet at once (credentials in the README). The money
 * comes from the operator's sandbox funding account through ordinary ledger
 * transactions, with fixed idempotency keys: a re-run of the seed never pays twice.
 */
export const DEMO_PLAYER = {
  email: 'demo@croupier.test',
  password: 'croupier-demo',
  nickname: 'demo',
  currency: 'USD',
} as const;

/** Major units per currency; the first is the active account. */
export const DEMO_BALANCES: readonly { currency: string; amount: number }[] = [
  { currency: 'USD', amount: 1_000 },
  { currency: 'EUR', amount: 500 },
  { currency: 'BTC', amount: 0.05 },
  { currency: 'ETH', amount: 1.5 },
];

const quiet = { warn: () => {}, error: () => {} };

async function hasDemoPlayer(db: Db): Promise<boolean> {
  return (await createAuthRepository(db).findCredentialsByEmail(DEMO_PLAYER.email)) !== undefined;
}

export const walletSeeder: Seeder = {
  name: 'wallet',
  isEmpty: async (db, options) => options?.demoPlayer === true && !(await hasDemoPlayer(db)),
  run: async (db, options) => {
    if (options?.demoPlayer !== true) return;
    const auth = createAuthRepository(db);
    const playerId =
      (await auth.findCredentialsByEmail(DEMO_PLAYER.email))?.id ??
      (
        await auth.insertPlayer({
          email: DEMO_PLAYER.email,
          password_hash: await hashPassword(DEMO_PLAYER.password),
          nickname: DEMO_PLAYER.nickname,
          currency: DEMO_PLAYER.currency,
          locale: 'en',
          registration_method: 'email',
          confirmed_at: new Date(),
          agreed_tc: true,
        })
      ).id;

    const settings = createSettingsRepository(db);
    const currencies = (await settings.listCurrencies({ visibleOnly: false })).map(toCurrency);
    // Nobody listens during a seed: the events go to an in-process bus without subscribers.
    const events = createRealtimeEvents({ db, bus: createLocalEventBus(quiet), log: quiet });
    const wallet = createWallet({ db, events, currencies: { listCurrencies: async () => currencies } });

    for (const { currency: code, amount } of DEMO_BALANCES) {
      const currency = currencies.find((c) => c.code === code && c.isEnabled);
      if (!currency) continue;
      const parsed = parseAmount(amount, currency);
      if (!parsed.ok) throw new Error(`demo balance ${amount} ${code}: ${parsed.message}`);
      const account = await db.transaction().execute((trx) => wallet.accounts.ensureAccount(trx, playerId, code));
      await wallet.ledger.post({
        idempotencyKey: `seed:demo-player:${playerId}:${code}`,
        kind: 'sandbox_funding',
        entries: [
          { accountRef: { accountId: account.id }, amountMinor: parsed.amountMinor },
          { accountRef: { operator: 'sandbox_funding', currency: code }, amountMinor: -parsed.amountMinor },
        ],
        metadata: { reason: 'demo player' },
      });
    }
  },
};
