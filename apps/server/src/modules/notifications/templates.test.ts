import { describe, expect, it } from 'vitest';
import type { CommunicationRow } from './repository';
import { communicationReference, contactAcknowledgement, supportNotification } from './templates';

const row: CommunicationRow = {
  id: '3f2a9c1e-1111-4222-8333-444455556666',
  email: 'ada@example.com',
  name: 'Ada\r\nBcc: victim@example.com',
  subject: 'Help\nBcc: victim@example.com',
  message: 'Line one\nLine two',
  locale: 'de',
  client_ip: '203.0.113.9',
  user_agent: 'UA/1.0',
  created_at: new Date('2026-01-02T03:04:05.000Z'),
};

describe('contact form e-mails', () => {
  it('quotes a short reference from the id', () => {
    expect(communicationReference(row.id)).toBe('3F2A9C1E');
  });

  it('gives support everything, replying to the sender, with header values on one line', () => {
    const mail = supportNotification(row, 'support@casino.test');
    expect(mail).toMatchObject({ to: 'support@casino.test', replyTo: 'ada@example.com', category: 'contact.support' });
    expect(mail.subject).toBe('[Contact 3F2A9C1E] Help Bcc: victim@example.com');
    expect(mail.subject).not.toMatch(/[\r\n]/);
    expect(mail.text).toContain('From: Ada Bcc: victim@example.com <ada@example.com>');
    expect(mail.text).toContain('Received: 2026-01-02T03:04:05.000Z');
    expect(mail.text).toContain('Locale: de');
    expect(mail.text).toContain('Client IP: 203.0.113.9');
    expect(mail.text.endsWith('\n\nLine one\nLine two')).toBe(true);
  });

  it('names the topic when the sender gave no subject', () => {
    expect(supportNotification({ ...row, subject: null, name: null }, 's@casino.test')).toMatchObject({
      subject: '[Contact 3F2A9C1E] Message from the contact form',
    });
  });

  it('acknowledges to the sender without repeating anything the sender typed', () => {
    const mail = contactAcknowledgement(row);
    expect(mail).toMatchObject({ to: 'ada@example.com', category: 'contact.acknowledgement' });
    expect(mail.replyTo).toBeUndefined();
    const everything = `${mail.subject}\n${mail.text}\n${mail.html}`;
    expect(everything).toContain('3F2A9C1E');
    for (const typed of ['Ada', 'Help', 'victim', 'Line one']) expect(everything).not.toContain(typed);
  });
});
