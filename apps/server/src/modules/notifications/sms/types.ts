/**
 * The SMS port. Modules that send text messages (one-time codes) depend on this
 * interface only; `createSmsSender` picks the adapter.
 */
export interface SmsMessage {
  /** E.164 digits without '+', as stored for players. */
  to: string;
  text: string;
  /** What the message is for, e.g. `otp.registration`: logged and kept in the outbox. */
  category: string;
}

export interface SmsSender {
  /** Which adapter this is, for logs. */
  readonly transport: 'http-gateway' | 'dev-outbox';
  /** Resolves once the gateway (or the outbox) has accepted the message. */
  send(message: SmsMessage): Promise<{ id: string }>;
}
