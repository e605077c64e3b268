import type { PlayerFreespinDetail, WalletAccount } from '@croupier/contract';
import type { i18n } from 'i18next';
import type * as Layout from '../layout';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { realtimeKeys } from '../../lib/query-keys';
import { MODAL_REGISTRY } from '../modals';
import { BonusesPage } from './BonusesPage';
import { FreespinCard } from './FreespinCards';
import {
  freespinDeadline,
  freespinProgress,
  freespinStatusKey,
  openFreespinsInOrder,
  bonusesPageSearch,
  bonusesPageState,
  playerBonusesQuery,
  playerFreespinsQuery,
  type BonusTab,
} from './logic';
import { FreespinCancelBody } from './ModalBodies';
import { englishContent, render, textOf, USD } from './bonuses.testutil';

// The toast stack needs a document, which the unit project has not.
vi.mock('../layout', async (importOriginal) => ({
  ...(await importOriginal<typeof Layout>()),
  useToasts: () => ({ notify: () => undefined, dismiss: () => undefined, clear: () => undefined }),
}));

function grant(overrides: Partial<PlayerFreespinDetail> = {}): PlayerFreespinDetail {
  return {
    id: 'fs-1',
    name: '20 free spins on Fruit Fiesta',
    status: 2,
    result: 1,
    count: 20,
    usedCount: 0,
    progress: 0,
    gameId: 'fruit-fiesta',
    providerId: 'croupier',
    currency: 'USD',
    betAmount: 0.2,
    wonAmount: 0,
    winningsBonusId: null,
    activationExpiredAt: '2026-12-01T10:00:00.000Z',
    expiredAt: '2026-12-03T10:00:00.000Z',
    issuedAt: '2026-11-26T10:00:00.000Z',
    ...overrides,
  };
}

let content: i18n;
beforeAll(async () => {
  content = await englishContent();
});

describe('free-spin rules', () => {
  it('asks a tab for open or finished grants of the account’s currency, newest first', () => {
    expect(playerFreespinsQuery('active', 'USD')).toEqual({
      status: [1, 2],
      currency: ['USD'],
      sortOrder: 'desc',
      page: 1,
      perPage: 20,
    });
    expect(playerFreespinsQuery('history', undefined).status).toEqual([3]);
    expect(playerFreespinsQuery('history', undefined)).not.toHaveProperty('currency');
    // History is paged ten at a time like the bonuses'; the open grants have one page.
    expect(playerFreespinsQuery('history', 'USD', 3)).toMatchObject({ page: 3, perPage: 10 });
    expect(playerFreespinsQuery('active', 'USD', 3)).toMatchObject({ page: 1, perPage: 20 });
  });

  it('keeps the tab and both history pages in the URL', () => {
    const state = (search: string) => bonusesPageState(new URLSearchParams(search));
    expect(state('')).toEqual({ tab: 'active', page: 1, freespinsPage: 1 });
    expect(state('page=3&freespinsPage=2')).toEqual({ tab: 'active', page: 1, freespinsPage: 1 });
    expect(state('tab=history&page=3&freespinsPage=2')).toEqual({ tab: 'history', page: 3, freespinsPage: 2 });
    expect(state('tab=history&page=x&freespinsPage=-4')).toEqual({ tab: 'history', page: 1, freespinsPage: 1 });
    expect(bonusesPageSearch({ tab: 'history', page: 3, freespinsPage: 2 })).toEqual({
      tab: 'history',
      page: '3',
      freespinsPage: '2',
    });
    // Turning one list's page keeps the other's; first pages are left out.
    expect(bonusesPageSearch({ ...state('tab=history&page=3&freespinsPage=2'), freespinsPage: 1 })).toEqual({
      tab: 'history',
      page: '3',
    });
    expect(bonusesPageSearch({ tab: 'active', page: 2, freespinsPage: 2 })).toEqual({});
  });

  it('names the status and result, counts spins used and picks the deadline', () => {
    expect(freespinStatusKey({ status: 1, result: 1 })).toBe('issued');
    expect(freespinStatusKey({ status: 2, result: 1 })).toBe('active');
    expect(freespinStatusKey({ status: 3, result: 2 })).toBe('played');
    expect(freespinStatusKey({ status: 3, result: 3 })).toBe('canceled');
    expect(freespinStatusKey({ status: 3, result: 4 })).toBe('expired');
    expect(freespinProgress({ count: 20, usedCount: 6 })).toEqual({ used: 6, count: 20, percent: 30 });
    expect(freespinProgress({ count: 3, usedCount: 1 }).percent).toBe(33.33);
    expect(freespinProgress({ count: 0, usedCount: 0 }).percent).toBe(0);
    expect(freespinProgress({ count: 5, usedCount: 9 }).used).toBe(5);
    expect(freespinDeadline(grant({ status: 1 }))).toEqual({ kind: 'activateBy', at: '2026-12-01T10:00:00.000Z' });
    expect(freespinDeadline(grant())).toEqual({ kind: 'playBy', at: '2026-12-03T10:00:00.000Z' });
    expect(freespinDeadline(grant({ expiredAt: null }))).toBeNull();
    expect(freespinDeadline(grant({ status: 3, result: 2 }))).toBeNull();
    const issued = grant({ id: 'a', status: 1 });
    const active = grant({ id: 'b', status: 2 });
    expect(openFreespinsInOrder([issued, active]).map((item) => item.id)).toEqual(['b', 'a']);
  });
});

