import type {
  InvoiceUpdate,
  LoyaltyAccount,
  MessengerMessage,
  PlayerBonus,
  PlayerFreespin,
  Quest,
  WalletAccount,
} from '@croupier/contract';
import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ModalName } from '../modals';
import { setAnalyticsSink, type AnalyticsPayload } from '../tracking';
import { realtimeKeys } from '../../lib/query-keys';
import {
  applyRealtimeEvent,
  invoiceAlertDate,
  bonusAlertKey,
  channelFamily,
  handlePublication,
  isFinishedList,
  isWagerProgress,
  questAlertKey,
  type RealtimeAlert,
} from './reactions';

const PLAYER = '6a1f3c1e-5d2a-4c3b-9a8e-1f2d3c4b5a69';

function setup(options: { game?: string } = {}) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const alerts: RealtimeAlert[] = [];
  const modals: { name: ModalName; props: Record<string, unknown> | undefined }[] = [];
  const timers = new Map<string, ReturnType<typeof setTimeout>>();
  const sink = {
    queryClient,
    alert: (alert: RealtimeAlert) => alerts.push(alert),
    openModal: (name: ModalName, props?: Record<string, unknown>) => modals.push({ name, props }),
    playerId: () => PLAYER,
    currentGame: () => options.game,
    debounce: (key: string, delayMs: number, task: () => void) => {
      clearTimeout(timers.get(key));
      timers.set(key, setTimeout(task, delayMs));
    },
  };
  const invalidated: unknown[] = [];
  const spy = vi.spyOn(queryClient, 'invalidateQueries').mockImplementation(async (filters) => {
    invalidated.push(filters?.queryKey);
  });
  return { queryClient, sink, alerts, modals, invalidated, spy };
}

const account = (id: string, balance: number): WalletAccount => ({
  id,
  currency: 'EUR',
  status: 1,
  balance,
  realBalance: balance,
  bonusBalance: 0,
  lockedBalance: 0,
  withdrawalBalance: balance,
});

const invoice = (status: number): InvoiceUpdate => ({
  id: 'inv-1',
  playerId: PLAYER,
  amount: 25,
  currency: 'EUR',
  paymentMethod: 'card',
  status,
  createdAt: '2025-05-01T10:00:00Z',
  number: 1,
  publicData: null,
});

const bonus = (status: number, result: number): PlayerBonus => ({
  id: 'b1',
  name: 'Welcome',
  bonusType: 1,
  status,
  result,
  amount: 50,
  currency: 'EUR',
  maxBetAmount: 5,
});

const freespin = (status: number, result: number): PlayerFreespin => ({
  id: 'f1',
  name: 'Spins',
  status,
  result,
  count: 10,
  gameId: 'g1',
  currency: 'EUR',
});

const quest = (state: number, progress = 0): Quest => ({
  id: 'q1',
  state,
  name: 'Spring quest',
  tasks: [{ id: 't1', isCompleted: false, isActive: true, type: 4, progress, quantity: 3, name: 'Bet three times' }],
});

const level = (order: number, name: string) => ({
  id: `l${order}`,
  name,
  order,
  points: order * 100,
  identity: name.toLowerCase(),
  perks: [],
  image: '',
});

const loyalty = (order: number, name: string): LoyaltyAccount => ({
  points: order * 100 + 5,
  currentLevel: level(order, name),
  nextLevel: null,
});

const message = (id: string): MessengerMessage => ({
  id,
  state: 1,
  readAt: null,
  createdAt: '2025-05-01T10:00:00Z',
  content: { title: 'Hello', body: 'Welcome' },
});

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('channelFamily', () => {
  it('names the schema family of each subscribed channel', () => {
    expect(channelFamily(`wallet:accounts#${PLAYER}`)).toBe('wallet:accounts');
    expect(channelFamily(`retention:quests#${PLAYER}`)).toBe('retention:quests');
    expect(channelFamily('tournaments')).toBe('tournaments');
    expect(channelFamily('global:online')).toBe('globalOnline');
    expect(channelFamily('activity-board:boards#main')).toBeUndefined();
    expect(channelFamily('nowhere#1')).toBeUndefined();
  });
});

