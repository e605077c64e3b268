import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, newPage, screenshot } from './browser';

/** The home banner's offer line and the welcome-package page's terms come from `GET /api/game/bonus-packages`. */
const baseUrl = inject('baseUrl');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

describe('welcome package', () => {
  it("fills the home banner's offer line from the package's first step", async () => {
    const { page, errors, context } = await newPage(browser);
    await page.goto(baseUrl);
    const line = page.getByTestId('welcome-offer');
    await expect.poll(() => line.textContent()).toContain('100% up to 500 USD');
    await screenshot(page, 'home-offer-1440');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('lists the four steps above the content body', async () => {
    const { page, errors, context } = await newPage(browser);
    await page.goto(`${baseUrl}/welcome-package`);
    const steps = page.getByTestId('welcome-step');
    await expect.poll(() => steps.count()).toBe(4);
    const texts = await steps.allTextContents();
    expect(texts[0]).toContain('100% up to 500 USD + 100 free spins');
    expect(texts[1]).toContain('50% up to 300 USD + 50 free spins');
    expect(texts[2]).toContain('75% up to 400 USD');
    expect(texts[2]).not.toContain('free spins');
    expect(texts[3]).toContain('100% up to 1,000 USD');
    expect(texts[0]).toContain('20 USD');
    expect(texts[0]).toContain('35×');
    expect(texts[0]).toContain('5 USD');
    // The terms sit between the page's heading and its Markdown body.
    const order = await page.evaluate(() => {
      const terms = document.querySelector('[data-testid="welcome-terms"]');
      const heading = document.querySelector('h1');
      const body = terms?.nextElementSibling;
      return {
        afterHeading: Boolean(
          heading && terms && heading.compareDocumentPosition(terms) & Node.DOCUMENT_POSITION_FOLLOWING,
        ),
        bodyAfter: Boolean(body?.textContent?.includes('How to claim')),
      };
    });
    expect(order).toEqual({ afterHeading: true, bodyAfter: true });
    await screenshot(page, 'welcome-package-1440');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('lays the steps out as cards on a 390 px phone', async () => {
    const { page, context } = await newPage(browser, { width: 390, height: 844 });
    await page.goto(`${baseUrl}/welcome-package`);
    await expect.poll(() => page.getByTestId('welcome-step').count()).toBe(4);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await screenshot(page, 'welcome-package-390');
    await page.goto(baseUrl);
    await expect.poll(() => page.getByTestId('welcome-offer').textContent()).toContain('100% up to 500 USD');
    await screenshot(page, 'home-offer-390');
    await context.close();
  });
});
