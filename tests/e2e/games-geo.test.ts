import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, registerPlayer } from './api';
import { launchBrowser, newPage, screenshot } from './browser';

/**
 * A game restricted in the visitor's country (`/games/{id}`, the geo-restricted-game
 * modal): the page explains it in the modal and offers no start, the server
 * refuses a start with 14308, and a start the server refuses that way opens the modal too.
 * The visitor's country is the CDN header the server reads (`cf-ipcountry`); the catalogue
 * restricts Polar Fortune Jackpot in DE and CH, Speed Baccarat Live in CA and ES.
 */

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

const GEO_RESTRICTED = 14308;

interface ModalTexts {
  geoRestrictedGame: { title: string; browse: string };
}

const dialog = (page: Page, name: string) => page.locator(`[role="dialog"][data-modal-name="${name}"]`);

async function waitOpened(page: Page, name: string) {
  await dialog(page, name).waitFor();
  await expect.poll(() => dialog(page, name).getAttribute('data-state')).toBe('opened');
}

/** The modal texts in the language the page chose (a visitor's country may pick another than English). */
async function modalTexts(page: Page): Promise<ModalTexts> {
  const locale = await page.evaluate(() => document.documentElement.lang);
  const response = await fetch(`${baseUrl}/api/content/groups/modals?locale=${encodeURIComponent(locale)}`);
  return ((await response.json()) as { data: ModalTexts }).data;
}

/** A browser in the given country, with the cookie notice accepted (it would cover the page). */
async function visitorFrom(country: string) {
  const opened = await newPage(browser, { extraHTTPHeaders: { 'cf-ipcountry': country } });
  await opened.context.addInitScript(() => localStorage.setItem('cookies-accepted', 'true'));
  return opened;
}

describe('a game restricted in the visitor country', () => {
  it('opens the geo-restricted-game modal instead of Play, and the server refuses the start with 14308', async () => {
    const { page, context, errors } = await visitorFrom('DE');
    await page.goto(`${baseUrl}/games/polar-fortune-jackpot`);
    await waitOpened(page, 'geo-restricted-game');
    const texts = await modalTexts(page);
    expect(await dialog(page, 'geo-restricted-game').textContent()).toContain(texts.geoRestrictedGame.title);
    await screenshot(page, 'geo-restricted-game-1440');

    // Behind the modal, the stage has the notice and no way to start the game.
    await page.getByTestId('geo-restricted-notice').waitFor();
    expect(await page.getByTestId('game-play').count()).toBe(0);
    expect(await page.getByTestId('game-demo').count()).toBe(0);

    // Nor can the start be asked for directly, in either mode.
    for (const demoMode of [true, false]) {
      const response = await fetch(`${baseUrl}/api/game/games/polar-fortune-jackpot/play`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json', 'cf-ipcountry': 'DE' },
        body: JSON.stringify({ demoMode, platform: 2 }),
      });
      const body = (await response.json()) as { error?: { code: number } };
      expect(body.error?.code, JSON.stringify(body)).toBe(GEO_RESTRICTED);
    }

    // The modal's action leads to the other games.
    await dialog(page, 'geo-restricted-game').getByRole('button', { name: texts.geoRestrictedGame.browse }).click();
    await expect.poll(() => new URL(page.url()).pathname).toMatch(/\/casino$/);
    await expect.poll(() => dialog(page, 'geo-restricted-game').count()).toBe(0);

    // A game restricted elsewhere only: no modal, and Play is offered.
    await page.goto(`${baseUrl}/games/speed-baccarat-live`);
    await page.getByTestId('game-play').waitFor();
    expect(await dialog(page, 'geo-restricted-game').count()).toBe(0);
    expect(await page.getByTestId('geo-restricted-notice').count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('a start the server refuses with 14308 opens the modal and no game frame', async () => {
    const player = await registerPlayer('geo14308');
    const { page, context } = await visitorFrom('CA');
    await context.addCookies([{ name: 'token', value: player.token, url: baseUrl }]);
    // The page learns the country from /api/player/init; here it does not (as when the
    // visitor's country changes after the page loaded), so only the server's check is left.
    await page.route('**/api/player/init', async (route) => {
      const response = await route.fetch();
      const body = (await response.json()) as { data: { country: string | null } };
      await route.fulfill({ response, json: { ...body, data: { ...body.data, country: null } } });
    });
    const launches: number[] = [];
    page.on('response', (response) => {
      if (/\/api\/game\/games\/[^/]+\/play$/.test(new URL(response.url()).pathname)) launches.push(response.status());
    });

    await page.goto(`${baseUrl}/games/speed-baccarat-live`);
    const play = page.getByTestId('game-play');
    await play.waitFor();
    expect(await dialog(page, 'geo-restricted-game').count()).toBe(0);
    await play.click();

    await waitOpened(page, 'geo-restricted-game');
    expect(launches).toEqual([400]);
    const texts = await modalTexts(page);
    expect(await dialog(page, 'geo-restricted-game').textContent()).toContain(texts.geoRestrictedGame.title);
    expect(await page.getByTestId('game-frame').count()).toBe(0);
    // A refusal with its own modal is not an error to retry.
    expect(await page.getByTestId('game-launch-error').count()).toBe(0);
    await screenshot(page, 'geo-restricted-game-launch-1440');
    await context.close();
  });
});
