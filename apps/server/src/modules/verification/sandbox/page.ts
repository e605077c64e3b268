import { createHash } from 'node:crypto';
import { escapeHtml } from '../../../lib/html';
import type { SandboxApplicantRow } from './repository';

/**
 * The sandbox verification provider's page: what a player would see on the hosted
 * provider's site, reduced to the reviewer's decisions so that a tester can drive every
 * outcome. Plain HTML forms, no script; the one inline style is allowed by its hash. It
 * belongs to the (simulated) provider and exists outside production only.
 */

const STYLE = `
:root { color-scheme: light dark; --line: #8888; --muted: light-dark(#595959, #b3b3b3); --ok: light-dark(#17693a, #6fdc9c); --bad: light-dark(#a52a1f, #ff9486); --wait: light-dark(#7a5500, #f2c46d); --accent: #5a3fc9; }
* { box-sizing: border-box; }
body { margin: 0; padding: 1rem; font: 15px/1.5 system-ui, sans-serif; display: grid; place-items: center; min-height: 100vh; }
main { width: min(28rem, 100%); padding: 1.25rem; border: 1px solid var(--line); border-radius: .75rem; }
.brand { font-size: .8rem; letter-spacing: .08em; text-transform: uppercase; color: var(--muted); margin: 0; }
h1 { font-size: 1.3rem; margin: .25rem 0 1rem; }
dl { display: grid; grid-template-columns: auto 1fr; gap: .25rem 1rem; margin: 0 0 1rem; }
dt { color: var(--muted); } dd { margin: 0; overflow-wrap: anywhere; }
.status { padding: .65rem; border-radius: .5rem; border: 1px solid var(--line); margin: 0 0 1rem; }
.status.GREEN { border-color: var(--ok); color: var(--ok); } .status.RED { border-color: var(--bad); color: var(--bad); }
.status.pending { border-color: var(--wait); color: var(--wait); }
form { margin: 0 0 .6rem; display: grid; gap: .4rem; }
label { font-weight: 600; } input { font: inherit; min-height: 44px; padding: .4rem .6rem; border-radius: .5rem; border: 1px solid var(--line); }
button { width: 100%; min-height: 44px; font: inherit; font-weight: 600; padding: .6rem; border-radius: .5rem; border: 1px solid var(--line); background: transparent; color: inherit; cursor: pointer; }
.approve { background: var(--accent); border-color: var(--accent); color: #fff; } .reject { color: var(--bad); border-color: var(--bad); }
button:focus-visible, input:focus-visible, a:focus-visible { outline: 3px solid var(--accent); outline-offset: 2px; }
fieldset { border: 1px solid var(--line); border-radius: .5rem; margin: 0 0 .6rem; padding: .6rem; }
legend { padding: 0 .3rem; color: var(--muted); }
.back { display: inline-block; margin: .5rem 0 0; font-weight: 600; }
.note { color: var(--muted); font-size: .85rem; margin: 1rem 0 0; }
`;

/** The page's CSP: its own style, its forms to this origin, never framed. */
export const VERIFICATION_SANDBOX_PAGE_CSP = [
  "default-src 'none'",
  `style-src 'sha256-${createHash('sha256').update(STYLE).digest('base64')}'`,
  "form-action 'self'",
  "base-uri 'none'",
  "frame-ancestors 'none'",
].join('; ');

function statusText(applicant: SandboxApplicantRow): { className: string; text: string } {
  if (applicant.review_status === 'pending')
    return { className: 'pending', text: 'Documents submitted: waiting for the review.' };
  if (applicant.review_answer === 'GREEN')
    return { className: 'GREEN', text: 'Approved. The casino was notified by a signed webhook.' };
  if (applicant.review_answer === 'RED')
    return {
      className: 'RED',
      text: 'Not approved (rejected, or new documents asked). The casino was notified by a signed webhook.',
    };
  return { className: '', text: 'Nothing submitted yet.' };
}

export function renderApplicantPage(
  applicant: SandboxApplicantRow,
  options: { returnUrl: string; delivery?: string | undefined },
): string {
  const action = (decision: string) =>
    `/api/dev/verification/applicants/${encodeURIComponent(applicant.id)}/${decision}`;
  const status = statusText(applicant);
  const delivery = options.delivery ? `<p class="note" role="status">${escapeHtml(options.delivery)}</p>` : '';
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>Sandbox identity verification</title>
<style>${STYLE}</style>
</head>
<body>
<main>
<p class="brand">Sandbox verification provider · test mode</p>
<h1>Identity verification</h1>
<dl>
  <dt>Merchant</dt><dd>Croupier</dd>
  <dt>Applicant</dt><dd>${escapeHtml(applicant.id)}</dd>
</dl>
<p class="status ${escapeHtml(status.className)}">${escapeHtml(status.text)}</p>
<form method="post" action="${action('submit')}"><button type="submit">Submit documents (review pending)</button></form>
<form method="post" action="${action('approve')}"><button class="approve" type="submit">Approve</button></form>
<fieldset>
<legend>Reviewer's comment</legend>
<form method="post" action="${action('reject')}">
  <label for="reject-reason">Reason for the rejection</label>
  <input id="reject-reason" name="reason" required maxlength="200" value="Document is expired">
  <button class="reject" type="submit">Reject</button>
</form>
<form method="post" action="${action('retry')}">
  <label for="retry-reason">What to send again</label>
  <input id="retry-reason" name="reason" maxlength="200" value="The photo is blurred: upload a sharper one">
  <button type="submit">Ask to try again</button>
</form>
</fieldset>
${delivery}
<a class="back" href="${escapeHtml(options.returnUrl)}">Back to the casino</a>
<p class="note">No real documents are checked. This page exists outside production only.</p>
</main>
</body>
</html>`;
}
