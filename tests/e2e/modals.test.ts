import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { seriousViolations } from './a11y';
import { launchBrowser, newPage, screenshot } from './browser';

const baseUrl = inject('baseUrl');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

const dialog = (page: Page, name: string) => page.locator(`[role="dialog"][data-modal-name="${name}"]`);

async function modalTitles(): Promise<Record<string, { title: string }>> {
  const response = await fetch(`${baseUrl}/api/content/groups/modals?locale=en`);
  return ((await response.json()) as { data: Record<string, { title: string }> }).data;
}

async function waitOpened(page: Page, name: string) {
  await dialog(page, name).waitFor();
  await expect.poll(() => dialog(page, name).getAttribute('data-state')).toBe('opened');
}

describe('modals', () => {
  it('opens a modal named in the URL query on load, and closing it removes the key', async () => {
    const { page, context } = await newPage(browser);
    await page.goto(`${baseUrl}/?sign-up=true&keep=1`);
    await waitOpened(page, 'sign-up');
    expect(await dialog(page, 'sign-up').getAttribute('aria-modal')).toBe('true');
    await page.keyboard.press('Escape');
    await expect.poll(() => dialog(page, 'sign-up').count()).toBe(0);
    expect(new URL(page.url()).search).toBe('?keep=1');
    await context.close();
  });

  it('stacks two modals at z-index 1000 + 2 per level; Escape closes the top one first', async () => {
    const { page, context } = await newPage(browser);
    await page.goto(`${baseUrl}/?sign-up=true`);
    await waitOpened(page, 'sign-up');
    // The sign-up modal's second modal: the categories modal opened over it.
    await page.evaluate(() => {
      const url = new URL(window.location.href);
      url.searchParams.set('profile-confirmed', 'true');
      window.history.pushState({}, '', url);
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    await waitOpened(page, 'profile-confirmed');
    // Each layer's viewport (the dialog's container) carries the stacking z-index.
    const zIndexes = await page.$$eval('.modal[data-modal-name]', (layers) =>
      layers.map((layer) => [
        layer.getAttribute('data-modal-name'),
        Number(getComputedStyle(layer.querySelector('.modal__viewport') ?? layer).zIndex),
      ]),
    );
    expect(zIndexes).toEqual([
      ['sign-up', 1000],
      ['profile-confirmed', 1002],
    ]);
    await screenshot(page, 'modals-stacked-1440');
    await page.keyboard.press('Escape');
    await expect.poll(() => dialog(page, 'profile-confirmed').count()).toBe(0);
    expect(await dialog(page, 'sign-up').count()).toBe(1);
    await context.close();
  });

  it('opens sign-in for a guest who asks for a logged-in-only modal', async () => {
    const { page, context } = await newPage(browser);
    await page.goto(`${baseUrl}/?wallet=deposit`);
    await waitOpened(page, 'sign-in');
    expect(await dialog(page, 'wallet').count()).toBe(0);
    const titles = await modalTitles();
    expect(await dialog(page, 'sign-in').textContent()).toContain(titles.signIn?.title);
    await context.close();
  });

  it('keeps the sign-in modal open on an outside click, and returns focus when it closes', async () => {
    const { page, context } = await newPage(browser);
    await page.goto(baseUrl);
    const button = page.locator('.header__actions').getByRole('button', { name: 'Sign in' });
    await button.click();
    await waitOpened(page, 'sign-in');
    await page.mouse.click(5, 450);
    await page.waitForTimeout(400);
    expect(await dialog(page, 'sign-in').count()).toBe(1);
    // focus is inside the dialog and stays there while tabbing
    for (let i = 0; i < 6; i += 1) {
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => document.activeElement?.closest('[role="dialog"]') !== null)).toBe(true);
    }
    await page.keyboard.press('Escape');
    await expect.poll(() => dialog(page, 'sign-in').count()).toBe(0);
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Sign in');
    await context.close();
  });

  it('blocks sign-up from a restrictType 2 country with the geo-restricted-type modal', async () => {
    const { page, context } = await newPage(browser, { extraHTTPHeaders: { 'cf-ipcountry': 'AU' } });
    await page.goto(baseUrl);
    await page.locator('.header__actions').getByRole('button', { name: 'Sign up' }).click();
    await waitOpened(page, 'geo-restricted-type');
    expect(await dialog(page, 'sign-up').count()).toBe(0);
    const titles = await modalTitles();
    expect(await dialog(page, 'geo-restricted-type').textContent()).toContain(titles.geoRestrictedType?.title);
    await context.close();
  });

  it('has no serious accessibility violations with a modal open', async () => {
    const { page, context } = await newPage(browser);
    await page.goto(`${baseUrl}/?sign-in=true`);
    await waitOpened(page, 'sign-in');
    await page.waitForTimeout(300);
    expect(await seriousViolations(page)).toEqual([]);
    await context.close();
  });
});