describe('applyRealtimeEvent', () => {
  it('replaces a wallet account in the cached list, and refetches the list for an unknown account', () => {
    const { queryClient, sink, invalidated } = setup();
    queryClient.setQueryData(realtimeKeys.walletAccounts, [account('a1', 10), account('a2', 5)]);
    const channel = `wallet:accounts#${PLAYER}`;
    expect(applyRealtimeEvent(channel, { event: 'account.balance.updated', account: account('a1', 42) }, sink)).toBe(
      true,
    );
    expect(queryClient.getQueryData<WalletAccount[]>(realtimeKeys.walletAccounts)?.map((a) => a.balance)).toEqual([
      42, 5,
    ]);
    expect(invalidated).toEqual([]);
    applyRealtimeEvent(channel, { event: 'account.balance.updated', account: account('a3', 1) }, sink);
    expect(invalidated).toEqual([realtimeKeys.walletAccounts]);
  });

  it('ignores data that does not match the channel', () => {
    const { queryClient, sink, alerts } = setup();
    queryClient.setQueryData(realtimeKeys.walletAccounts, [account('a1', 10)]);
    expect(applyRealtimeEvent(`wallet:accounts#${PLAYER}`, { event: 'account.balance.updated' }, sink)).toBe(false);
    expect(applyRealtimeEvent(`wallet:accounts#${PLAYER}`, { event: 'quest.updated', quest: quest(2) }, sink)).toBe(
      false,
    );
    expect(applyRealtimeEvent('casino:secrets', { event: 'x' }, sink)).toBe(false);
    expect(queryClient.getQueryData<WalletAccount[]>(realtimeKeys.walletAccounts)?.[0]?.balance).toBe(10);
    expect(alerts).toEqual([]);
  });

  it('alerts on deposit and withdrawal statuses 2 and 3 only, and keeps the newest invoice for its waiter', () => {
    const { queryClient, sink, alerts, invalidated } = setup();
    const channel = `payment:invoices#${PLAYER}`;
    applyRealtimeEvent(channel, { event: 'invoice.deposit.updated', invoice: invoice(1) }, sink);
    expect(alerts).toEqual([]);
    expect(queryClient.getQueryData(realtimeKeys.invoiceUpdate('inv-1'))).toMatchObject({ status: 1 });
    applyRealtimeEvent(channel, { event: 'invoice.deposit.updated', invoice: invoice(2) }, sink);
    applyRealtimeEvent(channel, { event: 'invoice.deposit.updated', invoice: invoice(3) }, sink);
    applyRealtimeEvent(channel, { event: 'invoice.withdrawal.updated', invoice: invoice(2) }, sink);
    applyRealtimeEvent(channel, { event: 'invoice.withdrawal.updated', invoice: invoice(3) }, sink);
    applyRealtimeEvent(channel, { event: 'invoice.withdrawal.created', invoice: invoice(1) }, sink);
    const values = { sum: 25, currency: 'EUR', date: invoiceAlertDate('2025-05-01T10:00:00Z') };
    expect(alerts).toEqual([
      { type: 'success', key: 'depositSuccess', values },
      { type: 'error', key: 'depositError', values },
      { type: 'success', key: 'withdrawalSuccess', values },
      { type: 'error', key: 'withdrawalError', values },
    ]);
    // A successful deposit reloads bonuses and statistics.
    expect(invalidated).toContainEqual(realtimeKeys.playerBonuses);
    expect(invalidated).toContainEqual(realtimeKeys.invoiceStatistics);
    expect(invalidated.filter((key) => key === realtimeKeys.invoices)).toHaveLength(6);
  });

  it('gives invoice alerts the creation time as {date}, in the page language', () => {
    expect(invoiceAlertDate('2025-05-01T10:00:00Z', 'en')).toMatch(/May 1, 2025/);
    expect(invoiceAlertDate('2025-05-01T10:00:00Z', 'de')).toMatch(/01\.05\.2025/);
    expect(invoiceAlertDate('not a date', 'en')).toBe('not a date');
    const { sink, alerts } = setup();
    applyRealtimeEvent(
      `payment:invoices#${PLAYER}`,
      { event: 'invoice.deposit.updated', invoice: { ...invoice(3), id: 'inv-date' } },
      sink,
    );
    expect(alerts[0]?.values?.date).toBe(invoiceAlertDate('2025-05-01T10:00:00Z'));
  });

  it('reports a credited deposit to the funnel once, with its ordinal as successDepositNumber', () => {
    const events: AnalyticsPayload[] = [];
    setAnalyticsSink((payload) => {
      events.push(payload);
    });
    try {
      const { sink } = setup();
      const channel = `payment:invoices#${PLAYER}`;
      const credited = { ...invoice(2), id: 'inv-funnel', number: 3 };
      applyRealtimeEvent(channel, { event: 'invoice.deposit.updated', invoice: { ...credited, status: 1 } }, sink);
      applyRealtimeEvent(channel, { event: 'invoice.deposit.updated', invoice: credited }, sink);
      applyRealtimeEvent(channel, { event: 'invoice.deposit.updated', invoice: credited }, sink);
      // Withdrawals and failures are not credited deposits.
      applyRealtimeEvent(channel, { event: 'invoice.withdrawal.updated', invoice: { ...credited, id: 'w-1' } }, sink);
      applyRealtimeEvent(
        channel,
        { event: 'invoice.deposit.updated', invoice: { ...credited, id: 'x', status: 3 } },
        sink,
      );
      expect(events).toEqual([
        {
          event: 'wallet',
          funnelStep: 'depositSuccess',
          walletOperationType: 'deposit',
          depositAmount: 25,
          depositCurrency: 'EUR',
          successDepositNumber: 3,
          invoiceId: 'inv-funnel',
        },
      ]);
    } finally {
      setAnalyticsSink(undefined);
    }
  });

  it('alerts on bonus codes with status 3 or 4', () => {
    const { sink, alerts } = setup();
    const channel = `bonus:player-bonus-codes#${PLAYER}`;
    const code = (status: number) => ({
      event: 'player.bonus.code.updated',
      playerBonusCode: { id: 'c', playerId: PLAYER, bonusCode: 'SPRING', trigger: 1, status, createdAt: '2025-05-01' },
    });
    for (const status of [2, 3, 4]) applyRealtimeEvent(channel, code(status), sink);
    expect(alerts.map((alert) => alert.key)).toEqual(['bonusCodeIncorrect', 'bonusCodeNotAvailable']);
  });

  it('reloads the bonus list once for a burst of issued or active bonuses, and removes finished ones', async () => {
    const { queryClient, sink, alerts, invalidated } = setup();
    const channel = `bonus:player-bonuses#${PLAYER}`;
    applyRealtimeEvent(channel, { event: 'player.bonus.created', playerBonus: bonus(1, 1) }, sink);
    applyRealtimeEvent(channel, { event: 'player.bonus.updated', playerBonus: bonus(2, 1) }, sink);
    expect(invalidated).toEqual([]);
    await vi.advanceTimersByTimeAsync(500);
    expect(invalidated).toEqual([realtimeKeys.playerBonuses]);

    queryClient.setQueryData(
      [...realtimeKeys.playerBonuses, { status: [1, 2] }],
      [bonus(2, 1), { ...bonus(1, 1), id: 'b2' }],
    );
    applyRealtimeEvent(channel, { event: 'player.bonus.updated', playerBonus: bonus(3, 5) }, sink);
    expect(
      queryClient.getQueryData<PlayerBonus[]>([...realtimeKeys.playerBonuses, { status: [1, 2] }])?.map((b) => b.id),
    ).toEqual(['b2']);
    expect(alerts.map((alert) => alert.key)).toEqual(['bonusIssued', 'bonusActivated', 'bonusLost']);

    applyRealtimeEvent(
      `bonus:player-freespins#${PLAYER}`,
      { event: 'player.freespin.updated', playerFreespin: freespin(3, 4) },
      sink,
    );
    expect(alerts.at(-1)).toEqual({ type: 'warning', key: 'freespinExpired' });
  });

  it("follows an active bonus's wager after each bet without an alert; only its activation has one", async () => {
    const { sink, alerts, invalidated } = setup();
    const channel = `bonus:player-bonuses#${PLAYER}`;
    const wagered = (amount: number): PlayerBonus => ({
      ...bonus(2, 1),
      currentWagerCasinoAmount: amount,
      requiredWagerCasinoAmount: 20 - amount,
    });
    applyRealtimeEvent(channel, { event: 'player.bonus.updated', playerBonus: wagered(0) }, sink);
    applyRealtimeEvent(channel, { event: 'player.bonus.updated', playerBonus: wagered(2.5) }, sink);
    applyRealtimeEvent(channel, { event: 'player.bonus.updated', playerBonus: wagered(5) }, sink);
    expect(alerts.map((alert) => alert.key)).toEqual(['bonusActivated']);
    expect(isWagerProgress(wagered(5))).toBe(true);
    expect(isWagerProgress({ ...bonus(3, 2), currentWagerCasinoAmount: 20 })).toBe(false);
    await vi.advanceTimersByTimeAsync(500);
    expect(invalidated).toEqual([realtimeKeys.playerBonuses]);
  });

  it('keeps a finished bonus in the history lists and reloads them, once for a burst', async () => {
    const { queryClient, sink, spy } = setup();
    const channel = `bonus:player-bonuses#${PLAYER}`;
    const open = [...realtimeKeys.playerBonuses, { status: [1, 2], page: 1 }];
    const history = [...realtimeKeys.playerBonuses, { status: [3], page: 1 }];
    queryClient.setQueryData(open, {
      data: [bonus(2, 1)],
      meta: { page: 1, perPage: 20, totalPages: 1, totalRows: 1 },
    });
    queryClient.setQueryData(history, { data: [{ ...bonus(3, 3), id: 'old' }], meta: { page: 1 } });
    applyRealtimeEvent(channel, { event: 'player.bonus.updated', playerBonus: bonus(3, 3) }, sink);
    applyRealtimeEvent(channel, { event: 'player.bonus.updated', playerBonus: { ...bonus(3, 4), id: 'b3' } }, sink);
    expect(queryClient.getQueryData<{ data: PlayerBonus[] }>(open)?.data).toEqual([]);
    expect(queryClient.getQueryData<{ data: PlayerBonus[] }>(history)?.data.map((b) => b.id)).toEqual(['old']);
    spy.mockClear();
    await vi.advanceTimersByTimeAsync(500);
    expect(spy).toHaveBeenCalledTimes(1);
    const predicate = spy.mock.calls[0]?.[0]?.predicate;
    expect(predicate?.(queryClient.getQueryCache().find({ queryKey: history, exact: true })!)).toBe(true);
    expect(predicate?.(queryClient.getQueryCache().find({ queryKey: open, exact: true })!)).toBe(false);
    expect(isFinishedList(history)).toBe(true);
    expect(isFinishedList(realtimeKeys.playerBonuses)).toBe(false);
  });

  it('maps every bonus and free-spin status-result pair to its alert', () => {
    expect(bonusAlertKey('bonus', 1, 1)).toBe('bonusIssued');
    expect(bonusAlertKey('bonus', 2, 1)).toBe('bonusActivated');
    expect(bonusAlertKey('bonus', 3, 2)).toBe('bonusPlayed');
    expect(bonusAlertKey('bonus', 3, 3)).toBe('bonusCanceled');
    expect(bonusAlertKey('bonus', 3, 4)).toBe('bonusExpired');
    expect(bonusAlertKey('bonus', 3, 5)).toBe('bonusLost');
    expect(bonusAlertKey('freespin', 3, 5)).toBeUndefined();
    expect(bonusAlertKey('freespin', 2, 1)).toBe('freespinActivated');
  });

  it('alerts on quest updates except state 3, and on a task reaching its quantity', () => {
    const { queryClient, sink, alerts, invalidated } = setup();
    const channel = `retention:quests#${PLAYER}`;
    const activeKey = [...realtimeKeys.playerQuests, { state: [2] }];
    queryClient.setQueryData(activeKey, [quest(2, 1)]);

    applyRealtimeEvent(channel, { event: 'quest.updated', quest: quest(3) }, sink);
    expect(alerts).toEqual([]);
    expect(invalidated).toContainEqual(realtimeKeys.playerQuests);
    applyRealtimeEvent(channel, { event: 'quest.updated', quest: quest(2) }, sink);
    expect(alerts).toEqual([{ type: 'success', key: 'questActivated', values: { name: 'Spring quest' } }]);

    const task = { id: 't1', questId: 'q1', playerId: PLAYER, isActive: true, isCompleted: false, type: 4 };
    applyRealtimeEvent(channel, { event: 'quest.task.updated', task: { ...task, progress: 2, quantity: 3 } }, sink);
    expect(queryClient.getQueryData<Quest[]>(activeKey)?.[0]?.tasks[0]?.progress).toBe(2);
    expect(alerts).toHaveLength(1);
    applyRealtimeEvent(channel, { event: 'quest.task.updated', task: { ...task, progress: 3, quantity: 3 } }, sink);
    expect(alerts.at(-1)).toEqual({ type: 'success', key: 'questTaskCompleted', values: { name: 'Spring quest' } });
    expect(questAlertKey(5)).toBe('questUpdated');
    expect(questAlertKey(4)).toBe('questCompleted');
  });

  it('replaces the loyalty account and opens the level modal when the level goes up (a notice on a game page)', () => {
    const channel = `retention:accounts#${PLAYER}`;
    const off = setup();
    applyRealtimeEvent(channel, { event: 'account.balance.updated', playerAccount: loyalty(1, 'Bronze') }, off.sink);
    expect(off.queryClient.getQueryData(realtimeKeys.loyaltyAccount)).toMatchObject({ currentLevel: { order: 1 } });
    // No previous account: nothing to compare with.
    expect(off.modals).toEqual([]);
    applyRealtimeEvent(channel, { event: 'account.balance.updated', playerAccount: loyalty(1, 'Bronze') }, off.sink);
    applyRealtimeEvent(channel, { event: 'account.level.updated', playerAccount: loyalty(2, 'Silver') }, off.sink);
    expect(off.modals).toEqual([{ name: 'loyalty-level', props: { name: 'Silver' } }]);

    const playing = setup({ game: 'book-of-ra' });
    playing.queryClient.setQueryData(realtimeKeys.loyaltyAccount, loyalty(2, 'Silver'));
    applyRealtimeEvent(channel, { event: 'account.level.updated', playerAccount: loyalty(3, 'Gold') }, playing.sink);
    expect(playing.modals).toEqual([]);
    expect(playing.alerts).toEqual([{ type: 'success', key: 'levelUp', values: { name: 'Gold' }, durationMs: 3000 }]);
  });

  it('prepends a new message to the first page and counts it unread', () => {
    const { queryClient, sink, alerts } = setup();
    const first = [...realtimeKeys.messages, { page: 1, perPage: 3 }];
    const second = [...realtimeKeys.messages, { page: 2, perPage: 3 }];
    queryClient.setQueryData(first, { data: [message('m1')], meta: { page: 1, totalUnread: 1 } });
    queryClient.setQueryData(second, { data: [message('m0')], meta: { page: 2, totalUnread: 1 } });
    applyRealtimeEvent(
      `messenger:notifications#${PLAYER}`,
      { event: 'message.received', message: message('m2') },
      sink,
    );
    expect(queryClient.getQueryData(first)).toMatchObject({
      data: [{ id: 'm2' }, { id: 'm1' }],
      meta: { totalUnread: 2 },
    });
    expect(queryClient.getQueryData(second)).toMatchObject({ data: [{ id: 'm0' }], meta: { totalUnread: 2 } });
    expect(alerts).toEqual([{ type: 'info', key: 'messageReceived' }]);
  });

  it('reloads the documents after a review and says approved or declined with the reason', () => {
    const { sink, alerts, invalidated } = setup();
    const document = {
      id: 'd1',
      fileName: 'passport.jpg',
      type: 'identity_front',
      createdAt: '2026-01-01T00:00:00.000Z',
    };
    const channel = `player:documents#${PLAYER}`;
    const updated = (status: number, rejectReason: string | null) => ({
      event: 'player.document.updated',
      document: { ...document, status, rejectReason },
    });
    expect(applyRealtimeEvent(channel, updated(1, null), sink)).toBe(true);
    expect(applyRealtimeEvent(channel, updated(3, 'Blurred'), sink)).toBe(true);
    expect(applyRealtimeEvent(channel, { event: 'player.document.updated', document: { id: 'd1' } }, sink)).toBe(false);
    expect(invalidated).toEqual([realtimeKeys.documents, realtimeKeys.documents]);
    expect(alerts).toEqual([
      { type: 'success', key: 'documentApproved', values: { name: 'passport.jpg' } },
      { type: 'warning', key: 'documentRejected', values: { name: 'passport.jpg', reason: 'Blurred' } },
    ]);
  });

  it('opens the bet modals only on the page of that game', () => {
    const playerBonus = bonus(2, 1);
    const channel = `game:bets#${PLAYER}`;
    const elsewhere = setup({ game: 'starburst' });
    applyRealtimeEvent(
      channel,
      { event: 'game.bet.max.exceed', gameIdentity: 'book-of-ra', playerBonus },
      elsewhere.sink,
    );
    expect(elsewhere.modals).toEqual([]);

    const here = setup({ game: 'book-of-ra' });
    applyRealtimeEvent(channel, { event: 'game.bet.max.exceed', gameIdentity: 'book-of-ra', playerBonus }, here.sink);
    applyRealtimeEvent(
      channel,
      { event: 'game.bet.restricted', gameId: 'g1', gameIdentity: 'book-of-ra', playerBonus },
      here.sink,
    );
    applyRealtimeEvent(
      channel,
      { event: 'game.bet.max.exceed', gameIdentity: 'book-of-ra', playerBonus: { ...playerBonus, maxBetAmount: null } },
      here.sink,
    );
    expect(here.modals).toEqual([
      { name: 'max-bets', props: { sum: 5, currency: 'EUR' } },
      { name: 'restricted-bets', props: undefined },
    ]);

    // A game page reached by id (the winners feed links to /games/{gameId}).
    const byId = setup({ game: 'g1' });
    applyRealtimeEvent(
      channel,
      { event: 'game.bet.restricted', gameId: 'g1', gameIdentity: 'book-of-ra', playerBonus },
      byId.sink,
    );
    expect(byId.modals).toEqual([{ name: 'restricted-bets', props: undefined }]);
  });

  it('alerts on a completed tournament only when the player won a prize', () => {
    const { sink, alerts, invalidated } = setup();
    const completed = (winner: string) => ({
      event: 'tournament.completed',
      tournament: {
        id: 't1',
        title: 'Spring Race',
        identity: 'spring-race',
        state: 4,
        endAt: '2025-05-01T10:00:00Z',
        prizes: [{ place: 2, title: '€100', entry: { playerId: winner, nickname: null, points: 90 } }],
      },
    });
    applyRealtimeEvent('tournaments', completed('someone-else'), sink);
    expect(alerts).toEqual([]);
    expect(invalidated).toEqual([realtimeKeys.tournaments]);
    applyRealtimeEvent('tournaments', completed(PLAYER), sink);
    expect(alerts).toEqual([{ type: 'success', key: 'tournamentPrize', values: { place: 2, title: 'Spring Race' } }]);
  });

  it('alerts on issued wheel spins and reloads the wheel; zero spins is no news', () => {
    const { sink, alerts, invalidated } = setup();
    const issued = (amount: number) => ({
      event: 'wheel.spin.issued',
      playerId: PLAYER,
      wheel: { id: 'w1', identity: 'daily-wheel', title: 'Daily Wheel' },
      amount,
    });
    expect(applyRealtimeEvent(`retention:wheels#${PLAYER}`, issued(0), sink)).toBe(true);
    expect(alerts).toEqual([]);
    expect(applyRealtimeEvent(`retention:wheels#${PLAYER}`, issued(2), sink)).toBe(true);
    expect(alerts).toEqual([{ type: 'success', key: 'wheelSpinIssued', values: { amount: 2, title: 'Daily Wheel' } }]);
    expect(invalidated).toEqual([realtimeKeys.wheels, realtimeKeys.wheels]);
    expect(applyRealtimeEvent(`retention:wheels#${PLAYER}`, { event: 'wheel.spin.issued' }, sink)).toBe(false);
  });
});