describe('a free-spin card', () => {
  it('shows an active grant: spins used, bar, bet, won, deadline, Play to the game and Cancel', () => {
    const { markup } = render(
      content,
      <FreespinCard grant={grant({ usedCount: 5, wonAmount: 1.4 })} currency={USD} onDone={() => undefined} />,
    );
    const text = textOf(markup);
    expect(text).toContain('20 free spins on Fruit Fiesta Active');
    expect(text).toContain('Spins used 5 of 20 spins');
    expect(markup).toContain('<progress max="100" value="25"');
    expect(text).toContain('Bet per spin 0.20 USD Won so far 1.40 USD Play by');
    expect(markup).toMatch(/href="\/games\/fruit-fiesta"[^>]*>Play</);
    expect(text).toMatch(/Play Cancel free spins$/);
    expect(markup).not.toContain('>Activate</button>');
  });

  it('offers Activate on an issued grant with its time to activate', () => {
    const { markup } = render(
      content,
      <FreespinCard grant={grant({ status: 1 })} currency={USD} onDone={() => undefined} />,
    );
    const text = textOf(markup);
    expect(text).toContain('20 free spins on Fruit Fiesta Available');
    expect(text).toContain('Activate by');
    expect(markup).toContain('>Activate</button>');
    expect(markup).not.toContain('>Play<');
  });

  it('shows a finished grant’s result without actions', () => {
    const { markup } = render(
      content,
      <FreespinCard
        grant={grant({ status: 3, result: 2, usedCount: 20, wonAmount: 3 })}
        currency={USD}
        onDone={() => undefined}
      />,
    );
    const text = textOf(markup);
    expect(text).toContain('20 free spins on Fruit Fiesta All spins played');
    expect(text).toContain('20 of 20 spins');
    expect(text).toContain('Won 3.00 USD');
    expect(markup).not.toContain('<button');
    expect(markup).not.toContain('href=');
  });
});

