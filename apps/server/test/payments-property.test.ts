import { randomUUID } from 'node:crypto';
import { depositResponseSchema, withdrawResponseSchema } from '@croupier/contract';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import {
  ADMIN_KEY,
  dataOf,
  type Payer,
  paymentsClient,
  sandboxEvent,
  sandboxPaymentId,
  usePaymentsServer,
} from './payments-helpers';
import { seededRandom } from './fixtures';
import { ledgerViolations } from './wallet-helpers';

/**
 * Property: random sequences of deposits, withdrawals, declines, approvals, rejections,
 * payout outcomes, webhook replays and request retries, through the HTTP API, keep the
 * books sound after every step: postings sum to zero per currency, no player balance
 * below zero, every balance equals the sum of its postings, each webhook event and each
 * idempotency key is applied once, and the balances are what a simple model predicts.
 * The seed (PAYMENTS_PROPERTY_SEED) replays a sequence.
 */

const t = usePaymentsServer({
  // Payout outcomes are driven by the test's own webhooks; deposits are withdrawable at once.
  PAYMENTS_SANDBOX_PAYOUT_DELAY_MS: '600000',
  TURNOVER_WAGER_MULTIPLE: '0',
});
const c = paymentsClient(t);

type DepositState = 'pending' | 'paid' | 'failed' | 'declined';
/** declined: by the player; rejected: by the operator (both give the money back). */
type WithdrawalState = 'pending' | 'processing' | 'paid' | 'returned' | 'declined' | 'rejected';

interface Deposit {
  kind: 'deposit';
  id: string;
  player: Payer;
  amountCents: number;
  state: DepositState;
  paymentId: string;
}
interface Withdrawal {
  kind: 'withdrawal';
  id: string;
  player: Payer;
  amountCents: number;
  state: WithdrawalState;
}

