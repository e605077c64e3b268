import {
  channels,
  type ContentGroup,
  type ContentTree,
  type MessagesPage,
  type MessengerMessage,
  type OperatorSendBody,
} from '@croupier/contract';
import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import { AppError } from '../../lib/errors';
import type { RealtimeEvents } from '../realtime';
import type { MessengerRepository, NewMessage, PlayerMessageRow } from './repository';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** What the messenger reads of the content service: the system messages' texts in a locale. */
export interface MessengerContent {
  getGroups(
    locale: string | undefined,
    names: readonly ContentGroup[],
  ): Promise<{ locale: string; groups: Partial<Record<ContentGroup, ContentTree>> }>;
}

/** The system messages, by their key under `messenger.system` in the `global-components` content group. */
export type SystemMessageKey =
  | 'documentApproved'
  | 'documentRejected'
  | 'withdrawalPaid'
  | 'bonusIssued'
  | 'levelReached'
  | 'questCompleted'
  | 'tournamentPrize';

export function presentMessage(row: PlayerMessageRow): MessengerMessage {
  return {
    id: row.id,
    playerId: row.player_id,
    state: row.state,
    readAt: row.read_at?.toISOString() ?? null,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at?.toISOString() ?? null,
    content: {
      title: row.title,
      body: row.body,
      ...(row.link_url !== null && row.link_label !== null
        ? { link: { url: row.link_url, label: row.link_label } }
        : {}),
    },
  };
}

/**
 * An amount in major units with the currency's decimals, in the player's locale's digits,
 * then the currency's code (`1,234.50 USD`): crypto codes are not ISO currencies.
 */
export function formatAmount(amountMinor: bigint, subunitToUnit: number, currency: string, locale: string | null) {
  const decimals = Math.max(0, Math.round(Math.log10(subunitToUnit)));
  const options = { minimumFractionDigits: decimals, maximumFractionDigits: decimals };
  const value = Number(amountMinor) / subunitToUnit;
  let digits: string;
  try {
    digits = new Intl.NumberFormat(locale ?? 'en', options).format(value);
  } catch {
    digits = new Intl.NumberFormat('en', options).format(value);
  }
  return `${digits} ${currency}`;
}

/** `{name}` placeholders filled from `values`; an unknown one stays as written. */
export function fillPlaceholders(text: string, values: Record<string, string>): string {
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => values[name] ?? whole);
}

function childOf(tree: ContentTree | undefined, key: string): ContentTree | undefined {
  const value = tree?.[key];
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? value : undefined;
}

/** A system message's title and body in a locale (the default locale's for a missing one). */
export async function systemTexts(
  content: MessengerContent,
  locale: string | null,
  key: SystemMessageKey,
): Promise<{ title: string; body: string }> {
  const { groups } = await content.getGroups(locale ?? undefined, ['global-components']);
  const node = childOf(childOf(childOf(groups['global-components'], 'messenger'), 'system'), key);
  const title = node?.title;
  const body = node?.body;
  if (typeof title !== 'string' || typeof body !== 'string') {
    throw new Error(`content global-components messenger.system.${key} is missing`);
  }
  return { title, body };
}

export function createMessenger(deps: {
  repository: MessengerRepository;
  events: RealtimeEvents;
  content: MessengerContent;
}) {
  const { repository, events, content } = deps;

  const ids = (messageIds: readonly string[]) => [...new Set(messageIds.filter((id) => UUID.test(id)))];
  const notFound = () => AppError.notFound('No such message.');

  function publish(trx: Transaction<Database>, row: PlayerMessageRow): void {
    events.publishAfterCommit(trx, channels.notifications(row.player_id), {
      event: 'message.received',
      message: presentMessage(row),
    });
  }

  return {
    async list(playerId: string, page: { page: number; perPage: number }): Promise<MessagesPage> {
      const { rows, totalRows, totalUnread } = await repository.page(playerId, page);
      return {
        data: rows.map(presentMessage),
        meta: {
          page: page.page,
          perPage: page.perPage,
          totalRows,
          totalPages: Math.ceil(totalRows / page.perPage),
          totalUnread,
        },
      };
    },

    /** Marks messages read; an id that is not one of the player's messages is a 404 (nothing changes). */
    async read(playerId: string, messageIds: readonly string[]): Promise<{ totalUnread: number }> {
      const wanted = ids(messageIds);
      if (wanted.length !== new Set(messageIds).size) throw notFound();
      const result = await repository.markRead(playerId, wanted);
      if (result === 'not-found') throw notFound();
      return result;
    },

    readAll: async (playerId: string) => ({ totalUnread: await repository.markAllRead(playerId) }),

    /** Deletes the player's messages; none of them is a 404 (another player's id deletes nothing). */
    async remove(playerId: string, messageIds: readonly string[]): Promise<{ totalUnread: number }> {
      const wanted = ids(messageIds);
      if (wanted.length === 0) throw notFound();
      const { deleted, totalUnread } = await repository.remove(playerId, wanted);
      if (deleted === 0) throw notFound();
      return { totalUnread };
    },

    /**
     * A system message in the player's locale, written in the caller's transaction (it
     * commits or rolls back with the event) and published after the commit. `sourceKey`
     * names the event: a replay of the same event writes nothing.
     */
    async sendSystem(
      trx: Transaction<Database>,
      input: {
        playerId: string;
        key: SystemMessageKey;
        sourceKey: string;
        /** The placeholders' values; a function gets the player's locale (amounts). */
        values?: Record<string, string> | ((locale: string | null) => Record<string, string>);
      },
    ): Promise<MessengerMessage | undefined> {
      const locale = await repository.localeOf(trx, input.playerId);
      const texts = await systemTexts(content, locale, input.key);
      const values = typeof input.values === 'function' ? input.values(locale) : (input.values ?? {});
      const message: NewMessage = {
        title: fillPlaceholders(texts.title, values).slice(0, 200),
        body: fillPlaceholders(texts.body, values).slice(0, 5000),
        linkUrl: null,
        linkLabel: null,
        kind: input.key,
      };
      const row = await repository.insertSystem(trx, input.playerId, message, input.sourceKey);
      if (!row) return undefined;
      publish(trx, row);
      return presentMessage(row);
    },

    /** The operator's send to one player or a segment: one row each, in one statement. */
    async send(body: OperatorSendBody): Promise<{ sent: number }> {
      const message: NewMessage = {
        title: body.content.title,
        body: body.content.body,
        linkUrl: body.content.link?.url ?? null,
        linkLabel: body.content.link?.label ?? null,
        kind: 'operator',
      };
      const target = body.playerId !== undefined ? { playerId: body.playerId } : { segment: body.segment ?? {} };
      const rows = await events.transaction(async (trx) => {
        const inserted = await repository.insertForPlayers(trx, target, message, body.marketing);
        for (const row of inserted) publish(trx, row);
        return inserted;
      });
      return { sent: rows.length };
    },
  };
}

export type Messenger = ReturnType<typeof createMessenger>;
