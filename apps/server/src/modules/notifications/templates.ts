import type { EmailMessage } from './email';
import type { CommunicationRow } from './repository';

/**
 * E-mails of the contact form. English only for now: the texts move to content when
 * e-mail templates are localised (the sender's locale is stored with the message).
 */

/** Header values must stay on one line whatever a visitor typed. */
function oneLine(text: string): string {
  return text.replace(/[\r\n\t]+/g, ' ').trim();
}

/** A short reference both sides can quote: the first block of the message id. */
export function communicationReference(id: string): string {
  return id.slice(0, 8).toUpperCase();
}

/** To the operator: everything the visitor sent; replying answers the visitor. */
export function supportNotification(communication: CommunicationRow, supportEmail: string): EmailMessage {
  const reference = communicationReference(communication.id);
  const topic = communication.subject ? oneLine(communication.subject) : 'Message from the contact form';
  const from = communication.name ? `${oneLine(communication.name)} <${communication.email}>` : communication.email;
  const text = [
    `From: ${from}`,
    `Reference: ${reference} (${communication.id})`,
    `Received: ${communication.created_at.toISOString()}`,
    `Locale: ${communication.locale ?? 'unknown'}`,
    `Client IP: ${communication.client_ip}`,
    `User agent: ${communication.user_agent ?? 'unknown'}`,
    '',
    communication.message,
  ].join('\n');
  return {
    to: supportEmail,
    subject: `[Contact ${reference}] ${topic}`,
    text,
    replyTo: communication.email,
    category: 'contact.support',
  };
}

/**
 * To the visitor. It repeats nothing the visitor typed (no name, subject or message):
 * otherwise anyone could use the form to send their own text to any address.
 */
export function contactAcknowledgement(communication: CommunicationRow): EmailMessage {
  const reference = communicationReference(communication.id);
  const text = [
    'Hello,',
    '',
    'thank you for contacting Croupier. We have received your message and will answer you at this address as soon as we can.',
    '',
    `Your reference: ${reference}`,
    '',
    'If you did not write to us, you can ignore this e-mail.',
    '',
    'Croupier support',
  ].join('\n');
  const html = [
    '<p>Hello,</p>',
    '<p>thank you for contacting Croupier. We have received your message and will answer you at this address as soon as we can.</p>',
    `<p>Your reference: <strong>${reference}</strong></p>`,
    '<p>If you did not write to us, you can ignore this e-mail.</p>',
    '<p>Croupier support</p>',
  ].join('\n');
  return {
    to: communication.email,
    subject: `We have received your message (${reference})`,
    text,
    html,
    category: 'contact.acknowledgement',
  };
}
