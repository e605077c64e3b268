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

async function content<T>(group: string, locale: string): Promise<T> {
  const response = await fetch(`${baseUrl}/api/content/groups/${group}?locale=${locale}`);
  return ((await response.json()) as { data: T }).data;
}

describe('locales in the URL', () => {
  it('serves a locale-prefixed page with alternate links for every locale and og:url', async () => {
    const { page, context } = await newPage(browser);
    await page.goto(`${baseUrl}/de/static/terms`);
    const heading = page.locator('h1');
    await heading.waitFor();
    const terms = await fetch(`${baseUrl}/api/content/pages/static/terms?locale=de`).then(
      (r) => r.json() as Promise<{ data: { title: string } }>,
    );
    await expect.poll(() => heading.textContent()).toBe(terms.data.title);
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('de');
    const alternates = await page.$$eval('link[rel="alternate"]', (links) =>
      links.map((link) => [link.getAttribute('hreflang'), new URL(link.getAttribute('href') ?? '').pathname]),
    );
    expect(alternates).toEqual(
      expect.arrayContaining([
        ['en', '/static/terms'],
        ['es', '/es/static/terms'],
        ['pt-BR', '/pt-br/static/terms'],
        ['de', '/de/static/terms'],
        ['fr', '/fr/static/terms'],
        ['x-default', '/static/terms'],
      ]),
    );
    expect(new URL((await page.getAttribute('meta[property="og:url"]', 'content')) ?? '').pathname).toBe(
      '/de/static/terms',
    );
    await context.close();
  });

  it('keeps the page when the language changes', async () => {
    const { page, context } = await newPage(browser);
    await page.goto(`${baseUrl}/questions`);
    await page.locator('.faq__item').first().waitFor();
    await page.locator('.drawer select, .language-switcher select').first().selectOption('fr');
    await expect.poll(() => new URL(page.url()).pathname).toBe('/fr/questions');
    await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe('fr');
    await context.close();
  });

  it('opens FAQ answers as an accordion', async () => {
    const { page, context } = await newPage(browser);
    await page.goto(`${baseUrl}/questions/payments`);
    const first = page.locator('.faq__item').first();
    await first.waitFor();
    expect(await first.getAttribute('open')).toBeNull();
    await first.locator('summary').click();
    expect(await first.getAttribute('open')).not.toBeNull();
    await context.close();
  });
});

describe('errors', () => {
  it('shows the 404 page with a Homepage button to the locale root', async () => {
    const { page, context } = await newPage(browser);
    await page.goto(`${baseUrl}/es/no/such/page`);
    const errorPage = page.getByTestId('error-page');
    await errorPage.waitFor();
    const texts = await content<{
      errorPage: { notFound: string; description: string };
      buttons: { homepage: string };
    }>('global-components', 'es');
    expect(await errorPage.locator('h1').textContent()).toBe(texts.errorPage.notFound);
    expect(await errorPage.locator('p').textContent()).toBe(texts.errorPage.description);
    const home = errorPage.getByRole('link', { name: texts.buttons.homepage });
    expect(await home.getAttribute('href')).toBe('/es');
    await context.close();
  });

  it('gives an unknown single-segment page (the catch-all slug) the 404, and a known one its content', async () => {
    const { page, context } = await newPage(browser);
    await page.goto(`${baseUrl}/privacy`);
    const privacy = await fetch(`${baseUrl}/api/content/pages/static/privacy`).then(
      (r) => r.json() as Promise<{ data: { title: string } }>,
    );
    await expect.poll(() => page.locator('h1').textContent()).toBe(privacy.data.title);
    await page.goto(`${baseUrl}/definitely-not-a-page`);
    await expect.poll(() => page.locator('h1').textContent()).toBe('Page not found');
    await context.close();
  });
});

describe('geo restriction', () => {
  it('replaces the site with the geo-restricted layout for a restrictType 1 country', async () => {
    const { page, context } = await newPage(browser, { extraHTTPHeaders: { 'cf-ipcountry': 'US' } });
    await page.goto(`${baseUrl}/casino`);
    const layout = page.locator('[data-layout="geo-restricted"]');
    await layout.waitFor();
    const texts = await content<{ geoRestricted: { title: string } }>('layout', 'en');
    expect(await layout.locator('h1').textContent()).toBe(texts.geoRestricted.title);
    expect(await page.locator('.header').count()).toBe(0);
    await screenshot(page, 'geo-restricted-1440');
    await context.close();
  });
});

describe('affiliate tag', () => {
  it('saves stag as the affiliateTag cookie when none exists and removes it from the URL', async () => {
    const { page, context } = await newPage(browser);
    await page.goto(`${baseUrl}/casino?stag=aff_123&utm=x#top`);
    await expect.poll(() => page.url()).toBe(`${baseUrl}/casino?utm=x#top`);
    const cookie = (await context.cookies()).find((c) => c.name === 'affiliateTag');
    expect(cookie?.value).toBe('aff_123');
    // about 30 days (the configured default)
    const days = ((cookie?.expires ?? 0) * 1000 - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29.9);
    expect(days).toBeLessThan(30.1);
    // a second tag does not replace the first one, but is still taken out of the URL
    await page.goto(`${baseUrl}/?stag=other`);
    await expect.poll(() => new URL(page.url()).search).toBe('');
    expect((await context.cookies()).find((c) => c.name === 'affiliateTag')?.value).toBe('aff_123');
    await context.close();
  });
});

describe('installable app', () => {
  it('serves a manifest, registers the service worker and shows the offline page without network', async () => {
    const { page, context } = await newPage(browser);
    const manifest = (await (await fetch(`${baseUrl}/manifest.webmanifest`)).json()) as {
      name: string;
      icons: { sizes: string }[];
    };
    expect(manifest.name).toContain('Croupier');
    expect(manifest.icons.map((icon) => icon.sizes)).toEqual(expect.arrayContaining(['192x192', '512x512']));
    await page.goto(baseUrl);
    await page.locator('h1').waitFor();
    await expect
      .poll(() => page.evaluate(async () => Boolean((await navigator.serviceWorker.getRegistration())?.active)), {
        timeout: 15_000,
      })
      .toBe(true);
    await context.setOffline(true);
    await page.goto(`${baseUrl}/casino`).catch(() => undefined);
    await expect.poll(() => page.locator('[data-offline]').count(), { timeout: 10_000 }).toBeGreaterThan(0);
    await context.setOffline(false);
    await context.close();
  });
});
