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

/** Scrolls through the page so that lazily loaded art is in place before a full-page screenshot. */
async function scrollThrough(page: Page) {
  await page.evaluate(async () => {
    for (let y = 0; y < document.body.scrollHeight; y += 600) {
      window.scrollTo(0, y);
      await new Promise((resolve) => setTimeout(resolve, 60));
    }
    window.scrollTo(0, 0);
  });
  await page.waitForTimeout(300);
}

async function acceptCookies(page: Page) {
  const accept = page.locator('.cookie-popup button').first();
  if (await accept.count()) await accept.click();
}

describe('casino catalogue', () => {
  it('browses a collection, a provider and search to a game page', async () => {
    const { page, context, errors } = await newPage(browser);
    await page.goto(`${baseUrl}/casino`);
    await acceptCookies(page);
    // collection → category page
    await page.locator('.games-chips a[href="/categories/slots"]').first().click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/categories/slots');
    await expect.poll(() => page.locator('main .tile__link').count()).toBeGreaterThan(5);

    // provider list → provider page → its games
    await page.goto(`${baseUrl}/providers`);
    const providerLink = page.getByTestId('providers-grid').locator('a').first();
    const providerHref = await providerLink.getAttribute('href');
    await providerLink.click();
    await expect.poll(() => new URL(page.url()).pathname).toBe(providerHref);
    await page.locator('.tile__link').first().waitFor();

    // search → game page
    await page.goto(`${baseUrl}/casino`);
    await page.locator('.games-search__input').first().fill('koi');
    const result = page.locator('.games-search__results .tile__link', { hasText: 'Koi Fortune' }).first();
    await result.waitFor();
    await result.click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/games/koi-fortune');
    await expect.poll(() => page.locator('h1').textContent()).toBe('Koi Fortune');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('redirects /categories to the first collection and 404s an unknown game', async () => {
    const { page, context } = await newPage(browser);
    await page.goto(`${baseUrl}/de/categories`);
    await expect.poll(() => new URL(page.url()).pathname).toBe('/de/categories/popular');
    await page.goto(`${baseUrl}/games/no-such-game`);
    await expect.poll(() => page.locator('h1').textContent()).toBe('Page not found');
    await context.close();
  });

  it('opens the categories modal from the header and navigates from it', async () => {
    const { page, context } = await newPage(browser);
    await page.goto(baseUrl);
    await acceptCookies(page);
    await page.locator('.header__actions .icon-button').first().click();
    const modal = page.locator('[role="dialog"][data-modal-name="categories"]');
    await modal.waitFor();
    await modal.locator('a[href="/categories/originals"]').first().click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/categories/originals');
    await expect.poll(() => modal.count()).toBe(0);
    await context.close();
  });

  for (const [width, height] of [
    [1440, 900],
    [390, 844],
  ] as const) {
    it(`looks finished and passes axe at ${width} px: home, casino and a game page`, async () => {
      const { page, context } = await newPage(browser, { width, height });
      for (const [name, path] of [
        ['home', '/'],
        ['casino', '/casino'],
        ['game', '/games/dice'],
      ] as const) {
        await page.goto(`${baseUrl}${path}`);
        await page.locator('h1').first().waitFor();
        await acceptCookies(page);
        await scrollThrough(page);
        expect(
          await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
          `${name} overflow`,
        ).toBeLessThanOrEqual(0);
        await screenshot(page, `${name}-${width}`);
        expect(await seriousViolations(page), `${name} at ${width}`).toEqual([]);
      }
      await context.close();
    });
  }
});

describe('contact form', () => {
  it('validates, sends the message and shows the confirmation', async () => {
    const { page, context } = await newPage(browser);
    await page.goto(`${baseUrl}/contact`);
    await acceptCookies(page);
    const form = page.locator('form.form');
    await form.waitFor();
    await form.getByRole('button').click();
    expect(await form.locator('.field__error').count()).toBe(2);
    await form.locator('input[name="email"]').fill('not-an-email');
    await form.locator('textarea[name="message"]').fill('Where can I see my bonus wagering?');
    await form.getByRole('button').click();
    expect(await form.locator('.field__error').count()).toBe(1);
    await form.locator('input[name="email"]').fill('player@example.com');
    await form.getByRole('button').click();
    await form.locator('.form__success').waitFor();
    // The message went through the e-mail adapter: the dev outbox has it.
    const outbox = (await (await fetch(`${baseUrl}/api/dev/outbox?perPage=10`)).json()) as {
      data: { to: string; text: string }[];
    };
    expect(outbox.data.some((mail) => mail.text.includes('Where can I see my bonus wagering?'))).toBe(true);
    await context.close();
  });
});

describe('fatal errors', () => {
  it('shows the error page for an unhandled error', async () => {
    const { page, context } = await newPage(browser);
    await page.goto(`${baseUrl}/static/about`);
    await page.locator('h1').waitFor();
    await page.evaluate(() => {
      setTimeout(() => {
        throw new Error('unexpected failure in a widget');
      });
    });
    const errorPage = page.getByTestId('error-page');
    await errorPage.waitFor();
    expect(await errorPage.locator('h1').textContent()).toBe('Something went wrong');
    await context.close();
  });
});
