import { describe, expect, it, vi } from 'vitest';
import type { EmailMessage, EmailSender } from './email';
import { fileMessageContent } from './messages.fixture';
import type { CommunicationRow, CommunicationsRepository } from './repository';
import { createCommunicationsService } from './service';

function fakeRepository(insert: CommunicationsRepository['insert']): CommunicationsRepository {
  return { insert };
}

function storedRow(values: Parameters<CommunicationsRepository['insert']>[0]): CommunicationRow {
  return {
    id: '00000000-0000-4000-8000-000000000001',
    email: values.email,
    name: values.name ?? null,
    subject: values.subject ?? null,
    message: values.message,
    locale: values.locale ?? null,
    client_ip: values.client_ip,
    user_agent: values.user_agent ?? null,
    created_at: new Date('2026-01-01T00:00:00Z'),
  };
}

function fakeSender(send: (message: EmailMessage) => Promise<{ id: string }>): EmailSender & { sent: EmailMessage[] } {
  const sent: EmailMessage[] = [];
  return {
    transport: 'smtp',
    sent,
    async send(message) {
      const result = await send(message);
      sent.push(message);
      return result;
    },
  };
}

function fakeLog() {
  return { info: vi.fn(), error: vi.fn() };
}

const content = fileMessageContent();

const body = { email: 'ada@example.com', message: 'Hello' };

describe('communications service', () => {
  it('stores, then sends to support and to the sender', async () => {
    const insert = vi.fn(async (values: Parameters<CommunicationsRepository['insert']>[0]) => storedRow(values));
    const email = fakeSender(async () => ({ id: 'm' }));
    const service = createCommunicationsService({
      repository: fakeRepository(insert),
      email,
      supportEmail: 'support@casino.test',
      content,
    });
    const result = await service.submit({
      body: { ...body, name: '' },
      clientIp: '203.0.113.1',
      userAgent: 'x'.repeat(2000),
      log: fakeLog(),
    });
    expect(result).toEqual({ id: '00000000-0000-4000-8000-000000000001', emailsSent: 2 });
    expect(insert).toHaveBeenCalledTimes(1);
    const stored = insert.mock.calls[0]?.[0];
    expect(stored?.name).toBeNull();
    expect(stored?.user_agent).toHaveLength(512);
    expect(email.sent.map((m) => m.to).sort()).toEqual(['ada@example.com', 'support@casino.test']);
  });

  it('sends nothing when storing fails', async () => {
    const email = fakeSender(async () => ({ id: 'm' }));
    const service = createCommunicationsService({
      repository: fakeRepository(async () => {
        throw new Error('database down');
      }),
      email,
      supportEmail: 'support@casino.test',
      content,
    });
    await expect(
      service.submit({ body, clientIp: '203.0.113.1', userAgent: undefined, log: fakeLog() }),
    ).rejects.toThrow('database down');
    expect(email.sent).toEqual([]);
  });

  it('keeps the message and logs when an e-mail fails, still sending the other one', async () => {
    const insert = vi.fn(async (values: Parameters<CommunicationsRepository['insert']>[0]) => storedRow(values));
    const email = fakeSender(async (message) => {
      if (message.category === 'contact.support') throw new Error('SMTP down');
      return { id: 'm' };
    });
    const log = fakeLog();
    const service = createCommunicationsService({
      repository: fakeRepository(insert),
      email,
      supportEmail: 's@x.test',
      content,
    });
    const result = await service.submit({ body, clientIp: '203.0.113.1', userAgent: undefined, log });
    expect(result.emailsSent).toBe(1);
    expect(insert).toHaveBeenCalledTimes(1);
    expect(email.sent.map((m) => m.category)).toEqual(['contact.acknowledgement']);
    expect(log.error).toHaveBeenCalledTimes(1);
    expect(log.error.mock.calls[0]?.[0]).toMatchObject({
      communicationId: '00000000-0000-4000-8000-000000000001',
      category: 'contact.support',
    });
  });

  it('drops a message whose honeypot is filled', async () => {
    const insert = vi.fn(async (values: Parameters<CommunicationsRepository['insert']>[0]) => storedRow(values));
    const email = fakeSender(async () => ({ id: 'm' }));
    const service = createCommunicationsService({
      repository: fakeRepository(insert),
      email,
      supportEmail: 's@x.test',
      content,
    });
    const result = await service.submit({
      body: { ...body, website: 'http://spam.example' },
      clientIp: '203.0.113.1',
      userAgent: undefined,
      log: fakeLog(),
    });
    expect(result).toEqual({ id: null, emailsSent: 0 });
    expect(insert).not.toHaveBeenCalled();
    expect(email.sent).toEqual([]);
  });
});
