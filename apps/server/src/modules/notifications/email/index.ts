import type { Config } from '../../../config';
import type { OutboxRepository } from '../outbox/repository';
import { createDevOutboxEmailSender } from './dev-outbox';
import { createSmtpEmailSender } from './smtp';
import type { EmailSender } from './types';

export type { EmailMessage, EmailSender } from './types';

/** SMTP when `SMTP_URL` is set; otherwise the dev outbox, which production never uses. */
export function createEmailSender(options: {
  config: Pick<Config, 'mail' | 'isProduction'>;
  outbox: OutboxRepository;
}): EmailSender {
  const { mail, isProduction } = options.config;
  if (mail.smtpUrl) return createSmtpEmailSender({ url: mail.smtpUrl, from: mail.from });
  // loadConfig already refuses this; kept so that no other path can swallow real mail.
  if (isProduction) throw new Error('SMTP_URL is required in production');
  return createDevOutboxEmailSender({ outbox: options.outbox });
}
