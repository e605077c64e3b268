import { randomUUID } from 'node:crypto';
import {
  profileSchema,
  verificationAuthResponseSchema,
  verificationSchema,
  type Verification,
} from '@croupier/contract';
import { describe, expect, it } from 'vitest';
import { verificationDigestHeaders } from '../src/modules/verification';
import {
  dataOf,
  eventually,
  type Payer,
  paymentsClient,
  recordPublications,
  sandboxPaymentId,
  usePaymentsServer,
} from './payments-helpers';
import { errorOf } from './players';

const SECRET = 'test-verification-sandbox-secret';
// Base currency USD: a withdrawal above 100, or deposits above 200 in all, need a verified identity.
const t = usePaymentsServer({
  VERIFICATION_SANDBOX_WEBHOOK_SECRET: SECRET,
  VERIFICATION_WITHDRAWAL_THRESHOLD: '100',
  VERIFICATION_DEPOSITS_THRESHOLD: '200',
  WITHDRAWAL_AUTO_APPROVE_MAX: '0',
});
const c = paymentsClient(t);

async function start(player: { token: string }) {
  const response = await c.p.post('/api/player/services/sumsub/auth', undefined, { token: player.token });
  expect(response.statusCode, response.body).toBe(200);
  const answer = verificationAuthResponseSchema.parse(response.json());
  const applicantId = /\/api\/dev\/verification\/applicants\/([0-9a-f-]{36})$/.exec(answer.url ?? '')?.[1];
  if (!applicantId) throw new Error(`no sandbox page in ${String(answer.url)}`);
  return { answer, applicantId };
}

const status = async (player: { token: string }): Promise<Verification> =>
  dataOf(await c.p.get('/api/player/verification', { token: player.token }), verificationSchema);

const profileStatus = async (player: { token: string }) =>
  dataOf(await c.p.get('/api/player/profile', { token: player.token }), profileSchema).verificationStatus;

/** The tester's decision on the sandbox page (a form post, as the browser sends it). */
function decide(applicantId: string, decision: 'submit' | 'approve' | 'reject' | 'retry', reason?: string) {
  return t.app.server.inject({
    method: 'POST',
    url: `/api/dev/verification/applicants/${applicantId}/${decision}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: reason === undefined ? '' : new URLSearchParams({ reason }).toString(),
  });
}

/** A webhook as the provider sends it (signed with the sandbox's secret unless told otherwise). */
function webhook(body: string, headers: Record<string, string> = verificationDigestHeaders(SECRET, body)) {
  return t.app.server.inject({
    method: 'POST',
    url: '/api/verification/webhooks/sandbox',
    headers: { 'content-type': 'application/json', ...headers },
    payload: body,
  });
}

const reviewed = (playerId: string, answer: 'GREEN' | 'RED', createdAtMs: string, correlationId = randomUUID()) =>
  JSON.stringify({
    type: 'applicantReviewed',
    externalUserId: playerId,
    correlationId,
    reviewStatus: 'completed',
    reviewResult: answer === 'GREEN' ? { reviewAnswer: 'GREEN' } : { reviewAnswer: 'RED', reviewRejectType: 'FINAL' },
    createdAtMs,
  });

describe('starting verification', () => {
  it('answers the token at the root and under data, with the sandbox page; the status stays none', async () => {
    const player = await c.payer();
    const { answer, applicantId } = await start(player);
    expect(answer.token).toMatch(/^sbx_/);
    expect(answer.data).toEqual({ token: answer.token, url: answer.url });
    expect(await status(player)).toEqual({
      status: 'none',
      reason: null,
      updatedAt: null,
      requiredForWithdrawalsAboveBase: 100,
      requiredForDepositsAboveBase: 200,
    });
    expect(await profileStatus(player)).toBe('none');
    // The same applicant each time, as at a hosted provider.
    expect((await start(player)).applicantId).toBe(applicantId);

    const page = await t.app.server.inject({ method: 'GET', url: `/api/dev/verification/applicants/${applicantId}` });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-security-policy']).toContain("default-src 'none'");
    expect(page.body).not.toContain('<script');
    expect(page.body).toContain('Approve');
  });

  it('needs a signed-in player', async () => {
    const response = await c.p.post('/api/player/services/sumsub/auth', undefined);
    expect(response.statusCode).toBe(401);
  });

  it('answers 404 for an unknown sandbox applicant', async () => {
    expect((await decide(randomUUID(), 'approve')).statusCode).toBe(404);
  });
});

describe('the sandbox provider’s decisions', () => {
  it('submit, retry, reject and approve each change the status once, with a realtime event', async () => {
    const player = await c.payer();
    const { applicantId } = await start(player);
    const events = recordPublications(t);
    try {
      expect((await decide(applicantId, 'submit')).statusCode).toBe(303);
      expect((await status(player)).status).toBe('pending');

      expect((await decide(applicantId, 'retry', 'Blurred photo')).statusCode).toBe(303);
      expect(await status(player)).toMatchObject({ status: 'retry', reason: 'Blurred photo' });

      const refused = await decide(applicantId, 'reject', '  ');
      expect(refused.statusCode).toBe(422);
      expect((await decide(applicantId, 'reject', 'Document is expired')).statusCode).toBe(303);
      expect(await status(player)).toMatchObject({ status: 'rejected', reason: 'Document is expired' });

      expect((await decide(applicantId, 'approve')).statusCode).toBe(303);
      expect(await status(player)).toMatchObject({ status: 'approved', reason: null });
      expect(await profileStatus(player)).toBe('approved');

      const mine = await eventually(async () => {
        const seen = events.seen.filter((e) => e.channel === `player:verification#${player.id}`);
        return seen.length === 4 ? seen : undefined;
      });
      expect(mine.map((e) => (e.data.verification as { status: string }).status)).toEqual([
        'pending',
        'retry',
        'rejected',
        'approved',
      ]);
      expect(mine.every((e) => e.data.event === 'player.verification.updated')).toBe(true);

      // Verified: starting again answers the same applicant and changes nothing.
      expect((await start(player)).applicantId).toBe(applicantId);
      expect((await status(player)).status).toBe('approved');
    } finally {
      events.stop();
    }
  });
});

