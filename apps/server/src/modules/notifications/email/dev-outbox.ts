import type { OutboxRepository } from '../outbox/repository';
import type { EmailSender } from './types';

/**
 * The sandbox adapter: every e-mail is stored in the dev outbox instead of being sent,
 * so that someone trying the site locally can read it at /api/dev/outbox.
 */
export function createDevOutboxEmailSender(options: { outbox: OutboxRepository }): EmailSender {
  return {
    transport: 'dev-outbox',
    async send(message) {
      return options.outbox.insert({
        channel: 'email',
        recipient: message.to,
        subject: message.subject,
        body_text: message.text,
        body_html: message.html ?? null,
        reply_to: message.replyTo ?? null,
        category: message.category,
      });
    },
  };
}
