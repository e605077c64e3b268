import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from './a11y';
import { ADMIN_KEY, baseUrl, browserToken, registerPlayer, signedInPage } from './api';
import { launchBrowser, recordSubscriptions, screenshot } from './browser';

/**
 * Prize wheels (docs/wheels.md): a player opens /wheel and gets the demo wheel's daily spin,
 * the operator gives one more while the page is open (the alert and the count follow live),
 * the player spins (the wheel turns to the drawn sector) and verifies the spin in the
 * browser from the revealed seed. Desktop and phone screenshots.
 */

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

async function grantSpin(playerId: string, key: string) {
  const response = await fetch(`${baseUrl}/api/admin/wheels/daily-wheel/spins`, {
    method: 'POST',
    headers: { 'x-admin-key': ADMIN_KEY, accept: 'application/json', 'content-type': 'application/json' },
    body: JSON.stringify({ playerId, spins: 1, key }),
  });
  expect(response.status).toBe(200);
  expect(await response.json()).toEqual({ data: { granted: 1 } });
}

describe('wheels', () => {
  it('a player spins the wheel and verifies the spin', async () => {
    const player = await registerPlayer('wheels');
    const { context, page, errors } = await signedInPage(browser, player.token);
    const subscriptions = recordSubscriptions(page);
    await page.goto(`${baseUrl}/wheel`);
    await page.getByRole('heading', { level: 1, name: 'Daily Wheel' }).waitFor();
    // The daily spin, granted on the first look of the day.
    await page.getByTestId('wheel-spin-count').getByText('Spins available: 1').waitFor();
    await expect.poll(() => subscriptions.ready(`retention:wheels#${player.id}`)).toBe(true);

    // The operator's spin arrives live: an alert, and the count follows.
    await grantSpin(player.id, 'e2e-extra');
    await page.locator('.toast__item', { hasText: 'Wheel spins' }).waitFor();
    await page.getByTestId('wheel-spin-count').getByText('Spins available: 2').waitFor();
    const commitment = await page.getByTestId('wheel-next-hash').textContent();
    expect(commitment).toMatch(/^[0-9a-f]{64}$/);

    // A spin by keyboard; the rotor turns to the drawn sector, then the result shows.
    await page.getByLabel('Your client seed').fill('e2e-client-seed');
    await page.getByTestId('wheel-spin').focus();
    await page.keyboard.press('Enter');
    await expect
      .poll(() => page.getByTestId('wheel-result').textContent(), { timeout: 15_000 })
      .toMatch(/You won|No prize/);
    const rotation = Number(await page.locator('.prize-wheel__rotor').getAttribute('data-rotation'));
    expect(rotation).toBeGreaterThanOrEqual(5 * 360);
    await page.getByTestId('wheel-spin-count').getByText('Spins available: 1').waitFor();

    // The verification: the hash shown before, the revealed seed, recomputed in the browser.
    const verification = page.getByTestId('wheel-verification');
    await verification.getByText(commitment ?? '').waitFor();
    await verification.getByText('e2e-client-seed').waitFor();
    await page.getByTestId('wheel-verify').click();
    await expect.poll(() => page.getByTestId('wheel-verified').textContent()).toMatch(/^Verified: /);
    await expect.poll(() => page.locator('.toast__item').count(), { timeout: 15_000 }).toBe(0);
    await screenshot(page, 'wheel-1440');
    const violations = await seriousViolations(page);
    expect(violations, JSON.stringify(violations, null, 2)).toEqual([]);
    expect(errors).toEqual([]);

    // On a phone, with reduced motion: nothing wider than the screen, the spin lands at once.
    const phone = await signedInPage(browser, await browserToken(context), { width: 390, height: 844 });
    await context.close();
    await phone.page.emulateMedia({ reducedMotion: 'reduce' });
    await phone.page.goto(`${baseUrl}/wheel`);
    await phone.page.getByTestId('wheel-spin-count').getByText('Spins available: 1').waitFor();
    await phone.page.getByTestId('wheel-spin').click();
    await expect.poll(() => phone.page.getByTestId('wheel-result').textContent()).toMatch(/You won|No prize/);
    await phone.page.getByTestId('wheel-verify').click();
    await expect.poll(() => phone.page.getByTestId('wheel-verified').textContent()).toMatch(/^Verified: /);
    await phone.page.getByTestId('wheel-spin-count').getByText('You have no spins right now.').waitFor();
    const widths = await phone.page.evaluate(() => ({
      page: document.documentElement.scrollWidth,
      viewport: window.innerWidth,
    }));
    expect(widths.page).toBeLessThanOrEqual(widths.viewport);
    await screenshot(phone.page, 'wheel-390');
    expect(phone.errors).toEqual([]);
    await phone.context.close();
  });
});
