import fs from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

/** Debian's Chromium, started the way this machine allows (no sandbox, no background network). */
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export const artifactsDir = path.resolve(import.meta.dirname, '../../artifacts');

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM, headless: true, args: FLAGS });
}

export async function newPage(
  browser: Browser,
  options: { width?: number; height?: number; locale?: string; extraHTTPHeaders?: Record<string, string> } = {},
): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const context = await browser.newContext({
    viewport: { width: options.width ?? 1440, height: options.height ?? 900 },
    locale: options.locale ?? 'en-US',
    ...(options.extraHTTPHeaders ? { extraHTTPHeaders: options.extraHTTPHeaders } : {}),
  });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  return { context, page, errors };
}

/** The whole page, or with `fullPage: false` the viewport (a fixed modal over the page). */
export async function screenshot(page: Page, name: string, options: { fullPage?: boolean } = {}): Promise<string> {
  const file = path.join(artifactsDir, 'screenshots', `${name}.png`);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  await page.screenshot({ path: file, fullPage: options.fullPage ?? true });
  return file;
}

/** A modal of the site by its name (`data-modal-name`). */
export const dialog = (page: Page, name: string) => page.locator(`[role="dialog"][data-modal-name="${name}"]`);

/** The realtime subscriptions a page asks for and the gateway's replies, from its websocket frames. */
export function recordSubscriptions(page: Page) {
  const asked: string[] = [];
  let confirmed = 0;
  page.on('websocket', (socket) => {
    if (!socket.url().endsWith('/api/connection/websocket')) return;
    const lines = (payload: string | Buffer) =>
      String(payload)
        .split('\n')
        .filter((line) => line.trim() !== '')
        .map((line) => JSON.parse(line) as { subscribe?: { channel?: string } });
    socket.on('framesent', (frame) => {
      for (const command of lines(frame.payload)) if (command.subscribe?.channel) asked.push(command.subscribe.channel);
    });
    socket.on('framereceived', (frame) => {
      confirmed += lines(frame.payload).filter((reply) => 'subscribe' in reply).length;
    });
  });
  return { ready: (channel: string) => asked.includes(channel) && confirmed >= asked.length };
}