describe('handlePublication', () => {
  it('hands a valid online count to the online store and the rest to the reactions', () => {
    const { sink, alerts } = setup();
    const counts: number[] = [];
    expect(
      handlePublication('global:online', { event: 'online.updated', count: 12 }, sink, (n) => counts.push(n)),
    ).toBe(true);
    expect(
      handlePublication('global:online', { event: 'online.updated', count: -1 }, sink, (n) => counts.push(n)),
    ).toBe(false);
    handlePublication(
      `messenger:notifications#${PLAYER}`,
      { event: 'message.received', message: message('m') },
      sink,
      () => {},
    );
    expect(counts).toEqual([12]);
    expect(alerts).toHaveLength(1);
  });

  it('checks winners and hands them to the public channel watchers', () => {
    const { sink } = setup();
    const emitted: [string, unknown][] = [];
    const images = { '200x200': { '1x': '/a.png' }, '200x300': { '1x': '/b.png' } };
    const winner = {
      nickname: 'ace',
      amount: 1,
      currency: 'USD',
      payout: 250,
      gameId: 'g1',
      gameName: 'Dice',
      isDemoMode: false,
      gameImages: images,
      gameCustomImages: images,
      createdAt: '2026-01-01T00:00:00Z',
    };
    const emit = (channel: string, event: unknown) => emitted.push([channel, event]);
    expect(handlePublication('game:winners:desktop:DE', { event: 'game.winner', winner }, sink, () => {}, emit)).toBe(
      true,
    );
    expect(
      handlePublication(
        'game:winners:desktop:DE',
        { event: 'game.winner', winner: { gameId: 'g1' } },
        sink,
        () => {},
        emit,
      ),
    ).toBe(false);
    expect(emitted).toEqual([['game:winners:desktop:DE', { event: 'game.winner', winner }]]);
  });

  it("checks a tournament's leaderboard and player entry and hands them to the page's watchers", () => {
    const { sink } = setup();
    const emitted: [string, unknown][] = [];
    const emit = (channel: string, event: unknown) => emitted.push([channel, event]);
    const board = {
      event: 'tournament.leaderboard.updated',
      tournamentId: 't1',
      leaderboard: [{ playerId: PLAYER, nickname: null, place: 1, points: 6 }],
    };
    const entry = {
      event: 'tournament.player-entry.updated',
      entry: { tournamentId: 't1', playerId: PLAYER, points: 6, place: 1 },
    };
    expect(handlePublication('tournaments:t1', board, sink, () => {}, emit)).toBe(true);
    expect(handlePublication(`tournaments:t1#${PLAYER}`, entry, sink, () => {}, emit)).toBe(true);
    expect(handlePublication('tournaments:t1', entry, sink, () => {}, emit)).toBe(false);
    expect(emitted).toEqual([
      ['tournaments:t1', board],
      [`tournaments:t1#${PLAYER}`, entry],
    ]);
  });

  it('checks the sportsbook list and event channels and hands their events to the watchers', () => {
    const { sink } = setup();
    const emitted: [string, unknown][] = [];
    const emit = (channel: string, event: unknown) => emitted.push([channel, event]);
    const removed = { event: 'sportsbook.event.removed', eventId: 'sim:e1' };
    expect(handlePublication('sportsbook:events', removed, sink, () => {}, emit)).toBe(true);
    expect(handlePublication('sportsbook:events:sim:e1', removed, sink, () => {}, emit)).toBe(true);
    expect(
      handlePublication('sportsbook:events:sim:e1', { event: 'sportsbook.event.removed' }, sink, () => {}, emit),
    ).toBe(false);
    expect(emitted).toEqual([
      ['sportsbook:events', removed],
      ['sportsbook:events:sim:e1', removed],
    ]);
  });
});
