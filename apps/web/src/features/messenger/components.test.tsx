import type { MessagesPage, MessengerMessage } from '@croupier/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { i18n } from 'i18next';
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { AppSettingsContext } from '../../lib/app-settings';
import { englishContent, ENGLISH_SETTINGS } from '../../lib/content.testutil';
import { messagesKey, PAGE_SIZE, POPOVER_SIZE } from './api';
import { MessageItem } from './MessageItem';
import { NotificationsBell } from './NotificationsBell';
import { ProfileNotificationsPage } from './NotificationsPage';

/** Messenger components rendered to markup with the real English content and a filled query cache. */

let content: i18n;
beforeAll(async () => {
  content = await englishContent(['layout', 'global-components']);
  // The page's head reads the address's origin (the unit project has no DOM).
  vi.stubGlobal('window', { location: { origin: 'https://croupier.test' } });
});
afterAll(() => vi.unstubAllGlobals());

function message(index: number, overrides: Partial<MessengerMessage> = {}): MessengerMessage {
  return {
    id: `m-${index}`,
    playerId: 'p',
    state: 1,
    readAt: null,
    createdAt: '2026-11-26T10:00:00.000Z',
    updatedAt: null,
    content: { title: `Title ${index}`, body: `Body ${index}` },
    ...overrides,
  };
}

function pageOf(items: MessengerMessage[], meta: Partial<MessagesPage['meta']> = {}): MessagesPage {
  return {
    data: items,
    meta: { page: 1, perPage: 5, totalPages: 1, totalRows: items.length, totalUnread: 0, ...meta },
  };
}

function render(node: ReactNode, cache: [readonly unknown[], MessagesPage][] = []) {
  const queryClient = new QueryClient();
  for (const [key, data] of cache) queryClient.setQueryData(key, data);
  return renderToStaticMarkup(
    <QueryClientProvider client={queryClient}>
      <I18nextProvider i18n={content}>
        <AppSettingsContext.Provider value={ENGLISH_SETTINGS}>
          <MemoryRouter>{node}</MemoryRouter>
        </AppSettingsContext.Provider>
      </I18nextProvider>
    </QueryClientProvider>,
  );
}

const untranslated = (markup: string) => markup.match(/(header|profile)\.notifications\.[a-zA-Z]+/g) ?? [];

describe('messenger components', () => {
  it('shows the unread count on the bell and names it for screen readers', () => {
    const markup = render(<NotificationsBell />, [
      [messagesKey(1, POPOVER_SIZE), pageOf([message(1), message(2)], { totalUnread: 12 })],
    ]);
    expect(markup).toContain('aria-label="Notifications, 12 unread"');
    expect(markup).toMatch(/data-testid="messenger-badge"[^>]*>12</);
    expect(markup).toContain('aria-expanded="false"');
    expect(markup).toContain('Title 1');
    expect(markup).toContain('Mark all as read');
    expect(untranslated(markup)).toEqual([]);
  });

  it('shows no badge without unread messages, and the empty popover', () => {
    const markup = render(<NotificationsBell />, [[messagesKey(1, POPOVER_SIZE), pageOf([])]]);
    expect(markup).not.toContain('messenger-badge');
    expect(markup).toContain('aria-label="Notifications"');
    expect(markup).toContain('You have no notifications yet.');
    expect(markup).not.toContain('Mark all as read');
  });

  it('shows a loading state before the first answer', () => {
    expect(render(<NotificationsBell />)).toContain('Loading notifications…');
    expect(render(<ProfileNotificationsPage />)).toContain('Loading messages…');
  });

  it('lists a page of messages with the unread count and a pager', () => {
    const items = [1, 2, 3, 4, 5].map((i) => message(i, i > 2 ? { state: 2, readAt: '2026-11-26T11:00:00.000Z' } : {}));
    const markup = render(<ProfileNotificationsPage />, [
      [messagesKey(1, PAGE_SIZE), pageOf(items, { totalPages: 3, totalRows: 12, totalUnread: 2 })],
    ]);
    expect(markup.match(/data-testid="messenger-item"/g)).toHaveLength(5);
    expect(markup.match(/messenger-item--unread/g)).toHaveLength(2);
    expect(markup).toContain('2 unread');
    expect(markup).toContain('Page 1 of 3');
    expect(markup).toContain('Delete message');
    expect(untranslated(markup)).toEqual([]);
  });

  it('says when there are no messages', () => {
    const markup = render(<ProfileNotificationsPage />, [[messagesKey(1, PAGE_SIZE), pageOf([])]]);
    expect(markup).toContain('You have no messages.');
    expect(markup).not.toContain('Page 1');
  });

  it('opens an http link in a new tab and a site path in place', () => {
    const external = render(
      <MessageItem
        message={message(1, { content: { title: 't', body: 'b', link: { url: 'https://example.com', label: 'Out' } } })}
        unreadLabel="Unread"
        onOpen={() => undefined}
      />,
    );
    expect(external).toContain('target="_blank"');
    expect(external).toContain('rel="noopener noreferrer"');
    const internal = render(
      <MessageItem
        message={message(1, { content: { title: 't', body: 'b', link: { url: '/promotions', label: 'In' } } })}
        unreadLabel="Unread"
        onOpen={() => undefined}
      />,
    );
    expect(internal).toContain('href="/promotions"');
    expect(internal).not.toContain('target="_blank"');
  });
});