describe('property: random payment sequences keep the books sound', () => {
  const SEED = Number(process.env.PAYMENTS_PROPERTY_SEED ?? 20_250_301);
  const STEPS = Number(process.env.PAYMENTS_PROPERTY_STEPS ?? 120);

  it(`seed ${SEED}, ${STEPS} steps`, async () => {
    const random = seededRandom(SEED);
    const payers: Payer[] = [];
    for (let i = 0; i < 3; i += 1) payers.push(await c.payer({ fund: 100 }));
    /** Model: real and locked cents per player. */
    const model = new Map(payers.map((p) => [p.id, { real: 10_000, locked: 0 }]));
    const deposits: Deposit[] = [];
    const withdrawals: Withdrawal[] = [];
    /** Webhook bodies sent and accepted: replays of them must change nothing. */
    const sentEvents: string[] = [];
    /** Requests with an Idempotency-Key, to retry. */
    const keyed: {
      player: Payer;
      kind: 'deposit' | 'withdrawal';
      body: Record<string, unknown>;
      key: string;
      answer: unknown;
    }[] = [];

    const expectModel = async (step: string) => {
      for (const payer of payers) {
        const account = await c.account(payer, 'USD');
        const expected = model.get(payer.id);
        expect(
          { real: Math.round(account.realBalance * 100), locked: Math.round(account.lockedBalance * 100) },
          `${step}: balances of ${payer.id}`,
        ).toEqual(expected);
      }
    };

    const checkBooks = async (step: string) => {
      expect(await ledgerViolations(t.db), step).toEqual([]);
      // Each ledger key is unique by constraint; per invoice, exactly the keys its history implies.
      const keys = await sql<{ idempotency_key: string }>`
        select idempotency_key from ledger_transactions
        where idempotency_key like 'deposit:%' or idempotency_key like 'withdrawal:%'`.execute(t.db);
      const actual = new Set(keys.rows.map((r) => r.idempotency_key));
      const expected = new Set<string>();
      for (const d of deposits) if (d.state === 'paid') expected.add(`deposit:${d.id}`);
      for (const w of withdrawals) {
        expected.add(`withdrawal:hold:${w.id}`);
        if (w.state === 'declined' || w.state === 'rejected') expected.add(`withdrawal:release:${w.id}`);
        if (['processing', 'paid', 'returned'].includes(w.state)) expected.add(`withdrawal:approve:${w.id}`);
        if (w.state === 'paid') expected.add(`withdrawal:paid:${w.id}`);
        if (w.state === 'returned') expected.add(`withdrawal:return:${w.id}`);
      }
      const mine = new Set([...deposits, ...withdrawals].map((i) => i.id));
      const relevant = [...actual].filter((key) => mine.has(key.slice(key.lastIndexOf(':') + 1)));
      expect(new Set(relevant), step).toEqual(expected);
      await expectModel(step);
    };

    const adjust = (player: Payer, realCents: number, lockedCents: number) => {
      const balances = model.get(player.id);
      if (!balances) throw new Error('unknown player');
      balances.real += realCents;
      balances.locked += lockedCents;
    };

    for (let step = 0; step < STEPS; step += 1) {
      const player = random.pick(payers);
      const action = random.pick([
        'deposit',
        'deposit',
        'payDeposit',
        'failDeposit',
        'withdraw',
        'withdraw',
        'decline',
        'approve',
        'reject',
        'payout',
        'replay',
        'retry',
      ] as const);
      const label = `step ${step} ${action}`;

      switch (action) {
        case 'deposit': {
          const amountCents = random.int(1_000, 30_000);
          const body = { method: 'sandbox.card', amount: amountCents / 100 };
          const key = random.chance(0.3) ? randomUUID() : undefined;
          const response = await c.deposit(player, body, key ? { 'idempotency-key': key } : {});
          const started = dataOf(response, depositResponseSchema);
          if (key) keyed.push({ player, kind: 'deposit', body, key, answer: response.json() });
          deposits.push({
            kind: 'deposit',
            id: started.invoiceId,
            player,
            amountCents,
            state: 'pending',
            paymentId: sandboxPaymentId(started.action),
          });
          break;
        }
        case 'payDeposit':
        case 'failDeposit': {
          const deposit = deposits.length > 0 ? random.pick(deposits) : undefined;
          if (!deposit) break;
          const succeed = action === 'payDeposit';
          if (random.chance(0.5)) {
            // the payer on the sandbox page (ignored once the payment is finished there)
            await c.sandboxChoose(deposit.paymentId, succeed ? 'succeed' : 'fail');
            const invoice = await c.invoice(deposit.player, deposit.id);
            const credited = deposit.state !== 'paid' && invoice.status === 2;
            if (credited) adjust(deposit.player, deposit.amountCents, 0);
            deposit.state =
              invoice.status === 2
                ? 'paid'
                : invoice.statusResult === 'declined'
                  ? 'declined'
                  : invoice.status === 3
                    ? 'failed'
                    : 'pending';
          } else {
            // the provider's webhook directly (a late one too)
            const body = sandboxEvent({
              type: succeed ? 'deposit.succeeded' : 'deposit.failed',
              invoiceId: deposit.id,
              amountMinor: deposit.amountCents,
              currency: 'USD',
            });
            expect((await c.webhook(body)).statusCode, label).toBe(200);
            sentEvents.push(body);
            if (succeed && deposit.state !== 'paid') {
              adjust(deposit.player, deposit.amountCents, 0);
              deposit.state = 'paid';
            } else if (!succeed && deposit.state === 'pending') {
              deposit.state = 'failed';
            }
          }
          break;
        }
        case 'withdraw': {
          const balances = model.get(player.id);
          if (!balances) break;
          // sometimes more than the balance, to exercise the refusal
          const amountCents = random.int(2_000, Math.max(2_000, balances.real + 2_000));
          const body = {
            method: 'sandbox.card_payout',
            amount: amountCents / 100,
            fields: { wallet_id: '4111111111111111' },
          };
          const key = random.chance(0.3) ? randomUUID() : undefined;
          const response = await c.withdraw(player, body, key ? { 'idempotency-key': key } : {});
          if (amountCents > balances.real || amountCents > 500_000) {
            expect(response.statusCode, label).toBe(422);
            break;
          }
          const { invoiceId } = dataOf(response, withdrawResponseSchema);
          if (key) keyed.push({ player, kind: 'withdrawal', body, key, answer: response.json() });
          adjust(player, -amountCents, amountCents);
          withdrawals.push({ kind: 'withdrawal', id: invoiceId, player, amountCents, state: 'pending' });
          break;
        }
        case 'decline': {
          const invoice = random.pick<Deposit | Withdrawal | undefined>([...deposits, ...withdrawals, undefined]);
          if (!invoice) break;
          const response = await c.p.put(`/api/payment/invoices/${invoice.id}/decline`, undefined, {
            token: invoice.player.token,
          });
          const declinable = invoice.state === 'pending' || invoice.state === 'declined';
          expect(response.statusCode, `${label} ${invoice.kind} ${invoice.state} ${response.body}`).toBe(
            declinable ? 200 : 409,
          );
          if (invoice.kind === 'withdrawal' && invoice.state === 'pending') {
            adjust(invoice.player, invoice.amountCents, -invoice.amountCents);
            invoice.state = 'declined';
          }
          if (invoice.kind === 'deposit' && invoice.state === 'pending') invoice.state = 'declined';
          break;
        }
        case 'approve':
        case 'reject': {
          const withdrawal = withdrawals.length > 0 ? random.pick(withdrawals) : undefined;
          if (!withdrawal) break;
          const response = await c.admin(
            'POST',
            `/api/admin/payments/withdrawals/${withdrawal.id}/${action}`,
            ADMIN_KEY,
          );
          const allowed = withdrawal.state === 'pending' || (action === 'approve' && withdrawal.state === 'processing');
          expect(response.statusCode, label).toBe(allowed ? 200 : 409);
          if (withdrawal.state === 'pending') {
            if (action === 'approve') {
              adjust(withdrawal.player, 0, -withdrawal.amountCents);
              withdrawal.state = 'processing';
            } else {
              adjust(withdrawal.player, withdrawal.amountCents, -withdrawal.amountCents);
              withdrawal.state = 'rejected';
            }
          }
          break;
        }
        case 'payout': {
          const withdrawal = withdrawals.length > 0 ? random.pick(withdrawals) : undefined;
          if (!withdrawal) break;
          const paid = random.chance(0.7);
          const body = sandboxEvent({
            type: paid ? 'payout.succeeded' : 'payout.failed',
            invoiceId: withdrawal.id,
            amountMinor: withdrawal.amountCents,
            currency: 'USD',
          });
          expect((await c.webhook(body)).statusCode, label).toBe(200);
          sentEvents.push(body);
          if (withdrawal.state === 'processing') {
            if (paid) withdrawal.state = 'paid';
            else {
              adjust(withdrawal.player, withdrawal.amountCents, 0);
              withdrawal.state = 'returned';
            }
          }
          break;
        }
        case 'replay': {
          if (sentEvents.length === 0) break;
          const body = random.pick(sentEvents);
          const times = random.int(1, 3);
          const answers = await Promise.all(Array.from({ length: times }, () => c.webhook(body)));
          for (const answer of answers) {
            expect(answer.statusCode, label).toBe(200);
            expect(answer.json<{ data: { applied: boolean } }>().data.applied, label).toBe(false);
          }
          break;
        }
        case 'retry': {
          if (keyed.length === 0) break;
          const request = random.pick(keyed);
          const send = () =>
            request.kind === 'deposit'
              ? c.deposit(request.player, request.body, { 'idempotency-key': request.key })
              : c.withdraw(request.player, request.body, { 'idempotency-key': request.key });
          const answers = await Promise.all([send(), send()]);
          for (const answer of answers) expect(answer.json(), label).toEqual(request.answer);
          break;
        }
      }
      await checkBooks(label);
    }

    // Every webhook event id recorded once, and the operator's clearing and pending
    // accounts hold exactly what went through them.
    const events = await sql<{ n: string }>`
      select count(*)::text as n from (select provider, event_id from payment_webhook_events group by 1, 2 having count(*) > 1) d`.execute(
      t.db,
    );
    expect(events.rows[0]?.n).toBe('0');
    const pendingCents = withdrawals.filter((w) => w.state === 'processing').reduce((s, w) => s + w.amountCents, 0);
    const pending = await t.db
      .selectFrom('ledger_accounts')
      .select('balance_minor')
      .where('kind', '=', 'withdrawals_pending')
      .where('currency', '=', 'USD')
      .executeTakeFirst();
    expect(Number(pending?.balance_minor ?? 0n)).toBe(pendingCents);
  });
});
