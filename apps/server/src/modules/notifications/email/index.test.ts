import { describe, expect, it, vi } from 'vitest';
import type { OutboxRepository } from '../outbox/repository';
import { createEmailSender } from './index';

const mail = { from: 'Croupier <no-reply@casino.test>', supportEmail: 'support@casino.test' };

function fakeOutbox() {
  const insert = vi.fn(async () => ({ id: 'outbox-id' }));
  return { insert, outbox: { insert } as unknown as OutboxRepository };
}

describe('createEmailSender', () => {
  it('uses the dev outbox when no SMTP server is configured', async () => {
    const { insert, outbox } = fakeOutbox();
    const sender = createEmailSender({
      config: { isProduction: false, mail: { ...mail, smtpUrl: undefined } },
      outbox,
    });
    expect(sender.transport).toBe('dev-outbox');
    await expect(
      sender.send({ to: 'a@example.com', subject: 'S', text: 'T', category: 'test', replyTo: 'b@example.com' }),
    ).resolves.toEqual({ id: 'outbox-id' });
    expect(insert).toHaveBeenCalledWith({
      channel: 'email',
      recipient: 'a@example.com',
      subject: 'S',
      body_text: 'T',
      body_html: null,
      reply_to: 'b@example.com',
      category: 'test',
    });
  });

  it('uses SMTP when configured, and never the outbox in production', () => {
    const { outbox } = fakeOutbox();
    const smtpUrl = 'smtp://127.0.0.1:2525';
    expect(createEmailSender({ config: { isProduction: true, mail: { ...mail, smtpUrl } }, outbox }).transport).toBe(
      'smtp',
    );
    expect(() =>
      createEmailSender({ config: { isProduction: true, mail: { ...mail, smtpUrl: undefined } }, outbox }),
    ).toThrow(/SMTP_URL/);
  });
});
