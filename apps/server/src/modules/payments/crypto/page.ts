import { createHash } from 'node:crypto';
import { escapeHtml } from '../../../lib/html';
import type { CryptoDeposits } from './service';

/**
 * The sandbox chain's control page: "send" a transfer to a deposit address, then confirm
 * it, by hand. Plain forms, no script, the one inline style allowed by its hash. Outside
 * production only; it stands for a blockchain and its watcher, not for the casino.
 */

const STYLE = `
:root { color-scheme: light dark; --line: #8884; --muted: #777; --ok: #1f8a4c; --wait: #b07d12; }
* { box-sizing: border-box; }
body { margin: 0; padding: 1rem; font: 15px/1.5 system-ui, sans-serif; }
main { max-width: 56rem; margin: 0 auto; }
.brand { font-size: .8rem; letter-spacing: .08em; text-transform: uppercase; color: var(--muted); margin: 0; }
form.send { display: grid; gap: .5rem; grid-template-columns: 1fr; max-width: 32rem; margin: 0 0 1.5rem; }
label { display: grid; gap: .15rem; font-size: .9rem; }
input, select, button { font: inherit; padding: .5rem; border-radius: .4rem; border: 1px solid var(--line); }
button { cursor: pointer; }
table { width: 100%; border-collapse: collapse; font-size: .9rem; }
th, td { text-align: left; padding: .4rem; border-bottom: 1px solid var(--line); white-space: nowrap; }
td.id { white-space: normal; overflow-wrap: anywhere; }
.confirmed { color: var(--ok); } .pending, .broadcast { color: var(--wait); } .dropped { color: var(--muted); }
td form { display: inline-block; margin-right: .25rem; }
.note { color: var(--muted); font-size: .85rem; }
`;

export const CRYPTO_PAGE_CSP = [
  "default-src 'none'",
  `style-src 'sha256-${createHash('sha256').update(STYLE).digest('base64')}'`,
  "form-action 'self'",
  "base-uri 'none'",
  "frame-ancestors 'none'",
].join('; ');

type Transfer = Awaited<ReturnType<CryptoDeposits['recentTransfers']>>[number];
type Payout = Awaited<ReturnType<CryptoDeposits['recentPayouts']>>[number];

function payoutRow(p: Payout): string {
  const action = (outcome: 'confirm' | 'drop', label: string) =>
    `<form method="post" action="/api/dev/crypto/payouts/${encodeURIComponent(p.txId)}/${outcome}"><button type="submit">${label}</button></form>`;
  return `<tr>
  <td class="id">${escapeHtml(p.txId)}</td>
  <td class="id">${escapeHtml(p.address)}${p.tag ? ` (tag ${escapeHtml(p.tag)})` : ''}</td>
  <td>${escapeHtml(String(p.amount))} ${escapeHtml(p.currency)}</td>
  <td class="${escapeHtml(p.status)}">${escapeHtml(p.status)}</td>
  <td>${p.status === 'broadcast' ? `${action('confirm', 'Confirm')}${action('drop', 'Drop')}` : ''}</td>
</tr>`;
}

export function renderCryptoPage(options: {
  transfers: Transfer[];
  payouts: Payout[];
  currencies: string[];
  message?: string;
}): string {
  const rows = options.transfers
    .map(
      (t) => `<tr>
  <td class="id">${escapeHtml(t.txId)}</td>
  <td class="id">${escapeHtml(t.address)}</td>
  <td>${escapeHtml(String(t.amount))} ${escapeHtml(t.currency)}</td>
  <td class="${escapeHtml(t.status)}">${escapeHtml(t.status)}</td>
  <td>${
    t.status === 'pending'
      ? `<form method="post" action="/api/dev/crypto/confirm/${encodeURIComponent(t.txId)}"><button type="submit">Confirm</button></form>`
      : ''
  }</td>
</tr>`,
    )
    .join('\n');
  const currencyOptions = options.currencies
    .map((code) => `<option value="${escapeHtml(code)}">${escapeHtml(code)}</option>`)
    .join('');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>Sandbox chain — crypto deposits</title>
<style>${STYLE}</style>
</head>
<body>
<main>
<p class="brand">Sandbox chain · test mode</p>
<h1>Send a crypto deposit</h1>
${options.message ? `<p role="status">${escapeHtml(options.message)}</p>` : ''}
<form class="send" method="post" action="/api/dev/crypto/send">
  <label>Deposit address (from the wallet)<input name="address" required maxlength="128" autocomplete="off"></label>
  <label>Destination tag (XRP only)<input name="tag" inputmode="numeric" maxlength="10" autocomplete="off"></label>
  <label>Amount (major units, e.g. 0.002)<input name="amount" required inputmode="decimal" maxlength="40"></label>
  <label>Currency<select name="currency">${currencyOptions}</select></label>
  <button type="submit">Send (unconfirmed)</button>
</form>
<h2>Recent transfers</h2>
<table>
<thead><tr><th>Transaction</th><th>Address</th><th>Amount</th><th>Status</th><th></th></tr></thead>
<tbody>
${rows || '<tr><td colspan="5">None yet.</td></tr>'}
</tbody>
</table>
<h2>Withdrawal payouts</h2>
<table>
<thead><tr><th>Transaction</th><th>To</th><th>Amount</th><th>Status</th><th></th></tr></thead>
<tbody>
${options.payouts.map(payoutRow).join('\n') || '<tr><td colspan="5">None yet.</td></tr>'}
</tbody>
</table>
<p class="note">No real coins move. Sending creates a pending deposit; confirming credits it once. An approved
crypto withdrawal appears under payouts: confirming pays it, dropping returns the money to the player.</p>
</main>
</body>
</html>`;
}
