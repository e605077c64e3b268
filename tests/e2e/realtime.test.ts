import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, call, PASSWORD, registerPlayer, run, signIn as signInAs, type Player } from './api';
import { launchBrowser, newPage, screenshot } from './browser';

/**
 * The app's realtime connection (issue 5) against the built server: a signed-in page
 * subscribes the player's channels, turns a publication of the development endpoint into
 * an alert, subscribes nothing once signed out (a guest connection), and when its session
 * is closed through the API the gateway ends the socket (4501) and the page does not come
 * back as that player: it signs out and reconnects as a guest. The websocket frames are
 * read from the browser; close codes through a wrapper of the page's WebSocket.
 */

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

const register = () => registerPlayer('realtime');

/** A second session of the same player. */
async function signIn(player: Player): Promise<Player> {
  const answer = await signInAs(player.email, PASSWORD);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  const data = answer.body.data as { accessToken: string; sessionId: string };
  return { ...player, token: data.accessToken, sessionId: data.sessionId };
}

async function publish(channel: string, data: Record<string, unknown>): Promise<void> {
  const answer = await call('POST', '/api/dev/realtime/publish', { body: { channel, data } });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
}

async function gatewayStats(): Promise<{ connections: number; players: number; subscriptions: number }> {
  const answer = await call('GET', '/api/dev/realtime/stats');
  return answer.body.data as { connections: number; players: number; subscriptions: number };
}

type Command = Record<string, { token?: string; channel?: string } | undefined>;

/** The gateway sockets a page opened, with the commands it sent and the replies it got. */
function recordSockets(page: Page) {
  const sockets: { sent: Command[]; received: Record<string, unknown>[]; closed: boolean }[] = [];
  const lines = (payload: string | Buffer) =>
    String(payload)
      .split('\n')
      .filter((line) => line.trim() !== '')
      .map((line) => JSON.parse(line) as Record<string, unknown>);
  page.on('websocket', (socket) => {
    if (!socket.url().endsWith('/api/connection/websocket')) return;
    const entry = { sent: [] as Command[], received: [] as Record<string, unknown>[], closed: false };
    sockets.push(entry);
    socket.on('framesent', (frame) => entry.sent.push(...(lines(frame.payload) as Command[])));
    socket.on('framereceived', (frame) => entry.received.push(...lines(frame.payload)));
    socket.on('close', () => (entry.closed = true));
  });
  const last = () => sockets.at(-1);
  return {
    sockets,
    count: () => sockets.length,
    /** The token the newest socket connected with ('' for a guest). */
    connectToken: () => last()?.sent.find((command) => command.connect)?.connect?.token ?? '',
    channels: () =>
      (last()?.sent ?? []).flatMap((command) => (command.subscribe?.channel ? [command.subscribe.channel] : [])),
    /** Subscriptions the gateway confirmed on the newest socket. */
    confirmed: () => (last()?.received ?? []).filter((reply) => 'subscribe' in reply).length,
    connected: () => (last()?.received ?? []).some((reply) => 'connect' in reply),
  };
}

/** A page signed in as the player (the token cookie the app reads), recording its sockets and their close codes. */
async function signedInPage(token: string, size: { width: number; height: number }) {
  const opened = await newPage(browser, size);
  await opened.context.addCookies([{ name: 'token', value: token, url: baseUrl }]);
  await opened.context.addInitScript(() => {
    localStorage.setItem('cookies-accepted', 'true');
    const Native = window.WebSocket;
    const closes: number[] = [];
    (window as unknown as { socketCloses: number[] }).socketCloses = closes;
    window.WebSocket = class extends Native {
      constructor(...args: ConstructorParameters<typeof WebSocket>) {
        super(...args);
        this.addEventListener('close', (event) => closes.push(event.code));
      }
    };
  });
  return { ...opened, sockets: recordSockets(opened.page) };
}

const closeCodes = (page: Page) => page.evaluate(() => (window as unknown as { socketCloses: number[] }).socketCloses);
const toastTitle = (page: Page, title: string) => page.locator('.toast__title', { hasText: title });

async function expectedChannels(playerId: string): Promise<string[]> {
  const init = await call('GET', '/api/player/init');
  const loyalty = (init.body.data as { features: { loyalty: boolean } }).features.loyalty;
  return [
    `wallet:accounts#${playerId}`,
    `payment:invoices#${playerId}`,
    `bonus:player-bonuses#${playerId}`,
    `bonus:player-freespins#${playerId}`,
    `bonus:player-bonus-codes#${playerId}`,
    `retention:quests#${playerId}`,
    `retention:wheels#${playerId}`,
    ...(loyalty ? [`retention:accounts#${playerId}`] : []),
    `messenger:notifications#${playerId}`,
    `game:bets#${playerId}`,
    `player:documents#${playerId}`,
    `player:verification#${playerId}`,
    'tournaments',
    'global:online',
  ];
}

