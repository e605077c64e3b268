import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, registerPlayer, signedInPage } from './api';
import { launchBrowser, screenshot } from './browser';

/**
 * /profile/documents follows the server's size limit (docs/player-protection.md,
 * "Documents"): the page reads `GET /api/player/documents/settings`, names the limit in its
 * texts and refuses a larger file without sending it. The server's own limit (the default
 * here), then one the page is told by a stand-in answer.
 */

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.from('JFIF a bill')]);
const MIB = 1024 * 1024;
const uploadRow = (page: Page, typeName: string) => page.locator('.documents__upload', { hasText: typeName });

async function choose(page: Page, typeName: string, bytes: number) {
  const chooser = page.waitForEvent('filechooser');
  await uploadRow(page, typeName).getByRole('button', { name: 'Upload document' }).click();
  await (
    await chooser
  ).setFiles({
    name: 'statement.jpg',
    mimeType: 'image/jpeg',
    buffer: Buffer.concat([JPEG, Buffer.alloc(bytes - JPEG.length)]),
  });
}

/** Counts the uploads the page sends. */
function countUploads(page: Page): () => number {
  let sent = 0;
  page.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/player/documents') sent += 1;
  });
  return () => sent;
}

describe('documents size limit', () => {
  it('names the server’s limit and refuses a larger file before sending it', async () => {
    const player = await registerPlayer('documents-limit');
    const settings = await fetch(`${baseUrl}/api/player/documents/settings`, {
      headers: { authorization: `Bearer ${player.token}` },
    });
    expect(((await settings.json()) as { data: unknown }).data).toEqual({ maxFileBytes: 10 * MIB });

    const { context, page } = await signedInPage(browser, player.token);
    const uploads = countUploads(page);
    await page.goto(`${baseUrl}/profile/documents`);
    await page.getByText('HEIC, up to 10 MB.').waitFor();
    await choose(page, 'Other document', 10 * MIB + 1);
    await uploadRow(page, 'Other document')
      .getByRole('alert')
      .getByText('The file is too large. Upload a file of up to 10 MB.')
      .waitFor();
    expect(uploads()).toBe(0);
    await context.close();
  });

  it('follows a smaller configured limit', async () => {
    const player = await registerPlayer('documents-limit-small');
    const { context, page } = await signedInPage(browser, player.token);
    // As a server started with DOCUMENTS_MAX_FILE_BYTES=2097152 would answer.
    await page.route('**/api/player/documents/settings', (route) =>
      route.fulfill({ json: { data: { maxFileBytes: 2 * MIB } } }),
    );
    const uploads = countUploads(page);
    await page.goto(`${baseUrl}/profile/documents`);
    await page.getByText('HEIC, up to 2 MB.').waitFor();
    await choose(page, 'Proof of address', 3 * MIB);
    await uploadRow(page, 'Proof of address')
      .getByRole('alert')
      .getByText('The file is too large. Upload a file of up to 2 MB.')
      .waitFor();
    expect(uploads()).toBe(0);
    await screenshot(page, 'documents-limit-1440', { fullPage: false });

    // Within the limit it is sent and listed.
    await choose(page, 'Proof of address', MIB);
    await page.locator('.documents__item', { hasText: 'statement.jpg' }).getByText('Under review').waitFor();
    expect(uploads()).toBe(1);
    await context.close();
  });
});
