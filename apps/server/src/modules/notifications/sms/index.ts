import type { Config } from '../../../config';
import type { OutboxRepository } from '../outbox/repository';
import { createDevOutboxSmsSender } from './dev-outbox';
import { createHttpSmsSender } from './http-gateway';
import type { SmsSender } from './types';

export type { SmsMessage, SmsSender } from './types';

/** The HTTP gateway when `SMS_GATEWAY_URL` is set; otherwise the dev outbox, which production never uses. */
export function createSmsSender(options: {
  config: Pick<Config, 'sms' | 'isProduction'>;
  outbox: OutboxRepository;
}): SmsSender {
  const { sms, isProduction } = options.config;
  if (sms.gatewayUrl) return createHttpSmsSender({ url: sms.gatewayUrl, token: sms.gatewayToken, sender: sms.sender });
  // Without a gateway, production has no phone flows (loadConfig refuses REGISTRATION_PHONE);
  // an SMS reaching this adapter there is a bug, and it must not disappear into a table.
  if (isProduction) {
    return {
      transport: 'dev-outbox',
      async send() {
        throw new Error('SMS_GATEWAY_URL is not configured');
      },
    };
  }
  return createDevOutboxSmsSender({ outbox: options.outbox });
}
