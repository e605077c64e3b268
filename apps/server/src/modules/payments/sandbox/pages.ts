import { createHash } from 'node:crypto';
import { escapeHtml } from '../../../lib/html';
import type { SandboxPaymentRow } from './repository';

/**
 * The sandbox provider's hosted payment page: what a payer sees on a PSP's site (in a
 * window, in an iframe, after scanning a QR, or as the bank-transfer simulator). Plain
 * HTML forms, no script; the one inline style is allowed by its hash. This page belongs
 * to the (simulated) provider, not to the casino, and exists outside production only.
 */

const STYLE = `
:root { color-scheme: light dark; --line: #8884; --muted: #777; --ok: #1f8a4c; --bad: #c0392b; --wait: #b07d12; }
* { box-sizing: border-box; }
body { margin: 0; padding: 1rem; font: 15px/1.5 system-ui, sans-serif; display: grid; place-items: center; min-height: 100vh; }
main { width: min(26rem, 100%); padding: 1.5rem; border: 1px solid var(--line); border-radius: .75rem; }
.brand { font-size: .8rem; letter-spacing: .08em; text-transform: uppercase; color: var(--muted); margin: 0; }
h1 { font-size: 1.3rem; margin: .25rem 0 1rem; }
dl { display: grid; grid-template-columns: auto 1fr; gap: .25rem 1rem; margin: 0 0 1.25rem; }
dt { color: var(--muted); } dd { margin: 0; font-variant-numeric: tabular-nums; overflow-wrap: anywhere; }
.amount { font-size: 1.6rem; font-weight: 600; margin: 0 0 1rem; }
form { margin: 0; } .actions { display: grid; gap: .5rem; }
button { width: 100%; font: inherit; padding: .65rem; border-radius: .5rem; border: 1px solid var(--line); cursor: pointer; }
.pay { background: var(--ok); color: #fff; border-color: var(--ok); }
.fail { background: transparent; color: var(--bad); border-color: var(--bad); }
.wait { background: transparent; }
.status { padding: .75rem; border-radius: .5rem; border: 1px solid var(--line); margin: 0 0 1rem; }
.status.succeeded { border-color: var(--ok); color: var(--ok); }
.status.failed { border-color: var(--bad); color: var(--bad); }
.status.pending { border-color: var(--wait); color: var(--wait); }
.note { color: var(--muted); font-size: .85rem; margin: 1rem 0 0; }
`;

/** The page's CSP: its own style, forms to this origin, framing by the casino's pages only. */
export const SANDBOX_PAGE_CSP = [
  "default-src 'none'",
  `style-src 'sha256-${createHash('sha256').update(STYLE).digest('base64')}'`,
  "form-action 'self'",
  "base-uri 'none'",
  "frame-ancestors 'self'",
].join('; ');

const TITLES: Record<string, string> = {
  form: 'Card payment',
  iframe: 'Card payment',
  qr: 'Scan-to-pay payment',
  message: 'Bank transfer simulator',
  asyncRedirect: 'E-wallet payment',
};

const STATUS_TEXT: Record<SandboxPaymentRow['status'], string> = {
  open: 'Waiting for the payer.',
  pending: 'Left pending: the merchant has not been told anything yet. You can still pay or fail it here.',
  succeeded: 'Paid. The merchant was notified by a signed webhook.',
  failed: 'Failed. The merchant was notified by a signed webhook.',
};

export function renderPaymentPage(payment: SandboxPaymentRow, options: { view: string; delivery?: string }): string {
  const open = payment.status === 'open' || payment.status === 'pending';
  const view = options.view === 'embedded' ? 'embedded' : 'window';
  const action = (choice: string) =>
    `/api/dev/psp/payments/${encodeURIComponent(payment.id)}/${choice}?view=${encodeURIComponent(view)}`;
  const isTransfer = payment.processing_type === 'message';
  const buttons = open
    ? `<div class="actions">
  <form method="post" action="${action('succeed')}"><button class="pay" type="submit">${isTransfer ? 'Simulate the transfer arriving' : 'Pay'}</button></form>
  <form method="post" action="${action('fail')}"><button class="fail" type="submit">${isTransfer ? 'Simulate a returned transfer' : 'Fail the payment'}</button></form>
  ${payment.status === 'open' ? `<form method="post" action="${action('pending')}"><button class="wait" type="submit">Leave pending</button></form>` : ''}
</div>`
    : '';
  const delivery = options.delivery ? `<p class="note">${escapeHtml(options.delivery)}</p>` : '';
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>Sandbox PSP — ${escapeHtml(TITLES[payment.processing_type] ?? 'Payment')}</title>
<style>${STYLE}</style>
</head>
<body>
<main>
<p class="brand">Sandbox payment provider · test mode</p>
<h1>${escapeHtml(TITLES[payment.processing_type] ?? 'Payment')}</h1>
<p class="amount">${escapeHtml(payment.amount_text)} ${escapeHtml(payment.currency)}</p>
<dl>
  <dt>Merchant</dt><dd>Croupier</dd>
  <dt>Reference</dt><dd>${escapeHtml(payment.merchant_reference)}</dd>
  <dt>Payment</dt><dd>${escapeHtml(payment.id)}</dd>
</dl>
<p class="status ${escapeHtml(payment.status)}" role="status">${escapeHtml(STATUS_TEXT[payment.status])}</p>
${buttons}
${delivery}
<p class="note">No real money moves. This page exists outside production only.</p>
</main>
</body>
</html>`;
}
