import {
  BonusCodeStatus,
  BonusResult,
  BonusStatus,
  channelEventSchemas,
  DocumentStatus,
  InvoiceStatus,
  QuestState,
  type DocumentFile,
  type InvoiceUpdate,
  type LoyaltyAccount,
  type MessengerMessage,
  type PlayerBonus,
  type PlayerFreespin,
  type Quest,
  type QuestTaskUpdate,
  type VerificationStatus,
  type WalletAccount,
} from '@croupier/contract';
import type { QueryClient, QueryKey } from '@tanstack/react-query';
import type { z } from 'zod';
import { authKeys } from '../auth';
import type { ToastType } from '../layout';
import type { ModalName } from '../modals';
import { track } from '../tracking';
import { realtimeKeys } from '../../lib/query-keys';
import { formatDateTime } from '../../lib/format';

/**
 * What realtime events do in the browser (invoices, bonuses, quests, loyalty; docs/api.md,
 * Realtime): each publication is checked against the
 * contract's schema of its channel, then turned into React Query cache updates (keys in
 * query-keys.ts), alerts (texts under the `alerts` content group) and, for bets and
 * loyalty levels, modals. A publication that does not match its channel is ignored.
 */

/** An alert to show: a key of the `alerts` content group (`{key}.title`, `{key}.description`). */
export interface RealtimeAlert {
  type: ToastType;
  key: string;
  values?: Record<string, string | number>;
  durationMs?: number;
}

export interface RealtimeSink {
  queryClient: QueryClient;
  alert(alert: RealtimeAlert): void;
  openModal(name: ModalName, props?: Record<string, unknown>): void;
  /** The signed-in player's id. */
  playerId(): string | undefined;
  /** The identity of the game whose page this tab shows, if any. */
  currentGame(): string | undefined;
  /** Runs `task` once `delayMs` after the last call with the same key. */
  debounce(key: string, delayMs: number, task: () => void): void;
}

/** Bonus and free-spin lists reload at most every 500 ms. */
export const BONUS_RELOAD_DEBOUNCE_MS = 500;
/** How long the level-up notice on a game page stays. */
export const LEVEL_NOTICE_MS = 3000;

type Schemas = typeof channelEventSchemas;
type Family = keyof Schemas;
type EventOf<F extends Family> = z.infer<Schemas[F]>;

/** The schema family of a channel name (`wallet:accounts#id` → `wallet:accounts`). */
export function channelFamily(channel: string): Family | undefined {
  if (channel === 'tournaments') return 'tournaments';
  if (channel === 'global:online') return 'globalOnline';
  const hash = channel.indexOf('#');
  if (hash === -1) return undefined;
  const head = channel.slice(0, hash);
  // Per-player namespaces are the schema families of the same name.
  return Object.hasOwn(channelEventSchemas, head) ? (head as Family) : undefined;
}

function parse<F extends Family>(family: F, data: unknown): EventOf<F> | undefined {
  const result = channelEventSchemas[family].safeParse(data);
  return result.success ? (result.data as EventOf<F>) : undefined;
}

/** Applies `update` to a cached list, whether the cache holds the array or a `{ data: [...] }` page. */
function mapList<T>(cached: unknown, update: (list: T[]) => T[]): unknown {
  if (Array.isArray(cached)) return update(cached as T[]);
  if (cached && typeof cached === 'object' && Array.isArray((cached as { data?: unknown }).data)) {
    const page = cached as { data: T[] };
    return { ...page, data: update(page.data) };
  }
  return cached;
}

function listsOf<T>(queryClient: QueryClient, key: QueryKey): T[] {
  return queryClient.getQueriesData({ queryKey: key }).flatMap(([, cached]) => {
    let items: T[] = [];
    mapList<T>(cached, (list) => (items = list));
    return items;
  });
}

const invalidate = (queryClient: QueryClient, queryKey: QueryKey) => void queryClient.invalidateQueries({ queryKey });

/**
 * Handles one publication of any subscribed channel: the online count goes to `setOnline`,
 * the rest to `applyRealtimeEvent`. False when it was ignored.
 */
