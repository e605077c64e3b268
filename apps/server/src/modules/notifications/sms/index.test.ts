import { describe, expect, it, vi } from 'vitest';
import type { OutboxRepository } from '../outbox/repository';
import { createSmsSender } from './index';

function fakeOutbox() {
  const insert = vi.fn(async () => ({ id: 'outbox-id' }));
  return { insert, outbox: { insert } as unknown as OutboxRepository };
}

const noGateway = { gatewayUrl: undefined, gatewayToken: undefined, sender: 'Croupier' };

describe('createSmsSender', () => {
  it('stores SMS in the dev outbox without a gateway', async () => {
    const { insert, outbox } = fakeOutbox();
    const sender = createSmsSender({ config: { isProduction: false, sms: noGateway }, outbox });
    expect(sender.transport).toBe('dev-outbox');
    await expect(sender.send({ to: '4915112345678', text: '123456 is your code', category: 'otp.x' })).resolves.toEqual(
      {
        id: 'outbox-id',
      },
    );
    expect(insert).toHaveBeenCalledWith({
      channel: 'sms',
      recipient: '4915112345678',
      subject: null,
      body_text: '123456 is your code',
      category: 'otp.x',
    });
  });

  it('uses the HTTP gateway when configured, and never the outbox in production', async () => {
    const { insert, outbox } = fakeOutbox();
    const configured = { ...noGateway, gatewayUrl: 'http://127.0.0.1:1/sms' };
    expect(createSmsSender({ config: { isProduction: true, sms: configured }, outbox }).transport).toBe('http-gateway');
    const unconfigured = createSmsSender({ config: { isProduction: true, sms: noGateway }, outbox });
    await expect(unconfigured.send({ to: '4915112345678', text: 'x', category: 'otp.x' })).rejects.toThrow(
      /SMS_GATEWAY_URL/,
    );
    expect(insert).not.toHaveBeenCalled();
  });
});
