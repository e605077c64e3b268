import { it, expect } from 'vitest';
import { startTestServer } from './harness';
it('scratch', async () => {
  const t = await startTestServer({ JWT_SECRET: 'realtime-test-secret-0123456789abcdef0123456789' });
  const r = await t.app.server.inject({ url: '/api/connection/websocket' });
  console.log('plain GET', r.statusCode, r.body.slice(0, 200));
  const docs = await t.app.server.inject({ url: '/api/docs/json' });
  console.log('docs', docs.statusCode, Object.keys(docs.json().paths).filter((p: string) => p.includes('realtime') || p.includes('connection')));
  const stats = await t.app.server.inject({ url: '/api/dev/realtime/stats' });
  console.log('stats', stats.statusCode, stats.body);
  await t.close();
}, 60000);