export function handlePublication(
  channel: string,
  data: unknown,
  sink: RealtimeSink,
  setOnline: (count: number) => void,
  emitPublic: (channel: string, event: unknown) => void = () => undefined,
): boolean {
  if (channel === 'global:online') {
    const event = parse('globalOnline', data);
    if (event) setOnline(event.count);
    return event !== undefined;
  }
  if (channel.startsWith('game:winners:')) {
    // The winners feed widget owns what it shows; the event is only checked here.
    const event = parse('gameWinners', data);
    if (event) emitPublic(channel, event);
    return event !== undefined;
  }
  if (channel.startsWith('tournaments:')) {
    // A tournament's page follows its leaderboard and the player's entry; checked here.
    const event = channel.includes('#') ? parse('tournamentPlayer', data) : parse('tournament', data);
    if (event) emitPublic(channel, event);
    return event !== undefined;
  }
  if (channel === 'sportsbook:events' || channel.startsWith('sportsbook:events:')) {
    // The sportsbook's list, event page and bet slip apply odds and scores themselves.
    const event = channel === 'sportsbook:events' ? parse('sportsbookEvents', data) : parse('sportsbookEvent', data);
    if (event) emitPublic(channel, event);
    return event !== undefined;
  }
  return applyRealtimeEvent(channel, data, sink);
}

/**
 * Handles one publication; false when it was ignored (unknown channel, or data that does
 * not match the channel's events).
 */
export function applyRealtimeEvent(channel: string, data: unknown, sink: RealtimeSink): boolean {
  const family = channelFamily(channel);
  switch (family) {
    case 'wallet:accounts': {
      const event = parse(family, data);
      if (event) onWalletAccount(event.account, sink);
      return event !== undefined;
    }
    case 'payment:invoices': {
      const event = parse(family, data);
      if (event) onInvoice(event.event, event.invoice, sink);
      return event !== undefined;
    }
    case 'bonus:player-bonus-codes': {
      const event = parse(family, data);
      if (!event) return false;
      invalidate(sink.queryClient, realtimeKeys.bonusCodes);
      const { status } = event.playerBonusCode;
      if (status === BonusCodeStatus.INCORRECT) sink.alert({ type: 'error', key: 'bonusCodeIncorrect' });
      else if (status === BonusCodeStatus.NOT_AVAILABLE) sink.alert({ type: 'warning', key: 'bonusCodeNotAvailable' });
      return true;
    }
    case 'bonus:player-bonuses': {
      const event = parse(family, data);
      if (event) onBonus('bonus', event.playerBonus, sink, !isWagerProgress(event.playerBonus));
      return event !== undefined;
    }
    case 'bonus:player-freespins': {
      const event = parse(family, data);
      if (event) onBonus('freespin', event.playerFreespin, sink, true);
      return event !== undefined;
    }
    case 'retention:quests': {
      const event = parse(family, data);
      if (!event) return false;
      if (event.event === 'quest.updated') onQuest(event.quest, sink);
      else onQuestTask(event.task, sink);
      return true;
    }
    case 'retention:accounts': {
      const event = parse(family, data);
      if (event) onLoyaltyAccount(event.playerAccount, sink);
      return event !== undefined;
    }
    case 'messenger:notifications': {
      const event = parse(family, data);
      if (event) onMessage(event.message, sink);
      return event !== undefined;
    }
    case 'game:bets': {
      const event = parse(family, data);
      if (!event) return false;
      if (event.event === 'sportsbook.ticket.updated') {
        // The sportsbook's ticket lists reload (my bets, the balance after a settlement).
        void sink.queryClient.invalidateQueries({ queryKey: realtimeKeys.sportsbookTickets });
        return true;
      }
      // Only the tab showing that game reacts (the modals belong on the matching game page);
      // the page's address names the game by identity, or by id when reached from a winner.
      const current = sink.currentGame();
      const gameId = event.event === 'game.bet.restricted' ? event.gameId : undefined;
      if (current === undefined || (current !== event.gameIdentity && current !== gameId)) return true;
      if (event.event === 'game.bet.restricted') {
        sink.openModal('restricted-bets');
      } else if (event.playerBonus.currency && event.playerBonus.maxBetAmount !== null) {
        sink.openModal('max-bets', { sum: event.playerBonus.maxBetAmount, currency: event.playerBonus.currency });
      }
      return true;
    }
    case 'player:documents': {
      const event = parse(family, data);
      if (event) onDocument(event.document, sink);
      return event !== undefined;
    }
    case 'tournaments': {
      const event = parse(family, data);
      if (!event) return false;
      invalidate(sink.queryClient, realtimeKeys.tournaments);
      const playerId = sink.playerId();
      const prize = event.tournament.prizes.find((item) => playerId !== undefined && item.entry?.playerId === playerId);
      if (prize) {
        sink.alert({
          type: 'success',
          key: 'tournamentPrize',
          values: { place: prize.place, title: event.tournament.title },
        });
      }
      return true;
    }
    case 'retention:wheels': {
      const event = parse(family, data);
      if (!event) return false;
      // The wheel page refetches; zero spins is no news.
      invalidate(sink.queryClient, realtimeKeys.wheels);
      if (event.amount > 0) {
        sink.alert({
          type: 'success',
          key: 'wheelSpinIssued',
          values: { amount: event.amount, title: event.wheel.title },
        });
      }
      return true;
    }
    case 'player:verification': {
      const event = parse(family, data);
      if (!event) return false;
      // The verification page and the profile (its verificationStatus) reload.
      invalidate(sink.queryClient, realtimeKeys.verification);
      invalidate(sink.queryClient, authKeys.profile);
      const alert = VERIFICATION_ALERTS[event.verification.status];
      if (alert) sink.alert(alert);
      return true;
    }
    default:
      // global:online is read by the connection itself; other channels are not subscribed.
      return false;
  }
}

