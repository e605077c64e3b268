import { afterAll, beforeAll, expect, it } from 'vitest';
import { fixtures } from './fixtures';
import { startTestServer, type TestServer } from './harness';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(async () => {
  await t.close();
});

it('measures a dice round', async () => {
  const f = fixtures(t);
  const { headers } = await f.playerWithSession('dice', 1_000_000n);
  const play = () =>
    f.p.post('/api/game/originals/dice/rounds', { amount: 1, direction: 'under', targetHundredths: 9800 }, { headers });
  await play();
  for (let i = 0; i < 3; i += 1) {
    const { result, statements } = await t.statementsDuring(play);
    expect(result.statusCode, result.body).toBe(200);
    console.log(`--- round ${i}: ${statements.length} statements, won=${JSON.stringify(result.json().data.round.payout)}`);
    for (const s of statements) console.log('  ' + s.replace(/\s+/g, ' ').slice(0, 300));
  }
});
