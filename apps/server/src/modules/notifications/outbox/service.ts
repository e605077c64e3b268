import type { DevOutboxMessage, PaginationMeta } from '@croupier/contract';
import { AppError } from '../../../lib/errors';
import { pageMeta, pageOffset } from '../../../lib/pagination';
import type { OutboxFilter, OutboxRepository, OutboxRow } from './repository';

export function toOutboxMessage(row: OutboxRow): DevOutboxMessage {
  return {
    id: row.id,
    channel: row.channel,
    to: row.recipient,
    subject: row.subject,
    text: row.body_text,
    html: row.body_html,
    replyTo: row.reply_to,
    category: row.category,
    createdAt: row.created_at.toISOString(),
  };
}

/** Read access to the dev outbox (what the e-mail and SMS sandboxes "sent"). */
export function createOutboxService(options: { repository: OutboxRepository }) {
  const { repository } = options;
  return {
    async list(
      query: OutboxFilter & { page: number; perPage: number },
    ): Promise<{ data: DevOutboxMessage[]; meta: PaginationMeta }> {
      const filter: OutboxFilter = { channel: query.channel, recipient: query.recipient };
      const [rows, totalRows] = await Promise.all([
        repository.list(filter, { offset: pageOffset(query.page, query.perPage), limit: query.perPage }),
        repository.count(filter),
      ]);
      return {
        data: rows.map(toOutboxMessage),
        meta: pageMeta({ page: query.page, perPage: query.perPage, totalRows }),
      };
    },

    async get(id: string): Promise<DevOutboxMessage> {
      const row = await repository.find(id);
      if (!row) throw AppError.notFound('No such outbox message.');
      return toOutboxMessage(row);
    },
  };
}

export type OutboxService = ReturnType<typeof createOutboxService>;