/** The alert of a verification status the provider reported (a submission of the player's own is not news). */
const VERIFICATION_ALERTS: Partial<Record<VerificationStatus, RealtimeAlert>> = {
  approved: { type: 'success', key: 'verificationApproved' },
  rejected: { type: 'error', key: 'verificationRejected' },
  retry: { type: 'warning', key: 'verificationRetry' },
};

/** The operator reviewed a document: the list reloads, and an approval or a rejection (with its reason) is news. */
function onDocument(document: DocumentFile, sink: RealtimeSink): void {
  invalidate(sink.queryClient, realtimeKeys.documents);
  if (document.status === DocumentStatus.APPROVE) {
    sink.alert({ type: 'success', key: 'documentApproved', values: { name: document.fileName } });
  } else if (document.status === DocumentStatus.CANCELED) {
    sink.alert({
      type: 'warning',
      key: 'documentRejected',
      values: { name: document.fileName, reason: document.rejectReason ?? '' },
    });
  }
}

function onWalletAccount(account: WalletAccount, { queryClient }: RealtimeSink): void {
  let known = false;
  queryClient.setQueryData<WalletAccount[]>(realtimeKeys.walletAccounts, (accounts) => {
    if (!accounts) return accounts;
    known = accounts.some((item) => item.id === account.id);
    return known ? accounts.map((item) => (item.id === account.id ? account : item)) : accounts;
  });
  // A new account (or a list never fetched): the list from the server is the truth.
  if (!known) invalidate(queryClient, realtimeKeys.walletAccounts);
}

function onInvoice(name: string, invoice: InvoiceUpdate, sink: RealtimeSink): void {
  const { queryClient } = sink;
  queryClient.setQueryData(realtimeKeys.invoiceUpdate(invoice.id), invoice);
  invalidate(queryClient, realtimeKeys.invoices);
  const values = { sum: invoice.amount, currency: invoice.currency, date: invoiceAlertDate(invoice.createdAt) };
  if (name === 'invoice.deposit.updated') {
    if (invoice.status === InvoiceStatus.SUCCESS) {
      sink.alert({ type: 'success', key: 'depositSuccess', values });
      trackDepositSuccess(invoice);
      // A deposit changes what bonuses the player has and can get, and the statistics.
      for (const key of [
        realtimeKeys.playerBonuses,
        realtimeKeys.playerFreespins,
        realtimeKeys.depositBonuses,
        realtimeKeys.invoiceStatistics,
      ]) {
        invalidate(queryClient, key);
      }
    } else if (invoice.status === InvoiceStatus.ERROR) {
      sink.alert({ type: 'error', key: 'depositError', values });
    }
  } else if (name === 'invoice.withdrawal.updated') {
    if (invoice.status === InvoiceStatus.SUCCESS) sink.alert({ type: 'success', key: 'withdrawalSuccess', values });
    else if (invoice.status === InvoiceStatus.ERROR) sink.alert({ type: 'error', key: 'withdrawalError', values });
  }
}

