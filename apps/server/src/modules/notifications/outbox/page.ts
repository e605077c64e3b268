import { createHash } from 'node:crypto';
import type { DevOutboxMessage, PaginationMeta } from '@croupier/contract';
import { escapeHtml } from '../../../lib/html';

/**
 * The dev outbox as a page for people (GET /dev/outbox): what the e-mail and SMS
 * sandboxes "sent", newest first, with one-time codes and links picked out of the text
 * so that a registration or a password reset can be followed by hand. Plain HTML, no
 * script; every value from the database is escaped.
 */

export interface OutboxPageInput {
  messages: readonly DevOutboxMessage[];
  meta: PaginationMeta;
  filter: { channel?: 'email' | 'sms' | undefined; to?: string | undefined };
}

export { escapeHtml };

/** Six-digit one-time codes standing alone in a text (not part of a longer number). */
export function findCodes(text: string): string[] {
  return [...new Set(text.match(/(?<![\d+])\d{6}(?!\d)/g) ?? [])];
}

/** http(s) addresses in a text, without trailing punctuation. */
export function findLinks(text: string): string[] {
  const found = (text.match(/https?:\/\/[^\s<>"'`]+/g) ?? []).map((link) => link.replace(/[.,;:!?)\]]+$/, ''));
  return [
    ...new Set(
      found.filter((link) => {
        try {
          const url = new URL(link);
          return url.protocol === 'http:' || url.protocol === 'https:';
        } catch {
          return false;
        }
      }),
    ),
  ];
}

const STYLE = `
:root { color-scheme: light dark; --line: #8886; --muted: #555; --accent: #1f5fd6; }
@media (prefers-color-scheme: dark) { :root { --muted: #b0b0b0; --accent: #8cb4ff; } }
* { box-sizing: border-box; }
body { margin: 0; font: 15px/1.5 system-ui, sans-serif; }
header, main { max-width: 60rem; margin: 0 auto; padding: 1rem; }
h1 { font-size: 1.4rem; margin: 0 0 .25rem; }
header p { margin: 0 0 1rem; color: var(--muted); }
form { display: flex; flex-wrap: wrap; gap: .75rem; align-items: end; }
label { display: grid; gap: .2rem; font-size: .85rem; }
input, select, button { font: inherit; padding: .4rem .6rem; border: 1px solid var(--line); border-radius: .4rem; }
input { min-width: 16rem; }
button { cursor: pointer; }
.summary { color: var(--muted); margin: 0 0 .75rem; }
ol { list-style: none; margin: 0; padding: 0; display: grid; gap: .75rem; }
article { border: 1px solid var(--line); border-radius: .6rem; padding: .75rem 1rem; overflow-wrap: anywhere; }
.meta { display: flex; flex-wrap: wrap; gap: .25rem 1rem; font-size: .85rem; color: var(--muted); }
.channel { font-weight: 700; text-transform: uppercase; }
h2 { font-size: 1.05rem; margin: .35rem 0; }
.code { font: 700 1.6rem/1.2 ui-monospace, monospace; letter-spacing: .15em; user-select: all; cursor: text;
  padding: .1rem .5rem; border: 1px dashed var(--accent); border-radius: .4rem; }
.links { margin: .5rem 0; padding-left: 1.2rem; }
.links a { color: var(--accent); }
pre { white-space: pre-wrap; margin: .5rem 0 0; font: .9rem/1.45 ui-monospace, monospace; }
details { margin-top: .5rem; font-size: .85rem; }
nav { display: flex; gap: 1rem; margin-top: 1rem; }
.empty { padding: 2rem 0; color: var(--muted); }
`;

/** The page's one inline style, allowed by its hash (the site's CSP allows no inline code). */
export const OUTBOX_PAGE_CSP = [
  "default-src 'none'",
  `style-src 'sha256-${createHash('sha256').update(STYLE).digest('base64')}'`,
  "form-action 'self'",
  "base-uri 'none'",
  "frame-ancestors 'none'",
].join('; ');

function pageHref(filter: OutboxPageInput['filter'], page: number): string {
  const query = new URLSearchParams();
  if (filter.channel) query.set('channel', filter.channel);
  if (filter.to) query.set('to', filter.to);
  if (page > 1) query.set('page', String(page));
  const text = query.toString();
  return `/dev/outbox${text ? `?${text}` : ''}`;
}

function renderMessage(message: DevOutboxMessage): string {
  const codes = message.channel === 'sms' || message.category.startsWith('otp.') ? findCodes(message.text) : [];
  const links = findLinks(message.text);
  const title = message.subject ?? (message.channel === 'sms' ? 'SMS' : '(no subject)');
  return `<li><article data-channel="${escapeHtml(message.channel)}" data-to="${escapeHtml(message.to)}">
<div class="meta"><span class="channel">${escapeHtml(message.channel)}</span>
<span>to <strong class="to">${escapeHtml(message.channel === 'sms' ? `+${message.to}` : message.to)}</strong></span>
<time datetime="${escapeHtml(message.createdAt)}">${escapeHtml(message.createdAt.replace('T', ' ').replace(/\.\d+Z$/, ' UTC'))}</time>
<span>${escapeHtml(message.category)}</span></div>
<h2>${escapeHtml(title)}</h2>
${codes.map((code) => `<p>Code: <output class="code" title="Click to select">${escapeHtml(code)}</output></p>`).join('\n')}
${links.length > 0 ? `<ul class="links">${links.map((link) => `<li><a href="${escapeHtml(link)}" rel="noreferrer">${escapeHtml(link)}</a></li>`).join('')}</ul>` : ''}
<pre class="body">${escapeHtml(message.text)}</pre>
${message.replyTo ? `<p class="meta">Reply to ${escapeHtml(message.replyTo)}</p>` : ''}
${message.html ? `<details><summary>HTML version (source)</summary><pre>${escapeHtml(message.html)}</pre></details>` : ''}
</article></li>`;
}

export function renderOutboxPage(input: OutboxPageInput): string {
  const { messages, meta, filter } = input;
  const option = (value: string, label: string) =>
    `<option value="${value}"${(filter.channel ?? '') === value ? ' selected' : ''}>${label}</option>`;
  const list =
    messages.length > 0
      ? `<ol>${messages.map(renderMessage).join('\n')}</ol>`
      : '<p class="empty">No messages yet. Codes and e-mails the site sends appear here.</p>';
  const pager = [
    meta.page > 1 ? `<a href="${escapeHtml(pageHref(filter, meta.page - 1))}" rel="prev">Newer</a>` : '',
    meta.page < meta.totalPages ? `<a href="${escapeHtml(pageHref(filter, meta.page + 1))}" rel="next">Older</a>` : '',
  ].join('');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>Dev outbox</title>
<style>${STYLE}</style>
</head>
<body>
<header>
<h1>Dev outbox</h1>
<p>E-mails and SMS the site would have sent (development only). Newest first; reload for new ones.</p>
<form method="get" action="/dev/outbox" role="search">
<label>Channel <select name="channel">${option('', 'All')}${option('email', 'E-mail')}${option('sms', 'SMS')}</select></label>
<label>Recipient <input name="to" type="search" value="${escapeHtml(filter.to ?? '')}" placeholder="e-mail or phone digits"></label>
<button type="submit">Filter</button>
<a href="/dev/outbox">Clear</a>
</form>
</header>
<main>
<p class="summary">${meta.totalRows} ${meta.totalRows === 1 ? 'message' : 'messages'}${meta.totalPages > 1 ? `, page ${meta.page} of ${meta.totalPages}` : ''}</p>
${list}
${pager ? `<nav>${pager}</nav>` : ''}
</main>
</body>
</html>
`;
}