describe('the bonuses page with free spins', () => {
  beforeAll(() => vi.stubGlobal('window', { location: { origin: 'https://casino.test' } }));
  afterAll(() => vi.unstubAllGlobals());
  const account: WalletAccount = {
    id: 'acc-1',
    currency: 'USD',
    status: 1,
    balance: 100,
    realBalance: 100,
    bonusBalance: 0,
    lockedBalance: 0,
    withdrawalBalance: 0,
  };
  const renderPage = (
    tab: BonusTab,
    grants: PlayerFreespinDetail[],
    paging: { page: number; totalRows: number; totalPages: number } = {
      page: 1,
      totalRows: grants.length,
      totalPages: 1,
    },
  ) =>
    render(
      content,
      <BonusesPage account={account} accountsPending={false} />,
      (client) => {
        const meta = { page: 1, perPage: 10, totalRows: 0, totalPages: 1 };
        client.setQueryData([...realtimeKeys.playerBonuses, playerBonusesQuery(tab, 'USD', 1)], { data: [], meta });
        client.setQueryData([...realtimeKeys.playerFreespins, playerFreespinsQuery(tab, 'USD', paging.page)], {
          data: grants,
          meta: { ...meta, ...paging },
        });
      },
      tab === 'history' ? `/?tab=history${paging.page > 1 ? `&freespinsPage=${paging.page}` : ''}` : '/',
    );

  it('lists the grants under their heading instead of the "no bonuses" text', () => {
    const text = textOf(renderPage('active', [grant({ id: 'issued', status: 1 }), grant()]).markup);
    expect(text).toContain('Free spins');
    expect(text).not.toContain('You have no bonuses right now.');
    // The active grant first.
    expect(text.indexOf('Play by')).toBeLessThan(text.indexOf('Activate by'));
  });

  it('shows the history’s finished grants; no section without grants', () => {
    expect(textOf(renderPage('history', [grant({ status: 3, result: 4 })]).markup)).toContain('Expired');
    const empty = textOf(renderPage('active', []).markup);
    expect(empty).toContain('You have no bonuses right now.');
    expect(empty).not.toContain('Free spins');
  });

  it('pages the history’s grants with the bonuses’ pager, apart from the bonuses’ own', () => {
    const finished = Array.from({ length: 10 }, (_, i) => grant({ id: `fs-${i}`, status: 3, result: 2 }));
    const { markup } = renderPage('history', finished, { page: 2, totalRows: 25, totalPages: 3 });
    expect(markup.match(/data-testid="freespin-card"/g)).toHaveLength(10);
    expect(markup).toMatch(
      /<nav class="profile-pager" aria-label="Free spins history pages" data-testid="freespins-pager">/,
    );
    expect(textOf(markup)).toContain('Previous Page 2 of 3 Next');
    // No pager for the bonuses' single page.
    expect(markup).not.toContain('bonuses-pager');
    expect(markup).not.toContain('No finished bonuses yet.');
  });

  it('says when a history page has no grants and leads back to the first', () => {
    const { markup } = renderPage('history', [], { page: 4, totalRows: 12, totalPages: 2 });
    const text = textOf(markup);
    expect(text).toContain('Free spins No free spins on this page. Go to the first page');
    expect(markup).not.toContain('freespins-pager');
    expect(text).not.toContain('No finished bonuses yet.');
  });

  it('shows no pager on the active tab or for one page', () => {
    expect(renderPage('active', [grant()]).markup).not.toContain('profile-pager');
    expect(renderPage('history', [grant({ status: 3, result: 2 })]).markup).not.toContain('profile-pager');
  });
});

describe('the free-spin cancel confirmation', () => {
  it('names the grant, says the winnings so far are forfeit, keeping them is the default', () => {
    const { markup } = render(
      content,
      <FreespinCancelBody
        name="cancel-freespins"
        definition={MODAL_REGISTRY['cancel-freespins']}
        props={{ playerFreespin: grant() }}
        state="opened"
        titleId="modal-title"
        close={() => true}
        setCloseGuard={() => undefined}
      />,
    );
    const text = textOf(markup);
    expect(text).toContain('whatever the spins have won so far is forfeit');
    expect(text).toContain('Free spins 20 free spins on Fruit Fiesta');
    expect(text).toMatch(/Keep free spins Cancel free spins$/);
    expect(markup).toMatch(/dialog-button--primary[^>]*>Keep free spins</);
  });
});