/**
 * The invoice's creation time for an alert's `{date}`, in the page's
 * language (`<html lang>`, kept to the site locale) unless one is given.
 */
export function invoiceAlertDate(createdAt: string, locale?: string): string {
  const language =
    locale ??
    (typeof document === 'undefined' ? undefined : document.documentElement.lang || undefined) ??
    Intl.DateTimeFormat().resolvedOptions().locale;
  return formatDateTime(createdAt, language) ?? createdAt;
}

// Invoices whose success this page has reported: a repeated publication is not a second deposit.
const reportedDeposits = new Set<string>();

/** The funnel's credited deposit with its ordinal (`successDepositNumber`). */
function trackDepositSuccess(invoice: InvoiceUpdate): void {
  if (invoice.number === null || reportedDeposits.has(invoice.id)) return;
  reportedDeposits.add(invoice.id);
  track({
    event: 'wallet',
    funnelStep: 'depositSuccess',
    walletOperationType: 'deposit',
    depositAmount: invoice.amount,
    depositCurrency: invoice.currency,
    successDepositNumber: invoice.number,
    invoiceId: invoice.id,
  });
}

/** The alert of a bonus or free-spin status and result; free spins have no "lost". */
export function bonusAlertKey(kind: 'bonus' | 'freespin', status: number, result: number): string | undefined {
  if (status === BonusStatus.ISSUED) return `${kind}Issued`;
  if (status === BonusStatus.ACTIVE) return `${kind}Activated`;
  if (status !== BonusStatus.FINISHED) return undefined;
  switch (result) {
    case BonusResult.PLAYED:
      return `${kind}Played`;
    case BonusResult.CANCELED:
      return `${kind}Canceled`;
    case BonusResult.EXPIRED:
      return `${kind}Expired`;
    case BonusResult.LOST:
      return kind === 'bonus' ? 'bonusLost' : undefined;
    default:
      return undefined;
  }
}

const BONUS_ALERT_TYPES: Record<string, ToastType> = {
  Issued: 'info',
  Activated: 'success',
  Played: 'success',
  Canceled: 'info',
  Expired: 'warning',
  Lost: 'warning',
};

/**
 * Whether a cached bonus list is one of finished bonuses (a history): its key's filter
 * (`[...realtimeKeys.playerBonuses, { status }]`) asks for status 3.
 */
export function isFinishedList(queryKey: QueryKey): boolean {
  const filter = queryKey[2];
  if (!filter || typeof filter !== 'object') return false;
  const status = (filter as { status?: unknown }).status;
  return Array.isArray(status) && status.includes(BonusStatus.FINISHED);
}

/**
 * An active bonus's update after a bet moved its wager: the lists follow it, but it is not
 * news (an activation has wagered nothing yet), so no "activated" alert on every bet.
 */
export function isWagerProgress(bonus: PlayerBonus): boolean {
  return (
    bonus.status === BonusStatus.ACTIVE &&
    ((bonus.currentWagerCasinoAmount ?? 0) > 0 || (bonus.currentWagerSportsbookAmount ?? 0) > 0)
  );
}

function onBonus(
  kind: 'bonus' | 'freespin',
  item: PlayerBonus | PlayerFreespin,
  sink: RealtimeSink,
  withAlert: boolean,
): void {
  const { queryClient } = sink;
  const key = kind === 'bonus' ? realtimeKeys.playerBonuses : realtimeKeys.playerFreespins;
  if (item.status === BonusStatus.ISSUED || item.status === BonusStatus.ACTIVE) {
    sink.debounce(key.join('/'), BONUS_RELOAD_DEBOUNCE_MS, () => invalidate(queryClient, key));
  } else {
    // Gone from the lists of open bonuses at once; a history list gains it, so it reloads.
    queryClient.setQueriesData(
      { queryKey: key, predicate: (query) => !isFinishedList(query.queryKey) },
      (cached: unknown) => mapList<{ id: string }>(cached, (list) => list.filter((entry) => entry.id !== item.id)),
    );
    sink.debounce(`${key.join('/')}/finished`, BONUS_RELOAD_DEBOUNCE_MS, () => {
      void queryClient.invalidateQueries({ queryKey: key, predicate: (query) => isFinishedList(query.queryKey) });
    });
  }
  const alertKey = withAlert ? bonusAlertKey(kind, item.status, item.result) : undefined;
  if (alertKey) {
    const suffix = alertKey.replace(/^(bonus|freespin)/, '');
    sink.alert({ type: BONUS_ALERT_TYPES[suffix] ?? 'info', key: alertKey });
  }
}

