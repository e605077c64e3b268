// Payments benchmark: deposits credited per second through the webhook path, on
// PostgreSQL. Each payer is a signed-in player that, in a closed loop, opens a deposit
// (POST /api/payment/invoices/deposit, sandbox card method) and then delivers the
// provider's signed `deposit.succeeded` webhook (POST /api/payment/webhooks/sandbox),
// whose answer comes after the credit is committed (ledger postings, invoice status,
// events queued). Runs with 1, 8 and 32 concurrent payers and prints credits per second
// and p50/p99 latency of the webhook and of the whole deposit. Figures only.
//
//   BENCH_DATABASE_URL (else TEST_DATABASE_URL, else postgres://postgres@127.0.0.1:5432/postgres):
//     a PostgreSQL server where a fresh database is created for the run and dropped after.
//   PAYMENTS_BENCH_PAYERS=1,8,32       concurrency levels
//   PAYMENTS_BENCH_DURATION_MS=8000    per level
import { createHmac, randomUUID } from 'node:crypto';
import { call, createBenchDatabase, ensureServerBuilt, levelsOf, percentile, startServer } from './lib.mjs';

const LEVELS = levelsOf(process.env.PAYMENTS_BENCH_PAYERS ?? '1,8,32');
const DURATION_MS = Number(process.env.PAYMENTS_BENCH_DURATION_MS ?? 8000);
const WEBHOOK_SECRET = 'payments-bench-webhook-secret';
const PASSWORD = 'bench payer password';

/** The sandbox's webhook signature: t=<unix>,v1=<hex HMAC-SHA256 of "<t>.<body>">. */
function sign(body) {
  const t = Math.floor(Date.now() / 1000);
  return `t=${t},v1=${createHmac('sha256', WEBHOOK_SECRET).update(`${t}.${body}`).digest('hex')}`;
}

async function createPayer(url, index) {
  const email = `payer-${index}-${randomUUID().slice(0, 8)}@bench.example`;
  // Registration is limited per client IP: each payer comes from an address of its own.
  const auth = await call(
    `${url}/api/player/register`,
    'POST',
    { email, password: PASSWORD, password_confirmation: PASSWORD, agreements: 1, currency: 'USD' },
    { 'cf-connecting-ip': `10.77.${Math.floor(index / 250)}.${(index % 250) + 1}` },
  );
  const headers = { authorization: `Bearer ${auth.accessToken}` };
  const accounts = await call(`${url}/api/wallet/accounts`, 'GET', undefined, headers);
  return { headers, accountId: accounts[0].id, credited: 0 };
}

/** One payer's closed loop until the deadline: deposit, then the provider's webhook. */
async function payerLoop(url, payer, deadline, samples) {
  while (performance.now() < deadline) {
    const amountCents = 1000 + Math.floor(Math.random() * 9000);
    const started = performance.now();
    const deposit = await call(
      `${url}/api/payment/invoices/deposit`,
      'POST',
      {
        method: 'sandbox.card',
        currency: 'USD',
        amount: amountCents / 100,
        accountId: payer.accountId,
        isBonusDecline: true,
      },
      payer.headers,
    );
    const body = JSON.stringify({
      id: `evt_${randomUUID()}`,
      type: 'deposit.succeeded',
      created: Math.floor(Date.now() / 1000),
      data: { paymentId: randomUUID(), merchantReference: deposit.invoiceId, amount: amountCents, currency: 'USD' },
    });
    const sent = performance.now();
    const result = await call(`${url}/api/payment/webhooks/sandbox`, 'POST', body, { 'sandbox-signature': sign(body) });
    const done = performance.now();
    if (!result.applied || result.invoiceStatus !== 2)
      throw new Error(`webhook not applied: ${JSON.stringify(result)}`);
    payer.credited += amountCents;
    samples.push({ webhookMs: done - sent, depositMs: done - started, at: done });
  }
}

ensureServerBuilt();
const database = await createBenchDatabase('payments');
const { name: databaseName, url: databaseUrl } = database;

const server = await startServer({
  DATABASE_URL: databaseUrl.toString(),
  DATABASE_POOL_MAX: '20',
  JWT_SECRET: 'payments-bench-jwt-secret-0123456789abcdef0123',
  PAYMENTS_SANDBOX_WEBHOOK_SECRET: WEBHOOK_SECRET,
  TURNOVER_WAGER_MULTIPLE: '1',
  TRUST_PROXY: 'true',
});
try {
  console.log(
    `server ready in ${server.readyMs.toFixed(0)} ms on PostgreSQL (fresh database ${databaseName}, pool 20)`,
  );
  const maxPayers = Math.max(...LEVELS);
  const payers = [];
  for (let i = 0; i < maxPayers; i += 1) payers.push(await createPayer(server.url, i));
  console.log(`${maxPayers} payers registered; ${DURATION_MS} ms per level, closed loop: deposit → signed webhook\n`);
  console.log(
    `${'payers'.padStart(6)} ${'credited/s'.padStart(11)} ${'deposits'.padStart(9)}  ${'webhook p50'.padStart(11)} ${'p99'.padStart(8)}  ${'deposit p50'.padStart(11)} ${'p99'.padStart(8)}`,
  );
  for (const level of LEVELS) {
    const samples = [];
    const started = performance.now();
    const deadline = started + DURATION_MS;
    await Promise.all(payers.slice(0, level).map((payer) => payerLoop(server.url, payer, deadline, samples)));
    const elapsedS = (performance.now() - started) / 1000;
    const webhook = samples.map((s) => s.webhookMs).sort((a, b) => a - b);
    const deposit = samples.map((s) => s.depositMs).sort((a, b) => a - b);
    const webhookSeconds = webhook.reduce((sum, ms) => sum + ms, 0) / 1000 / level;
    console.log(
      `${String(level).padStart(6)} ${(samples.length / elapsedS).toFixed(1).padStart(11)} ${String(samples.length).padStart(9)}  ${percentile(webhook, 50).toFixed(2).padStart(8)} ms ${percentile(webhook, 99).toFixed(2).padStart(5)} ms  ${percentile(deposit, 50).toFixed(2).padStart(8)} ms ${percentile(deposit, 99).toFixed(2).padStart(5)} ms   (webhook path alone: ${(samples.length / webhookSeconds).toFixed(0)} credits/s)`,
    );
  }
  // Every credit landed exactly once.
  let mismatches = 0;
  for (const payer of payers) {
    const accounts = await call(`${server.url}/api/wallet/accounts`, 'GET', undefined, payer.headers);
    if (Math.round(accounts[0].realBalance * 100) !== payer.credited) mismatches += 1;
  }
  console.log(`\nbalances equal to the credits sent: ${payers.length - mismatches}/${payers.length}`);
} finally {
  await server.stop();
  await database.drop();
}
