import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from './a11y';
import { ADMIN_KEY, baseUrl, browserToken, registerPlayer, signedInPage } from './api';
import { launchBrowser, screenshot } from './browser';

/**
 * /profile/documents (docs/player-protection.md, "Documents"): a player uploads a passport
 * page, the operator approves it through the operator API and the page shows it approved
 * at once (realtime event and alert); a text file named .png is refused before it is
 * sent; a pending document is deleted after its confirmation, by keyboard. Desktop and
 * phone screenshots.
 */

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.from('JFIF a passport page')]);
const PDF = Buffer.from('%PDF-1.7\n%%EOF\n');

const toast = (page: Page, title: string) => page.locator('.toast__item', { hasText: title });
const uploadRow = (page: Page, typeName: string) => page.locator('.documents__upload', { hasText: typeName });
const item = (page: Page, fileName: string) => page.locator('.documents__item', { hasText: fileName });

async function choose(page: Page, typeName: string, file: { name: string; mimeType: string; buffer: Buffer }) {
  const chooser = page.waitForEvent('filechooser');
  await uploadRow(page, typeName).getByRole('button', { name: 'Upload document' }).click();
  await (await chooser).setFiles(file);
}

async function operator(method: 'GET' | 'POST', path: string, body?: unknown) {
  const response = await fetch(`${baseUrl}${path}`, {
    method,
    headers: { 'x-admin-key': ADMIN_KEY, accept: 'application/json', 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  expect(response.status, path).toBe(200);
  return (await response.json()) as { data: unknown };
}

describe('documents page', () => {
  it('uploads a document and shows the operator’s approval live', async () => {
    const player = await registerPlayer('documents');
    const { context, page, errors } = await signedInPage(browser, player.token);
    await page.goto(`${baseUrl}/profile/documents`);
    await expect.poll(() => page.getByRole('heading', { level: 1, name: 'Documents' }).count()).toBe(1);
    await expect.poll(() => page.getByText('You have not uploaded any documents yet.').count()).toBe(1);
    for (const title of ['Passport or ID card', 'Selfie with your ID', 'Proof of address', 'Payment method']) {
      expect(await page.getByRole('heading', { level: 2, name: title }).count(), title).toBe(1);
    }

    // Passport front: sent, then listed as under review.
    await choose(page, 'ID document (front)', { name: 'passport.jpg', mimeType: 'image/jpeg', buffer: JPEG });
    await toast(page, 'Document uploaded').waitFor();
    await item(page, 'passport.jpg').getByText('Under review').waitFor();

    // A text file named .png never leaves the browser.
    await choose(page, 'Proof of address', {
      name: 'bill.png',
      mimeType: 'image/png',
      buffer: Buffer.from('not an image at all'),
    });
    await uploadRow(page, 'Proof of address')
      .getByRole('alert')
      .getByText(/file type is not accepted/)
      .waitFor();

    // A file over the limit is refused before it is sent.
    await choose(page, 'Other document', {
      name: 'huge.jpg',
      mimeType: 'image/jpeg',
      buffer: Buffer.concat([JPEG, Buffer.alloc(11 * 1024 * 1024)]),
    });
    await uploadRow(page, 'Other document')
      .getByRole('alert')
      .getByText(/too large/)
      .waitFor();

    // On a slow line the upload shows its progress.
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 50,
      downloadThroughput: -1,
      uploadThroughput: 256 * 1024,
    });
    await choose(page, 'Other document', {
      name: 'statement.jpg',
      mimeType: 'image/jpeg',
      buffer: Buffer.concat([JPEG, Buffer.alloc(1024 * 1024)]),
    });
    const progress = uploadRow(page, 'Other document').getByRole('progressbar');
    await progress.waitFor();
    await expect.poll(async () => Number(await progress.getAttribute('value')), { timeout: 10_000 }).toBeGreaterThan(0);
    await screenshot(page, 'documents-progress-1440', { fullPage: false });
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });
    await item(page, 'statement.jpg').getByText('Under review').waitFor({ timeout: 20_000 });

    // The operator approves it: the page follows without a reload.
    const { data } = await operator('GET', `/api/admin/documents?status=2&playerId=${player.id}`);
    const pending = (data as { id: string; fileName: string }[]).find((d) => d.fileName === 'passport.jpg');
    expect(pending).toBeDefined();
    await operator('POST', `/api/admin/documents/${pending?.id ?? ''}/approve`);
    await toast(page, 'Document approved').waitFor();
    await item(page, 'passport.jpg').getByText('Approved').waitFor();
    expect(await item(page, 'passport.jpg').getByRole('button', { name: 'Delete' }).count()).toBe(0);

    // A payment card's back side as a PDF, then deleted by keyboard after the confirmation.
    await choose(page, 'Payment method (back)', { name: 'card-back.pdf', mimeType: 'application/pdf', buffer: PDF });
    const card = item(page, 'card-back.pdf');
    await card.getByText('Under review').waitFor();
    await card.getByRole('button', { name: 'Delete' }).focus();
    await page.keyboard.press('Enter');
    await card.getByText('Delete this document?').waitFor();
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Delete');
    await page.keyboard.press('Enter');
    await toast(page, 'Document deleted').waitFor();
    await expect.poll(() => card.count()).toBe(0);

    // A rejection shows its reason.
    await choose(page, 'Selfie with ID document', { name: 'selfie.jpg', mimeType: 'image/jpeg', buffer: JPEG });
    await item(page, 'selfie.jpg').getByText('Under review').waitFor();
    const queue = (await operator('GET', `/api/admin/documents?status=2&playerId=${player.id}`)).data as {
      id: string;
      fileName: string;
    }[];
    const selfie = queue.find((d) => d.fileName === 'selfie.jpg');
    await operator('POST', `/api/admin/documents/${selfie?.id ?? ''}/reject`, { reason: 'Your face is not visible.' });
    await toast(page, 'Document declined').waitFor();
    await item(page, 'selfie.jpg').getByText('Reason: Your face is not visible.').waitFor();

    await page.waitForTimeout(5500); // the toasts go
    const violations = await seriousViolations(page);
    expect(violations, JSON.stringify(violations, null, 2)).toEqual([]);
    await screenshot(page, 'documents-1440');
    expect(errors).toEqual([]);

    // The same page on a phone.
    const phone = await signedInPage(browser, await browserToken(context), { width: 390, height: 844 });
    await context.close();
    await phone.page.goto(`${baseUrl}/profile/documents`);
    await item(phone.page, 'selfie.jpg').waitFor();
    const widths = await phone.page.evaluate(() => ({
      page: document.documentElement.scrollWidth,
      viewport: window.innerWidth,
    }));
    expect(widths.page).toBeLessThanOrEqual(widths.viewport);
    await screenshot(phone.page, 'documents-390');
    expect(phone.errors).toEqual([]);
    await phone.context.close();
  });
});
