import type { OutboxRepository } from '../outbox/repository';
import type { SmsSender } from './types';

/**
 * The sandbox adapter: every SMS is stored in the dev outbox (channel `sms`) instead of
 * being sent, so that someone trying the site locally can read a one-time code at
 * /api/dev/outbox?channel=sms.
 */
export function createDevOutboxSmsSender(options: { outbox: OutboxRepository }): SmsSender {
  return {
    transport: 'dev-outbox',
    async send(message) {
      return options.outbox.insert({
        channel: 'sms',
        recipient: message.to,
        subject: null,
        body_text: message.text,
        category: message.category,
      });
    },
  };
}
