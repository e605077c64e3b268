import type { CommunicationBody } from '@croupier/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { EmailSender } from './email';
import { createMessageTemplates, type MessageContent } from './messages';
import type { CommunicationsRepository } from './repository';

type Log = Pick<FastifyBaseLogger, 'info' | 'error'>;

/** Longer values are cut: they are kept for the operator's information only. */
const USER_AGENT_MAX_CHARS = 512;
const CLIENT_IP_MAX_CHARS = 64;

export interface SubmitResult {
  /** The stored message's id; null when the honeypot caught an automated sender. */
  id: string | null;
  /** E-mails accepted by the adapter (support and acknowledgement: 2 when all went well). */
  emailsSent: number;
}

export function createCommunicationsService(options: {
  repository: CommunicationsRepository;
  email: EmailSender;
  supportEmail: string;
  /** The e-mails' texts: the operator's in the default locale, the visitor's in theirs. */
  content: MessageContent;
}) {
  const { repository, email, supportEmail } = options;
  const templates = createMessageTemplates(options.content);
  return {
    async submit(input: {
      body: CommunicationBody;
      clientIp: string;
      userAgent: string | undefined;
      log: Log;
    }): Promise<SubmitResult> {
      const { body, log } = input;
      if (body.website) {
        // Same answer as a real submission, so the bot learns nothing; nothing stored or sent.
        log.info({ clientIp: input.clientIp }, 'contact form honeypot filled: message dropped');
        return { id: null, emailsSent: 0 };
      }

      // Store first, then mail, deliberately outside one transaction. An SMTP server cannot
      // take part in a database transaction, so wrapping both would only hold a connection
      // open over the network without making them atomic. The order gives the guarantees
      // that matter: if storing fails, this throws before anything is sent (the visitor
      // sees an error and may retry without a duplicate e-mail); if mailing fails, the
      // message stays stored for the operator, the failure is logged with its id, and the
      // visitor is not asked to send it again (which would store it twice).
      const communication = await repository.insert({
        email: body.email,
        name: body.name || null,
        subject: body.subject || null,
        message: body.message,
        locale: body.locale ?? null,
        client_ip: input.clientIp.slice(0, CLIENT_IP_MAX_CHARS),
        user_agent: input.userAgent?.slice(0, USER_AGENT_MAX_CHARS) ?? null,
      });

      const messages = await Promise.all([
        templates.supportNotification(communication, supportEmail),
        templates.contactAcknowledgement(communication),
      ]);
      const results = await Promise.allSettled(messages.map((message) => email.send(message)));
      let emailsSent = 0;
      results.forEach((result, index) => {
        if (result.status === 'fulfilled') {
          emailsSent += 1;
          return;
        }
        log.error(
          {
            err: result.reason as unknown,
            communicationId: communication.id,
            category: messages[index]?.category,
            transport: email.transport,
          },
          'contact form e-mail not sent; the message is stored',
        );
      });
      return { id: communication.id, emailsSent };
    },
  };
}

export type CommunicationsService = ReturnType<typeof createCommunicationsService>;
