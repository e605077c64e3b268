import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from './a11y';
import { baseUrl, call, registerPlayer, signedInPage } from './api';
import { launchBrowser, screenshot } from './browser';

/**
 * /profile/verification (docs/player-protection.md, "Identity verification"): a player
 * starts verification by keyboard, lands on the sandbox provider's page, submits and is
 * approved there, comes back and sees the profile say verified; a second tab on the page
 * hears the approval live (realtime event and alert). A player asked for new documents
 * sees the reviewer's comment on a phone. Desktop and phone screenshots.
 */

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

const badge = (page: Page, text: string) => page.locator('.verification-badge', { hasText: text });
const toast = (page: Page, title: string) => page.locator('.toast__item', { hasText: title });

/** The sandbox page's form post, as its buttons send it. */
async function decide(applicantUrl: string, decision: string, reason?: string) {
  const response = await fetch(`${applicantUrl}/${decision}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: reason === undefined ? '' : new URLSearchParams({ reason }).toString(),
    redirect: 'manual',
  });
  expect(response.status).toBe(303);
}

describe('identity verification', () => {
  it('verifies the identity in the sandbox and the profile says verified', async () => {
    const player = await registerPlayer('verification');
    const { context, page, errors } = await signedInPage(browser, player.token);
    await page.goto(`${baseUrl}/profile/verification`);
    await expect.poll(() => page.getByRole('heading', { level: 1, name: 'Verification' }).count()).toBe(1);
    await badge(page, 'Not verified').waitFor();
    expect(await page.getByText('You have not verified your identity yet.').count()).toBe(1);
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'verification-none-1440');

    // A second tab stays on the page: it hears the provider's decision over realtime.
    const watcher = await context.newPage();
    await watcher.goto(`${baseUrl}/profile/verification`);
    await badge(watcher, 'Not verified').waitFor();

    // Started by keyboard: the sandbox provider's page opens in this tab.
    await page.getByRole('button', { name: 'Start verification' }).focus();
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/api\/dev\/verification\/applicants\/[0-9a-f-]{36}$/);
    await page.getByRole('heading', { name: 'Identity verification' }).waitFor();
    expect(await page.locator('script').count()).toBe(0);
    await screenshot(page, 'verification-sandbox-1440');

    await page.getByRole('button', { name: 'Submit documents (review pending)' }).click();
    await page.getByText('Documents submitted: waiting for the review.').waitFor();
    await badge(watcher, 'In review').waitFor();

    await page.getByRole('button', { name: 'Approve' }).click();
    await page.getByText('Approved. The casino was notified by a signed webhook.').waitFor();
    await toast(watcher, 'Identity verified').waitFor();
    await badge(watcher, 'Verified').waitFor();

    // Back on the site: the profile says verified, and there is nothing left to start.
    await page.getByRole('link', { name: 'Back to the casino' }).click();
    await page.waitForURL(`${baseUrl}/profile/verification`);
    await badge(page, 'Verified').waitFor();
    expect(await page.getByText('Your identity has been verified. Nothing more is needed.').count()).toBe(1);
    expect(await page.getByRole('button', { name: /^(Start|Continue) verification$/ }).count()).toBe(0);
    const profile = await call<{ verificationStatus: string }>('GET', '/api/player/profile', { token: player.token });
    expect(profile.body.data?.verificationStatus).toBe('approved');
    await screenshot(page, 'verification-approved-1440');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows the reviewer’s comment when new documents are needed, on a phone', async () => {
    const player = await registerPlayer('verification-retry');
    const started = await call<{ url: string }>('POST', '/api/player/services/sumsub/auth', { token: player.token });
    expect(started.status).toBe(200);
    const url = started.body.data?.url ?? '';
    expect(url).toMatch(/\/api\/dev\/verification\/applicants\//);
    await decide(url, 'retry', 'The photo is blurred: upload a sharper one');

    const { context, page, errors } = await signedInPage(browser, player.token, { width: 390, height: 844 });
    await page.goto(`${baseUrl}/profile/verification`);
    await badge(page, 'Action needed').waitFor();
    await page.getByText('The photo is blurred: upload a sharper one').waitFor();
    await page.getByRole('button', { name: 'Continue verification' }).waitFor();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'verification-retry-390');

    const sandbox = await context.newPage();
    await sandbox.goto(url);
    await sandbox.getByRole('heading', { name: 'Identity verification' }).waitFor();
    await screenshot(sandbox, 'verification-sandbox-390');
    expect(errors).toEqual([]);
    await context.close();
  });
});