/** The alert of a quest's new state; none for state 3, whose rewards screen says it. */
export function questAlertKey(state: number): string | undefined {
  switch (state) {
    case QuestState.COMPLETED:
      return undefined;
    case QuestState.AVAILABLE:
      return 'questCanceled';
    case QuestState.ACTIVE:
      return 'questActivated';
    case QuestState.COMPLETED_CLAIMED:
      return 'questCompleted';
    default:
      return 'questUpdated';
  }
}

function onQuest(quest: Quest, sink: RealtimeSink): void {
  // Active, completed and expired lists are all player-quests queries: refetch them, and the offer.
  invalidate(sink.queryClient, realtimeKeys.playerQuests);
  invalidate(sink.queryClient, realtimeKeys.quests);
  const key = questAlertKey(quest.state);
  if (key) sink.alert({ type: key === 'questCanceled' ? 'info' : 'success', key, values: { name: quest.name } });
}

function onQuestTask(task: QuestTaskUpdate, sink: RealtimeSink): void {
  const { queryClient } = sink;
  queryClient.setQueriesData({ queryKey: realtimeKeys.playerQuests }, (cached: unknown) =>
    mapList<Quest>(cached, (quests) =>
      quests.map((quest) =>
        quest.id !== task.questId
          ? quest
          : {
              ...quest,
              tasks: quest.tasks.map((item) =>
                item.id !== task.id
                  ? item
                  : {
                      ...item,
                      progress: task.progress,
                      quantity: task.quantity,
                      isActive: task.isActive,
                      isCompleted: task.isCompleted,
                    },
              ),
            },
      ),
    ),
  );
  if (task.isActive && task.progress === task.quantity) {
    const quest = listsOf<Quest>(queryClient, realtimeKeys.playerQuests).find((item) => item.id === task.questId);
    sink.alert({ type: 'success', key: 'questTaskCompleted', values: { name: quest?.name ?? task.name ?? '' } });
  }
}

function onLoyaltyAccount(account: LoyaltyAccount, sink: RealtimeSink): void {
  const previous = sink.queryClient.getQueryData<LoyaltyAccount>(realtimeKeys.loyaltyAccount);
  sink.queryClient.setQueryData(realtimeKeys.loyaltyAccount, account);
  if (!previous || account.currentLevel.order <= previous.currentLevel.order) return;
  const name = account.currentLevel.name;
  // On a game page a short notice instead of a modal over the game.
  if (sink.currentGame() !== undefined) {
    sink.alert({ type: 'success', key: 'levelUp', values: { name }, durationMs: LEVEL_NOTICE_MS });
  } else {
    sink.openModal('loyalty-level', { name });
  }
}

interface MessagesPage {
  data: MessengerMessage[];
  meta?: { page?: number; totalUnread?: number };
}

function onMessage(message: MessengerMessage, sink: RealtimeSink): void {
  sink.queryClient.setQueriesData({ queryKey: realtimeKeys.messages }, (cached: unknown) => {
    if (!cached || typeof cached !== 'object' || !Array.isArray((cached as MessagesPage).data)) return cached;
    const page = cached as MessagesPage;
    if (page.data.some((item) => item.id === message.id)) return cached;
    const firstPage = page.meta?.page === undefined || page.meta.page === 1;
    const unread = page.meta?.totalUnread;
    return {
      ...page,
      data: firstPage ? [message, ...page.data] : page.data,
      ...(page.meta
        ? { meta: { ...page.meta, ...(typeof unread === 'number' ? { totalUnread: unread + 1 } : {}) } }
        : {}),
    };
  });
  sink.alert({ type: 'info', key: 'messageReceived' });
}
