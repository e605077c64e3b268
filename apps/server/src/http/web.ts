import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyRequest } from 'fastify';

/**
 * Serves the built web app: hashed assets cached for a year, everything else
 * revalidated, and pre-compressed .br/.gz files when the browser accepts them. Page
 * routes get index.html from the not-found handler (see app.ts).
 */
export function isWebAppBuilt(distDir: string): boolean {
  return fs.existsSync(path.join(distDir, 'index.html'));
}

export async function registerWebApp(app: FastifyInstance, distDir: string): Promise<void> {
  await app.register(fastifyStatic, {
    root: distDir,
    wildcard: false,
    preCompressed: true,
    cacheControl: false,
    index: false,
    setHeaders(res, filePath) {
      const relative = path.relative(distDir, filePath);
      res.setHeader(
        'cache-control',
        relative.startsWith(`assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
      );
    },
  });
}

/**
 * True for a call of the API (`/api/…`). Everything else is the web app (its files and page
 * loads): cheap to serve, many per page view, and kept outside the per-address rate limit.
 */
export function isApiRequest(request: FastifyRequest): boolean {
  return request.url.startsWith('/api/');
}

/** The websocket origin of the site's own address: `https://x` gives `wss://x`, `http://x:3000` gives `ws://x:3000`. */
export function websocketOriginOf(siteUrl: string): string {
  const url = new URL(siteUrl);
  return `${url.protocol === 'https:' ? 'wss:' : 'ws:'}//${url.host}`;
}

/** True for a page request that the SPA should answer (not an API call or a file). */
export function wantsSpaPage(request: FastifyRequest): boolean {
  const urlPath = request.url.split('?')[0] ?? '/';
  const accept = request.headers.accept ?? '';
  return (
    (request.method === 'GET' || request.method === 'HEAD') &&
    !urlPath.startsWith('/api/') &&
    // Development pages of the server (the dev outbox): a 404 where they are off, never the SPA.
    !(urlPath === '/dev' || urlPath.startsWith('/dev/')) &&
    !/\.[a-z0-9]{1,8}$/i.test(urlPath) &&
    // A client that asks for JSON only gets the JSON 404; browsers, crawlers and curl get the page.
    !(accept.includes('application/json') && !accept.includes('text/html'))
  );
}

/** The in-house game frame (`/play/{identity}`) is its own page, play.html (see apps/web/play.html). */
export function spaPageFile(request: FastifyRequest): 'play.html' | 'index.html' {
  const urlPath = request.url.split('?')[0] ?? '/';
  return urlPath.startsWith('/play/') ? 'play.html' : 'index.html';
}

/** A Content-Security-Policy header value from helmet-style directives (`frameAncestors` → `frame-ancestors`). */
export function cspHeaderOf(directives: Record<string, readonly string[]>): string {
  return Object.entries(directives)
    .map(([name, sources]) => [name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`), ...sources].join(' '))
    .join(';');
}
