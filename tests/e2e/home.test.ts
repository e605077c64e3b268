import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, newPage, screenshot } from './browser';

const baseUrl = inject('baseUrl');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

async function contentText(locale: string, key: string[]): Promise<string> {
  const response = await fetch(`${baseUrl}/api/content/groups/layout?locale=${locale}`);
  let node: unknown = ((await response.json()) as { data: unknown }).data;
  for (const part of key) node = (node as Record<string, unknown>)[part];
  if (typeof node !== 'string') throw new Error(`no text at ${key.join('.')}`);
  return node;
}

describe('home page', () => {
  it('renders texts from the content service and data from the settings API', async () => {
    const { page, errors, context } = await newPage(browser);
    await page.goto(baseUrl);
    const heroTitle = await contentText('en', ['home', 'hero', 'title']);
    await expect.poll(() => page.locator('h1').textContent()).toBe(heroTitle);
    // Currencies come from GET /api/settings/currencies, not from the bundle.
    const chips = page.getByTestId('currency-list').locator('li');
    await expect.poll(() => chips.count()).toBeGreaterThanOrEqual(20);
    expect(await page.getByTestId('currency-list').textContent()).toContain('BTC');
    await screenshot(page, 'home-1440');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('switches language from the locale list and remembers it', async () => {
    const { page, context } = await newPage(browser);
    await page.goto(baseUrl);
    await page.locator('h1').waitFor();
    await page.getByRole('combobox').selectOption('de');
    const germanTitle = await contentText('de', ['home', 'hero', 'title']);
    await expect.poll(() => page.locator('h1').textContent()).toBe(germanTitle);
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('de');
    await page.reload();
    await expect.poll(() => page.locator('h1').textContent()).toBe(germanTitle);
    await context.close();
  });

  it("starts in the visitor's country locale when no language is saved", async () => {
    const { page, context } = await newPage(browser, { extraHTTPHeaders: { 'cf-ipcountry': 'BR' } });
    await page.goto(baseUrl);
    const portugueseTitle = await contentText('pt-BR', ['home', 'hero', 'title']);
    await expect.poll(() => page.locator('h1').textContent()).toBe(portugueseTitle);
    await context.close();
  });

  it('lays out on a 390 px phone', async () => {
    const { page, context } = await newPage(browser, { width: 390, height: 844 });
    await page.goto(baseUrl);
    await page.getByTestId('currency-list').waitFor();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await screenshot(page, 'home-390');
    await context.close();
  });

  it('shows the not-found page for an unknown route', async () => {
    const { page, context } = await newPage(browser);
    const response = await page.goto(`${baseUrl}/no-such-page`);
    expect(response?.status()).toBe(200); // the SPA answers and renders its own 404
    await expect.poll(() => page.locator('h1').textContent()).toBe('Page not found');
    await context.close();
  });
});