describe('the webhook endpoint', () => {
  it('applies an event once however often delivered, and an older event changes nothing', async () => {
    const player = await c.payer();
    await start(player);
    const events = recordPublications(t);
    try {
      const body = reviewed(player.id, 'RED', '2026-01-02 10:00:00.000');
      const first = await webhook(body);
      expect(first.json()).toEqual({ data: { applied: true, status: 'rejected' } });
      const replays = await Promise.all([webhook(body), webhook(body), webhook(body)]);
      for (const replay of replays) expect(replay.json()).toEqual({ data: { applied: false, status: 'rejected' } });

      const older = await webhook(reviewed(player.id, 'GREEN', '2026-01-01 10:00:00.000'));
      expect(older.json()).toEqual({ data: { applied: false, status: 'rejected' } });
      expect((await status(player)).status).toBe('rejected');

      const newer = await webhook(reviewed(player.id, 'GREEN', '2026-01-03 10:00:00.000'));
      expect(newer.json()).toEqual({ data: { applied: true, status: 'approved' } });
      await eventually(async () =>
        events.seen.filter((e) => e.channel === `player:verification#${player.id}`).length === 2 ? true : undefined,
      );
    } finally {
      events.stop();
    }
  });

  it('refuses a bad, missing or foreign signature and applies nothing', async () => {
    const player = await c.payer();
    await start(player);
    const body = reviewed(player.id, 'GREEN', '2026-01-02 10:00:00.000');
    const cases: Record<string, string>[] = [
      verificationDigestHeaders('another-secret-of-sixteen', body),
      {},
      { 'x-payload-digest': verificationDigestHeaders(SECRET, body)['x-payload-digest'] ?? '' },
      { ...verificationDigestHeaders(SECRET, body), 'x-payload-digest-alg': 'HMAC_SHA1_HEX' },
      verificationDigestHeaders(SECRET, `${body} `),
    ];
    for (const headers of cases) {
      const response = await webhook(body, headers);
      expect(response.statusCode, JSON.stringify(headers)).toBe(401);
      expect(errorOf(response).code).toBe(13221);
    }
    expect((await status(player)).status).toBe('none');
    // The same body correctly signed is then applied (nothing was recorded before).
    expect((await webhook(body)).json()).toEqual({ data: { applied: true, status: 'approved' } });
  });

  it('answers 404 for an unknown applicant or provider', async () => {
    const body = reviewed(randomUUID(), 'GREEN', '2026-01-02 10:00:00.000');
    expect((await webhook(body)).statusCode).toBe(404);
    const other = await t.app.server.inject({
      method: 'POST',
      url: '/api/verification/webhooks/nobody',
      headers: { 'content-type': 'application/json', ...verificationDigestHeaders(SECRET, body) },
      payload: body,
    });
    expect(other.statusCode).toBe(404);
  });
});

describe('the rules that need a verified identity', () => {
  const card = (amount: number) => ({
    method: 'sandbox.card_payout',
    amount,
    fields: { wallet_id: '4111111111111111' },
  });
  const paid = async (player: Payer, amount: number) => {
    const deposit = await c.depositOk(player, { method: 'sandbox.card', amount, fields: {} });
    const choice = await c.sandboxChoose(sandboxPaymentId(deposit.action), 'succeed');
    expect(choice.statusCode).toBe(303);
    await eventually(async () => ((await c.invoice(player, deposit.invoiceId)).status === 2 ? true : undefined));
  };

  it('refuses a withdrawal above the threshold until the identity is verified', async () => {
    const player = await c.payer({ fund: 500 });
    const refused = await c.withdraw(player, card(150));
    expect(refused.statusCode).toBe(400);
    expect(errorOf(refused).code).toBe(13220);
    expect((await c.account(player, 'USD')).lockedBalance).toBe(0);
    expect((await c.withdraw(player, card(100))).statusCode).toBe(200);

    const { applicantId } = await start(player);
    await decide(applicantId, 'submit');
    expect(errorOf(await c.withdraw(player, card(150))).code).toBe(13220);
    await decide(applicantId, 'approve');
    expect((await c.withdraw(player, card(150))).statusCode).toBe(200);
  });

  it('refuses a deposit that takes the deposits above the threshold until verified', async () => {
    const player = await c.payer();
    await paid(player, 150);
    const refused = await c.deposit(player, { method: 'sandbox.card', amount: 60, fields: {} });
    expect(refused.statusCode).toBe(400);
    expect(errorOf(refused).code).toBe(13220);
    expect(errorOf(await c.deposit(player, { method: 'sandbox.card', amount: 201, fields: {} })).code).toBe(13220);
    expect((await c.deposit(player, { method: 'sandbox.card', amount: 50, fields: {} })).statusCode).toBe(200);

    const { applicantId } = await start(player);
    await decide(applicantId, 'reject', 'Document is expired');
    expect(errorOf(await c.deposit(player, { method: 'sandbox.card', amount: 60, fields: {} })).code).toBe(13220);
    await decide(applicantId, 'approve');
    expect((await c.deposit(player, { method: 'sandbox.card', amount: 60, fields: {} })).statusCode).toBe(200);
  });
});
