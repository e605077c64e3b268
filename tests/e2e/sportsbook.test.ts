import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from './a11y';
import { baseUrl, call, signedInPage } from './api';
import { launchBrowser, screenshot } from './browser';
import { fundedPlayer } from './dice';

/**
 * Betting journeys (docs/sportsbook.md, "Betting"), on events of the sandbox feed that the
 * test creates and finishes through its dev controls (docs/sportsbook-feed.md, "Sandbox
 * feed"): a single and a three-leg accumulator placed pre-match from the bet slip, settled
 * from results with the balance following; a live bet whose price moves during the live
 * delay, handled by the "ask me" policy; a cash-out of an open ticket from My bets; the
 * tickets in the history's sportsbook tab; the slip as a sheet on a phone.
 */

interface SandboxEvent {
  eventId: string;
  markets: { id: string; type: string; outcomes: { id: string; key: string; oddsMilli: number }[] }[];
}

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

let eventCount = 0;
async function sandboxEvent(startsInMs = 3_600_000): Promise<SandboxEvent & { outcome: (key: string) => string }> {
  eventCount += 1;
  const created = await call<SandboxEvent>('POST', '/api/dev/sportsbook/events', {
    body: { home: `Rovers ${eventCount}`, away: `United ${eventCount}`, startsInMs },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  const data = created.body.data!;
  return {
    ...data,
    outcome: (key) => data.markets.find((m) => m.type === 'match_result')!.outcomes.find((o) => o.key === key)!.id,
  };
}

async function dev(path: string, body: Record<string, unknown> = {}): Promise<void> {
  const answer = await call('POST', `/api/dev/sportsbook${path}`, { body });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
}

const odds = (page: Page, outcomeId: string): Locator => page.locator(`[data-outcome-id="${outcomeId}"]`).first();
const slip = (page: Page): Locator => page.getByTestId('bet-slip');

async function balanceText(page: Page): Promise<string> {
  return (await page.locator('header').getByText(/USD/).first().textContent()) ?? '';
}

/** Places what the slip holds and waits for its receipt; answers the placements' HTTP statuses. */
async function placeFromSlip(page: Page): Promise<void> {
  await slip(page).getByTestId('slip-place').click();
  await slip(page).getByTestId('slip-receipt').waitFor({ timeout: 15_000 });
  await slip(page).getByTestId('slip-receipt-done').click();
}

async function myBets(page: Page, list: 'Open' | 'Settled'): Promise<Locator> {
  await page.getByRole('tab', { name: 'My bets', exact: true }).first().click();
  const panel = page.getByTestId('my-bets');
  await panel.getByRole('tab', { name: list, exact: true }).click();
  return panel;
}

describe('sportsbook', () => {
  it('places a single and a three-leg accumulator pre-match and sees them settle, the balance following', async () => {
    const player = await fundedPlayer('sb-prematch', 'USD', 500);
    const [a, b, c, d] = [await sandboxEvent(), await sandboxEvent(), await sandboxEvent(), await sandboxEvent()];
    const { page, context } = await signedInPage(browser, player.token);
    await page.goto(`${baseUrl}/betting?status=upcoming`);

    // A single: 10 on the home side of A at 2.10.
    await odds(page, a.outcome('home')).click();
    await expect.poll(() => odds(page, a.outcome('home')).getAttribute('aria-pressed')).toBe('true');
    await slip(page)
      .getByLabel(/^Stake/)
      .fill('10');
    await placeFromSlip(page);
    await expect.poll(() => balanceText(page)).toMatch(/490\.00/);

    // An accumulator: B home 2.10 × C away 3.50 × D draw 3.30 = 24.255, 5 staked.
    for (const pick of [b.outcome('home'), c.outcome('away'), d.outcome('draw')]) await odds(page, pick).click();
    await slip(page).getByTestId('slip-mode-combo').click();
    await expect.poll(() => slip(page).getByTestId('slip-combo-odds').textContent()).toContain('24.25');
    await slip(page)
      .getByLabel(/^Stake/)
      .fill('5');
    await expect.poll(() => slip(page).getByTestId('slip-payout').textContent()).toContain('121.27');
    await screenshot(page, 'sportsbook-accumulator');
    await placeFromSlip(page);
    await expect.poll(() => balanceText(page)).toMatch(/485\.00/);

    const open = await myBets(page, 'Open');
    await expect.poll(() => open.getByTestId('ticket').count()).toBe(2);
    await expect.poll(() => open.getByText('Accumulator · 3 selections').count()).toBe(1);

    // The results: both tickets win, paid by the settlement job (21 and 121.27).
    await dev(`/events/${encodeURIComponent(a.eventId)}/result`, { home: 2, away: 0 });
    await dev(`/events/${encodeURIComponent(b.eventId)}/result`, { home: 1, away: 0 });
    await dev(`/events/${encodeURIComponent(c.eventId)}/result`, { home: 0, away: 2 });
    await dev(`/events/${encodeURIComponent(d.eventId)}/result`, { home: 1, away: 1 });
    await expect.poll(() => balanceText(page), { timeout: 20_000 }).toMatch(/627\.27/);
    const settled = await myBets(page, 'Settled');
    await expect.poll(() => settled.getByTestId('ticket').count(), { timeout: 10_000 }).toBe(2);
    await expect.poll(() => settled.getByText('Won', { exact: true }).count()).toBeGreaterThanOrEqual(2);
    await screenshot(page, 'sportsbook-settled');
    expect(await seriousViolations(page)).toEqual([]);

    // The history's sportsbook tab lists them, the accumulator as a combo of three.
    await page.goto(`${baseUrl}/profile/history?tab=bets`);
    await expect.poll(() => page.getByText('Rovers 1 – United 1').count(), { timeout: 10_000 }).toBeGreaterThan(0);
    await expect.poll(() => page.getByText(/Rovers [234] – United [234]/).count()).toBe(3);
    await screenshot(page, 'sportsbook-history');
    await context.close();
  });

  it('takes a live bet after the delay, asking before it accepts a moved price, then cashes it out', async () => {
    const player = await fundedPlayer('sb-live', 'USD', 100);
    const live = await sandboxEvent(-60_000);
    await dev(`/events/${encodeURIComponent(live.eventId)}/start`);
    const { page, context } = await signedInPage(browser, player.token);
    await page.goto(`${baseUrl}/betting/event/${encodeURIComponent(live.eventId)}`);

    const home = live.outcome('home');
    await odds(page, home).click();
    await slip(page).getByTestId('slip-policy').selectOption('none');
    await slip(page)
      .getByLabel(/^Stake/)
      .fill('10');
    await slip(page).getByTestId('slip-place').click();
    // The live delay: the price moves while the bet waits.
    await slip(page).getByTestId('slip-placing').waitFor();
    await dev(`/outcomes/${encodeURIComponent(home)}/odds`, { oddsMilli: 1800 });
    await slip(page).getByTestId('slip-accept').waitFor({ timeout: 15_000 });
    await expect.poll(() => slip(page).getByTestId('slip-odds').first().textContent()).toContain('1.80');
    await screenshot(page, 'sportsbook-odds-changed');
    await slip(page).getByTestId('slip-accept').click();
    await slip(page).getByTestId('slip-receipt').waitFor({ timeout: 15_000 });
    await slip(page).getByTestId('slip-receipt-done').click();
    await expect.poll(() => balanceText(page)).toMatch(/90\.00/);

    // Home shortens to 1.50: the offer is 10 × 1.8 / 1.5 less 5% = 11.40.
    await dev(`/outcomes/${encodeURIComponent(home)}/odds`, { oddsMilli: 1500 });
    const open = await myBets(page, 'Open');
    const cashOut = open.getByTestId('cash-out-button');
    await expect.poll(() => cashOut.textContent(), { timeout: 10_000 }).toContain('11.40');
    await cashOut.click();
    await open.getByTestId('cash-out-confirm').click();
    await expect.poll(() => balanceText(page), { timeout: 10_000 }).toMatch(/101\.40/);
    const settled = await myBets(page, 'Settled');
    await expect.poll(() => settled.getByText('Cashed out').count()).toBeGreaterThan(0);
    await screenshot(page, 'sportsbook-cashed-out');
    await context.close();
  });

  it('bets in the active account after a currency switch, and names selections in the page language', async () => {
    const player = await fundedPlayer('sb-switch', 'USD', 50);
    const eur = await call<{ id: string; currency: string }[]>('POST', '/api/wallet/accounts', {
      token: player.token,
      body: { currency: 'EUR' },
    });
    const eurId = (eur.body.data ?? []).find((account) => account.currency === 'EUR')?.id;
    expect(eurId).toBeDefined();
    await call('POST', `/api/dev/wallet/accounts/${eurId}/fund`, { token: player.token, body: { amount: 20 } });
    const match = await sandboxEvent();
    const { page, context } = await signedInPage(browser, player.token);
    await page.goto(`${baseUrl}/betting?status=upcoming`);
    await odds(page, match.outcome('draw')).click();
    await expect.poll(() => slip(page).textContent()).toMatch(/50\.00/);

    // The header's currency list makes EUR active: the slip's session follows it.
    await page.locator('.wallet-header__button').click();
    await page.locator('[data-currency="EUR"] .wallet-currencies__choose').click();
    await expect.poll(() => slip(page).textContent(), { timeout: 10_000 }).toMatch(/20\.00/);
    await slip(page)
      .getByLabel(/^Stake/)
      .fill('2');
    await placeFromSlip(page);
    await expect.poll(() => page.locator('.wallet-header__button').textContent()).toMatch(/18\.00/);

    // The history in Spanish names the market and the outcome in Spanish.
    await page.goto(`${baseUrl}/es/profile/history?tab=bets&status=open`);
    const ticket = page.locator('.history-bet').first();
    await expect.poll(() => ticket.textContent(), { timeout: 10_000 }).toContain('Resultado del partido');
    expect(await ticket.textContent()).toContain('Empate');
    expect(await ticket.textContent()).toMatch(/EUR|€/);
    await screenshot(page, 'sportsbook-history-es');
    await context.close();
  });

  it('docks the slip as a sheet on a phone', async () => {
    const player = await fundedPlayer('sb-phone', 'USD', 50);
    const match = await sandboxEvent();
    const { page, context } = await signedInPage(browser, player.token, { width: 390, height: 844 });
    await page.goto(`${baseUrl}/betting?status=upcoming`);
    await odds(page, match.outcome('away')).click();
    await page.getByTestId('slip-bar').click();
    const sheet = page.getByTestId('slip-sheet');
    await sheet.getByLabel(/^Stake/).fill('2');
    await screenshot(page, 'sportsbook-phone-slip');
    await sheet.getByTestId('slip-place').click();
    await sheet.getByTestId('slip-receipt').waitFor({ timeout: 15_000 });
    await expect.poll(() => balanceText(page)).toMatch(/48\.00/);
    await context.close();
  });
});
