import { z } from 'zod';
import { paginationMetaSchema } from '../common/envelope';
import { pageQuerySchema } from '../common/query';
import { messengerMessageSchema } from '../realtime/entities';

export const messagesQuerySchema = pageQuerySchema;

/** Page meta plus the player's unread count over all pages. */
export const messagesMetaSchema = paginationMetaSchema.extend({ totalUnread: z.number().int().min(0) });

export const messagesPageSchema = z.object({
  data: z.array(messengerMessageSchema),
  meta: messagesMetaSchema,
});
export type MessagesPage = z.infer<typeof messagesPageSchema>;

export const messageIdsBodySchema = z.object({
  messageIds: z.array(z.string().max(64)).min(1).max(100),
});

export const totalUnreadSchema = z.object({ totalUnread: z.number().int().min(0) });

const linkSchema = z.object({
  url: z
    .string()
    .trim()
    .max(500)
    .refine((url) => url.startsWith('/') || /^https?:\/\//.test(url), { error: 'invalid' }),
  label: z.string().trim().min(1).max(100),
});

/** What the operator writes: the same in every locale (system messages are the localised ones). */
export const operatorMessageContentSchema = z.object({
  title: z.string().trim().min(1).max(200),
  body: z.string().trim().min(1).max(5000),
  link: linkSchema.optional(),
});

const isoDay = z.iso.date();

/** Who a segment send reaches; every given filter must match (an empty segment is everyone). */
export const messageSegmentSchema = z.object({
  countries: z.array(z.string().length(2)).max(300).optional(),
  currencies: z.array(z.string().min(2).max(10)).max(100).optional(),
  /** Registered on or after this day (UTC). */
  registeredFrom: isoDay.optional(),
  /** Registered on or before this day (UTC). */
  registeredTo: isoDay.optional(),
  /** Loyalty level ids (a player without points is on the lowest level). */
  levels: z.array(z.string().uuid()).max(100).optional(),
});
export type MessageSegment = z.infer<typeof messageSegmentSchema>;

/**
 * An operator's message. `marketing` (the default) skips self-excluded and cooling-off
 * players (status 4); a service notice (`false`) reaches them too. Closed accounts never.
 */
export const operatorSendBodySchema = z
  .object({
    playerId: z.guid({ error: 'invalid' }).optional(),
    segment: messageSegmentSchema.optional(),
    marketing: z.boolean().default(true),
    content: operatorMessageContentSchema,
  })
  .refine((body) => (body.playerId === undefined) !== (body.segment === undefined), {
    error: 'exactly one of playerId and segment',
    path: ['playerId'],
  });
export type OperatorSendBody = z.infer<typeof operatorSendBodySchema>;

export const operatorSendResultSchema = z.object({ sent: z.number().int().min(0) });
