import { describe, expect, it } from 'vitest';
import { DEFAULT_SMTP_TIMEOUTS, smtpOptionsFromUrl } from './smtp';

describe('smtpOptionsFromUrl', () => {
  it('reads host, port, TLS mode and URL-encoded credentials', () => {
    expect(smtpOptionsFromUrl('smtps://user%40example.com:p%3Ass@smtp.example.com')).toEqual({
      host: 'smtp.example.com',
      secure: true,
      auth: { user: 'user@example.com', pass: 'p:ss' },
      connectionTimeout: DEFAULT_SMTP_TIMEOUTS.connectionTimeoutMs,
      greetingTimeout: DEFAULT_SMTP_TIMEOUTS.greetingTimeoutMs,
      socketTimeout: DEFAULT_SMTP_TIMEOUTS.socketTimeoutMs,
    });
    expect(smtpOptionsFromUrl('smtp://[::1]:2525')).toMatchObject({ host: '::1', port: 2525, secure: false });
  });

  it('requires STARTTLS before sending credentials in a plain URL to another machine', () => {
    expect(smtpOptionsFromUrl('smtp://user:pass@smtp.example.com:587').requireTLS).toBe(true);
    expect(smtpOptionsFromUrl('smtp://user:pass@127.0.0.1:587').requireTLS).toBeUndefined();
    expect(smtpOptionsFromUrl('smtp://smtp.example.com:25').requireTLS).toBeUndefined();
    expect(smtpOptionsFromUrl('smtp://user:pass@smtp.example.com:587?requireTLS=false').requireTLS).toBeUndefined();
  });

  it('takes TLS switches from the query', () => {
    expect(smtpOptionsFromUrl('smtp://relay.internal?ignoreTLS=true&rejectUnauthorized=false')).toMatchObject({
      ignoreTLS: true,
      tls: { rejectUnauthorized: false },
    });
  });

  it('uses the given timeouts', () => {
    expect(
      smtpOptionsFromUrl('smtp://relay.internal', { connectionTimeoutMs: 1, greetingTimeoutMs: 2, socketTimeoutMs: 3 }),
    ).toMatchObject({ connectionTimeout: 1, greetingTimeout: 2, socketTimeout: 3 });
  });

  it('refuses other schemes', () => {
    expect(() => smtpOptionsFromUrl('http://smtp.example.com')).toThrow(/smtp/);
  });
});
