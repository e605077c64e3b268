import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { PRODUCTION_ENV, useTestServer } from './fixtures';
import { startTestServer, type TestServer } from './harness';

/** The dev outbox page for people: GET /dev/outbox. */

const t = useTestServer();

let ipCounter = 0;
function nextIp(): string {
  ipCounter += 1;
  return `203.0.113.${ipCounter}`;
}

async function page(server: TestServer, query = '') {
  const response = await server.app.server.inject({ url: `/dev/outbox${query}`, headers: { accept: 'text/html' } });
  return response;
}

describe('GET /dev/outbox', () => {
  it('lists a one-time code sent by SMS, newest first, with its recipient and time', async () => {
    const phone = '4915112340001';
    for (let send = 0; send < 2; send += 1) {
      const sent = await t.app.server.inject({
        method: 'POST',
        url: '/api/player/otp/send',
        payload: { phone, reason: 'registration' },
        remoteAddress: nextIp(),
      });
      expect(sent.statusCode, sent.body).toBe(200);
    }
    const stored = await t.db
      .selectFrom('dev_outbox')
      .select(['body_text', 'created_at'])
      .where('recipient', '=', phone)
      .orderBy('seq', 'desc')
      .execute();
    const codes = stored.map((row) => /\b(\d{6})\b/.exec(row.body_text)?.[1]);
    expect(codes).toHaveLength(2);

    const response = await page(t, `?channel=sms&to=${encodeURIComponent(`+49 151 1234 0001`)}`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.headers['cache-control']).toBe('no-store');
    // The page's own CSP: its inline style by hash, no script at all.
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("default-src 'none'");
    expect(csp).toMatch(/style-src 'sha256-[A-Za-z0-9+/=]+'/);
    expect(csp).not.toContain('script-src');

    const html = response.body;
    expect(html).toContain('+4915112340001');
    expect(html).toContain('2 messages');
    // Both codes, the newest first, each picked out as the message's code.
    const shown = [...html.matchAll(/<output class="code"[^>]*>(\d{6})<\/output>/g)].map((match) => match[1]);
    expect(shown).toEqual(codes);
    expect(html).toContain(`datetime="${stored[0]?.created_at.toISOString()}"`);
    // The filter form keeps what was asked for.
    expect(html).toMatch(/<option value="sms" selected>/);
  });

  it('links the password reset e-mail and filters by recipient, case-insensitively', async () => {
    const email = `Reset.${Date.now()}@Example.com`;
    const registered = await t.app.server.inject({
      method: 'POST',
      url: '/api/player/register',
      payload: { email, password: 'correct horse 42', password_confirmation: 'correct horse 42', agreements: 1 },
      remoteAddress: nextIp(),
    });
    expect(registered.statusCode, registered.body).toBe(200);
    const reset = await t.app.server.inject({
      method: 'POST',
      url: '/api/player/passwords/reset',
      payload: { email },
      remoteAddress: nextIp(),
    });
    expect(reset.statusCode, reset.body).toBe(200);
    // The reset e-mail leaves after the answer.
    await t.app.background.settled();

    const response = await page(t, `?channel=email&to=${encodeURIComponent(email.toLowerCase())}`);
    expect(response.statusCode).toBe(200);
    const link = /<a href="(http:\/\/127\.0\.0\.1:\d+\/password\/reset\/[A-Za-z0-9_-]+)"/.exec(response.body)?.[1];
    expect(link, response.body).toBeDefined();
    expect(response.body).toContain('Reset your password');
    // Only this recipient's mails are listed: the e-mail confirmation and the reset.
    const recipients = [...response.body.matchAll(/data-to="([^"]*)"/g)].map((match) => match[1]?.toLowerCase());
    expect(new Set(recipients)).toEqual(new Set([email.toLowerCase()]));
    expect(recipients.length).toBeGreaterThanOrEqual(2);
    // The empty filter of the form means "any".
    const all = await page(t, '?channel=&to=');
    expect(all.statusCode).toBe(200);
    expect(all.body).toContain(link);
  });

  it('escapes every value from the messages', async () => {
    const hostile = '<script>alert("x")</script>';
    const sent = await t.app.server.inject({
      method: 'POST',
      url: '/api/notification/communications',
      payload: {
        email: 'mallory@example.com',
        name: `Mallory ${hostile}`,
        subject: `Hi <img src=x onerror=alert(1)> & "quotes"`,
        message: `${hostile} see https://example.com/?a=1&b=2"><b>bold</b> and javascript:alert(1)`,
        locale: 'en',
      },
      remoteAddress: nextIp(),
    });
    expect(sent.statusCode, sent.body).toBe(200);

    const response = await page(t, `?to=${encodeURIComponent('<b>x</b>')}`);
    expect(response.body).toContain('value="&lt;b&gt;x&lt;/b&gt;"');
    expect(response.body).not.toContain('<b>x</b>');

    const html = (await page(t, '?channel=email')).body;
    expect(html).not.toContain('<script');
    expect(html).not.toContain('<img');
    expect(html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;');
    // Only http(s) addresses become links, with their attribute escaped.
    expect(html).toContain('<a href="https://example.com/?a=1&amp;b=2" rel="noreferrer">');
    expect(html).not.toContain('<b>bold');
    expect(html).not.toMatch(/href="javascript:/);
  });

  it('answers 422 to a bad filter', async () => {
    expect((await page(t, '?channel=fax')).statusCode).toBe(422);
    expect((await page(t, '?page=0')).statusCode).toBe(422);
  });
});

describe('GET /dev/outbox in production', () => {
  it('is 404, not the web app', async () => {
    const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'croupier-outbox-web-'));
    fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Croupier</title><div id="root"></div>');
    const production = await startTestServer({ ...PRODUCTION_ENV, SERVE_WEB: 'true', WEB_DIST_DIR: dist });
    try {
      // The web app answers page routes…
      expect((await production.app.server.inject({ url: '/casino', headers: { accept: 'text/html' } })).body).toContain(
        '<div id="root">',
      );
      // …but not the dev pages.
      for (const url of ['/dev/outbox', '/dev/outbox?channel=sms', '/dev']) {
        const response = await production.app.server.inject({ url, headers: { accept: 'text/html,*/*' } });
        expect(response.statusCode, url).toBe(404);
        expect(response.body, url).not.toContain('<div id="root">');
      }
    } finally {
      await production.close();
      fs.rmSync(dist, { recursive: true, force: true });
    }
  });
});
