import { z } from 'zod';
import { pageQuerySchema } from '../common/query';
import { isEmail } from '../validation/rules';

/**
 * Contact-form text. Every failure is reported by a shared rule name (`required`,
 * `maxLength` with `{max}`, ...) so that the server's error handler and the web form
 * turn it into the same text. Surrounding white space is trimmed before the rules run.
 */
function formText(options: { max: number }) {
  return z
    .string({ error: (issue) => (issue.input === undefined || issue.input === null ? 'required' : 'invalid') })
    .trim()
    .refine((value) => value.length <= options.max, { error: 'maxLength', params: { max: options.max }, abort: true });
}

function requiredFormText(options: { max: number }) {
  return formText(options).refine((value) => value !== '', { error: 'required', abort: true });
}

/** Limits of the contact form, shared by the form and the server. */
export const COMMUNICATION_LIMITS = { email: 254, message: 5000, name: 100, subject: 200 } as const;

/** `POST /api/notification/communications`: the contact form. */
export const communicationBodySchema = z.object({
  email: requiredFormText({ max: COMMUNICATION_LIMITS.email }).refine(isEmail, { error: 'email' }),
  message: requiredFormText({ max: COMMUNICATION_LIMITS.message }),
  name: formText({ max: COMMUNICATION_LIMITS.name }).optional(),
  subject: formText({ max: COMMUNICATION_LIMITS.subject }).optional(),
  /** The site locale the form was sent from (the acknowledgement's language). */
  locale: z
    .string({ error: 'invalid' })
    .regex(/^[A-Za-z]{2}(?:[-_][A-Za-z]{2})?$/, { error: 'regex' })
    .optional(),
  /** Honeypot: the web form hides this field, so only automated senders fill it in. */
  website: z.string({ error: 'invalid' }).optional(),
});
export type CommunicationBody = z.infer<typeof communicationBodySchema>;

/** Channels of the development outbox (the sandbox of the e-mail and SMS adapters). */
export const OUTBOX_CHANNELS = ['email', 'sms'] as const;
export type OutboxChannel = (typeof OUTBOX_CHANNELS)[number];

/** `GET /api/dev/outbox[/{id}]` (outside production only): a message the site "sent". */
export const devOutboxMessageSchema = z.object({
  id: z.string(),
  channel: z.enum(OUTBOX_CHANNELS),
  /** E-mail address or phone number. */
  to: z.string(),
  /** null for SMS. */
  subject: z.string().nullable(),
  text: z.string(),
  html: z.string().nullable(),
  replyTo: z.string().nullable(),
  /** What the message is for, e.g. `contact.support`, `contact.acknowledgement`. */
  category: z.string(),
  createdAt: z.string(),
});
export type DevOutboxMessage = z.infer<typeof devOutboxMessageSchema>;

export const devOutboxQuerySchema = pageQuerySchema.extend({
  channel: z.enum(OUTBOX_CHANNELS).optional(),
  /** Only messages to this recipient (case-insensitive). */
  to: z.string().trim().min(1).max(254).optional(),
});