async function closeContext(context: BrowserContext) {
  await context.close();
  // The next test counts the gateway's players: this page's socket must be gone.
  await expect.poll(async () => (await gatewayStats()).connections).toBe(0);
}

function deposit(playerId: string, status: number) {
  return {
    event: 'invoice.deposit.updated',
    invoice: {
      id: `inv-${status}-${run}`,
      playerId,
      amount: 25,
      currency: 'EUR',
      paymentMethod: 'card',
      status,
      createdAt: new Date().toISOString(),
      number: 1,
      publicData: null,
    },
  };
}

describe('realtime', () => {
  let player: Player;
  beforeAll(async () => {
    player = await register();
  });

  it('subscribes the player’s channels, alerts on an event, and is a guest without subscriptions after logout', async () => {
    const { page, context, errors, sockets } = await signedInPage(player.token, { width: 1440, height: 900 });
    // The casino page: the home page's winners feed adds its public channel to these.
    await page.goto(`${baseUrl}/casino`);
    const channels = await expectedChannels(player.id);
    await expect.poll(() => sockets.confirmed()).toBe(channels.length);
    expect(sockets.channels()).toEqual(channels);
    expect(sockets.connectToken()).not.toBe('');
    expect(await gatewayStats()).toMatchObject({ connections: 1, players: 1, subscriptions: channels.length });

    await publish(`payment:invoices#${player.id}`, deposit(player.id, 2));
    await toastTitle(page, 'Deposit successful').waitFor();
    expect(await page.locator('.toast__item', { hasText: 'Deposit successful' }).textContent()).toContain(
      '25 EUR has been credited to your balance',
    );
    await publish(`messenger:notifications#${player.id}`, {
      event: 'message.received',
      message: {
        id: `m-${run}`,
        state: 1,
        readAt: null,
        createdAt: new Date().toISOString(),
        content: { title: 'Hello', body: 'Welcome' },
      },
    });
    await toastTitle(page, 'New message').waitFor();
    await screenshot(page, 'realtime-toasts-desktop');

    // Logout: every subscription goes, the page connects again without a token.
    const before = sockets.count();
    await page.locator('.auth-user__button').click();
    await page.getByRole('button', { name: 'Log out' }).click();
    await expect.poll(() => sockets.count()).toBe(before + 1);
    await expect.poll(() => sockets.connected()).toBe(true);
    expect(sockets.sockets[before - 1]?.closed).toBe(true);
    expect(sockets.connectToken()).toBe('');
    expect(sockets.channels()).toEqual([]);
    await expect.poll(async () => gatewayStats()).toMatchObject({ connections: 1, players: 0, subscriptions: 0 });

    // What is published to the player's channels no longer reaches this page.
    await publish(`payment:invoices#${player.id}`, deposit(player.id, 3));
    await page.waitForTimeout(1000);
    expect(await toastTitle(page, 'Deposit failed').count()).toBe(0);
    expect(errors).toEqual([]);
    await closeContext(context);
  });

  it('ends the socket for good when the session is closed through the API; the page signs out and connects as a guest', async () => {
    const session = await signIn(player);
    const { page, context, sockets } = await signedInPage(session.token, { width: 390, height: 844 });
    // The casino page: the home page's winners feed adds its public channel to these.
    await page.goto(`${baseUrl}/casino`);
    const channels = await expectedChannels(player.id);
    await expect.poll(() => sockets.confirmed()).toBe(channels.length);
    const playerSockets = sockets.count();

    const closed = await call('PUT', `/api/player/sessions/${session.sessionId}/close`, { token: session.token });
    expect(closed.status, JSON.stringify(closed.body)).toBe(200);

    await expect.poll(() => closeCodes(page)).toContain(4501);
    // The page checks its session, is told it ended, signs out (sign-in opens) and reconnects as a guest.
    await page.locator('[role="dialog"][data-modal-name="sign-in"]').waitFor();
    await page.locator('header').getByRole('button', { name: 'Sign in', exact: true }).waitFor();
    await expect.poll(() => sockets.count()).toBeGreaterThan(playerSockets);
    await expect.poll(() => sockets.connected()).toBe(true);
    for (const later of sockets.sockets.slice(playerSockets)) {
      expect(later.sent.find((command) => command.connect)?.connect?.token ?? '').toBe('');
    }
    await expect.poll(async () => gatewayStats()).toMatchObject({ players: 0, subscriptions: 0 });
    await screenshot(page, 'realtime-session-closed-mobile');
    await closeContext(context);
  });
});
