import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from './a11y';
import { ADMIN_KEY, baseUrl, browserToken, registerPlayer, signedInPage } from './api';
import { launchBrowser, recordSubscriptions, screenshot } from './browser';

/**
 * The messenger (docs/messenger.md): the operator sends a message through the operator
 * API, the header's badge counts it at once (realtime), the player reads it in the bell's
 * popover (the badge goes) and deletes it on /profile/notifications. Desktop and phone
 * screenshots.
 */

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

async function send(playerId: string, title: string, body: string) {
  const response = await fetch(`${baseUrl}/api/admin/messenger/messages`, {
    method: 'POST',
    headers: { 'x-admin-key': ADMIN_KEY, accept: 'application/json', 'content-type': 'application/json' },
    body: JSON.stringify({ playerId, content: { title, body } }),
  });
  expect(response.status).toBe(200);
  expect(await response.json()).toEqual({ data: { sent: 1 } });
}

describe('messenger', () => {
  it('counts an operator’s message live, reads it in the popover and deletes it on the page', async () => {
    const player = await registerPlayer('messenger');
    const { context, page, errors } = await signedInPage(browser, player.token);
    const subscriptions = recordSubscriptions(page);
    await page.goto(`${baseUrl}/casino`);
    const bell = page.getByTestId('messenger-bell');
    await bell.waitFor();
    // The first answer is in (an empty list) and the channel is subscribed.
    await page.getByText('You have no notifications yet.').waitFor({ state: 'attached' });
    await expect.poll(() => subscriptions.ready(`messenger:notifications#${player.id}`)).toBe(true);
    expect(await bell.getAttribute('aria-label')).toBe('Notifications');
    expect(await page.getByTestId('messenger-badge').count()).toBe(0);

    // Sent while the page is open: the badge follows without a reload.
    await send(player.id, 'Welcome to Croupier', 'Your first message from the operator.');
    await page.getByTestId('messenger-badge').getByText('1').waitFor();
    expect(await bell.getAttribute('aria-label')).toBe('Notifications, 1 unread');
    await send(player.id, 'Weekend offer', 'Spin the wheel this weekend.');
    await page.getByTestId('messenger-badge').getByText('2').waitFor();

    // The popover by keyboard: the newest first; opening one reads it.
    await bell.focus();
    await page.keyboard.press('Enter');
    const popover = page.getByRole('region', { name: 'Notifications' });
    await popover.waitFor();
    const items = popover.getByTestId('messenger-item');
    await expect.poll(() => items.count()).toBe(2);
    expect(await items.first().textContent()).toContain('Weekend offer');
    await popover.getByRole('button', { name: /Weekend offer/ }).click();
    await popover.getByText('Spin the wheel this weekend.').waitFor();
    await page.getByTestId('messenger-badge').getByText('1').waitFor();
    // The two "New message" alerts go first: they sit over the popover's corner.
    await expect.poll(() => page.locator('.toast__item').count(), { timeout: 15_000 }).toBe(0);
    await screenshot(page, 'messenger-popover-1440', { fullPage: false });
    const violations = await seriousViolations(page);
    expect(violations, JSON.stringify(violations, null, 2)).toEqual([]);
    await page.keyboard.press('Escape');
    expect(await popover.isHidden()).toBe(true);

    // The page: read the other one, then delete it.
    await page.goto(`${baseUrl}/profile/notifications`);
    await page.getByRole('heading', { level: 1, name: 'Notifications' }).waitFor();
    const list = page.getByRole('region', { name: 'Messages' });
    await list.getByTestId('messenger-item').first().waitFor();
    await list.getByText('1 unread').waitFor();
    const welcome = list.getByTestId('messenger-item').filter({ hasText: 'Welcome to Croupier' });
    await welcome.getByRole('button', { name: /Welcome to Croupier/ }).click();
    await welcome.getByText('Your first message from the operator.').waitFor();
    await list.getByText('0 unread').waitFor();
    await expect.poll(() => page.getByTestId('messenger-badge').count()).toBe(0);
    await welcome.getByRole('button', { name: 'Delete message' }).click();
    await expect.poll(() => welcome.count()).toBe(0);
    expect(await list.getByTestId('messenger-item').count()).toBe(1);
    await screenshot(page, 'messenger-page-1440');
    expect(errors).toEqual([]);

    // The same page on a phone: nothing wider than the screen.
    const phone = await signedInPage(browser, await browserToken(context), { width: 390, height: 844 });
    await context.close();
    await phone.page.goto(`${baseUrl}/profile/notifications`);
    await phone.page.getByRole('region', { name: 'Messages' }).getByText('Weekend offer').waitFor();
    const widths = await phone.page.evaluate(() => ({
      page: document.documentElement.scrollWidth,
      viewport: window.innerWidth,
    }));
    expect(widths.page).toBeLessThanOrEqual(widths.viewport);
    await screenshot(phone.page, 'messenger-page-390');
    await phone.page.getByTestId('messenger-bell').click();
    await phone.page.getByRole('region', { name: 'Notifications' }).waitFor();
    await screenshot(phone.page, 'messenger-popover-390', { fullPage: false });
    expect(phone.errors).toEqual([]);
    await phone.context.close();
  });
});
