import {
  EXPORT_LIST_MAX,
  type DocumentFile,
  type Invoice,
  type Limit,
  type MessengerMessage,
  type PaginationMeta,
  type PlayerBonus,
  type PlayerDataExport,
  type Profile,
  type Session,
  type Spin,
  type WalletAccount,
} from '@croupier/contract';

type Page = { page: number; perPage: number };
type Paged<T> = (page: Page) => Promise<{ data: T[]; meta: PaginationMeta }>;

/**
 * What the export reads of the other modules, each through its public API and each for
 * the one player only (app.ts binds the player's id, so no source can be asked for
 * another player's data).
 */
export interface PlayerDataSources {
  profile(): Promise<Profile>;
  accounts(): Promise<WalletAccount[]>;
  sessions: Paged<Session>;
  invoices: Paged<Invoice>;
  bonuses: Paged<PlayerBonus>;
  rounds: Paged<Spin>;
  /** The documents' metadata, newest first (a short list: not paged). */
  documents(): Promise<DocumentFile[]>;
  /** The responsible-gaming limits (a short list: not paged). */
  limits(): Promise<Limit[]>;
  messages: Paged<MessengerMessage>;
}

/** The largest page the lists' services give. */
const PER_PAGE = 100;

/** Every page of a list, newest first, up to `EXPORT_LIST_MAX` items; `more` when it had more. */
async function allPages<T>(list: Paged<T>): Promise<{ items: T[]; more: boolean }> {
  const items: T[] = [];
  for (let page = 1; ; page += 1) {
    const { data, meta } = await list({ page, perPage: PER_PAGE });
    items.push(...data);
    if (page >= meta.totalPages || data.length === 0) return { items, more: false };
    if (items.length >= EXPORT_LIST_MAX) return { items: items.slice(0, EXPORT_LIST_MAX), more: true };
  }
}

/** Rounds per currency: count, stakes and wins (major units, summed in cents' precision of the list). */
function summarise(rounds: Spin[]): PlayerDataExport['roundsSummary'] {
  const byCurrency = new Map<string, { rounds: number; staked: number; won: number }>();
  for (const round of rounds) {
    const entry = byCurrency.get(round.currency) ?? { rounds: 0, staked: 0, won: 0 };
    entry.rounds += 1;
    // A free spin's amount is its bet value: no money was staked.
    if (!round.isFreespin) entry.staked += round.amount;
    entry.won += round.payout;
    byCurrency.set(round.currency, entry);
  }
  // Sums of decimal amounts: rounded back to 8 places (the finest currency) to drop float noise.
  const fix = (value: number) => Math.round(value * 1e8) / 1e8;
  return [...byCurrency].map(([currency, entry]) => ({
    currency,
    rounds: entry.rounds,
    staked: fix(entry.staked),
    won: fix(entry.won),
  }));
}

/** The player's own data as one JSON document (`GET /api/player/profile/export`). */
export async function exportPlayerData(sources: PlayerDataSources, now: Date = new Date()): Promise<PlayerDataExport> {
  const [profile, accounts, sessions, invoices, bonuses, rounds, allDocuments, limits, messages] = await Promise.all([
    sources.profile(),
    sources.accounts(),
    allPages(sources.sessions),
    allPages(sources.invoices),
    allPages(sources.bonuses),
    allPages(sources.rounds),
    sources.documents(),
    sources.limits(),
    allPages(sources.messages),
  ]);
  const documents = {
    items: allDocuments.slice(0, EXPORT_LIST_MAX),
    more: allDocuments.length > EXPORT_LIST_MAX,
  };
  const lists = { sessions, invoices, bonuses, rounds, documents, messages };
  return {
    exportedAt: now.toISOString(),
    profile,
    accounts,
    sessions: sessions.items,
    invoices: invoices.items,
    bonuses: bonuses.items,
    rounds: rounds.items,
    documents: documents.items,
    limits,
    messages: messages.items,
    roundsSummary: summarise(rounds.items),
    truncated: Object.entries(lists)
      .filter(([, list]) => list.more)
      .map(([name]) => name),
  };
}
