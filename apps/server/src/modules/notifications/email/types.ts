/**
 * The e-mail port. Modules that send e-mail (contact form, later password resets and
 * confirmations) depend on this interface only; `createEmailSender` picks the adapter.
 */
export interface EmailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** What the message is for, e.g. `contact.support`: logged, kept in the outbox, sent as a header. */
  category: string;
  replyTo?: string;
}

export interface EmailSender {
  /** Which adapter this is, for logs and the start-up banner. */
  readonly transport: 'smtp' | 'dev-outbox';
  /** Resolves with the message's id once the SMTP server (or the outbox) has accepted it. */
  send(message: EmailMessage): Promise<{ id: string }>;
}
