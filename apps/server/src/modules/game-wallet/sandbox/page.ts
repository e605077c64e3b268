import { createHash } from 'node:crypto';
import { escapeHtml } from '../../../lib/html';
import { ONE_CHERRY_MULTIPLIER, SYMBOLS, TRIPLE_MULTIPLIER, TWO_CHERRIES_MULTIPLIER } from './paytable';
import type { RealityCheckSummary } from '@croupier/contract';
import type { SandboxFreeRounds, SandboxSession, SpinOutcome } from './provider';

/**
 * The sandbox provider's game page, shown in the casino's game frame: what a studio's
 * game would be. Plain HTML and a form, no script; the one inline style is allowed by its
 * hash. It belongs to the (simulated) provider and exists outside production only.
 */

const STYLE = `
:root { color-scheme: light dark; --line: #8888; --muted: light-dark(#595959, #b3b3b3); --ok: light-dark(#17693a, #6fdc9c); --bad: light-dark(#a52a1f, #ff9486); --accent: #5a3fc9; }
* { box-sizing: border-box; }
body { margin: 0; padding: 1rem; font: 15px/1.5 system-ui, sans-serif; display: grid; place-items: center; min-height: 100vh; }
main { width: min(28rem, 100%); padding: 1.25rem; border: 1px solid var(--line); border-radius: .75rem; }
.brand { font-size: .8rem; letter-spacing: .08em; text-transform: uppercase; color: var(--muted); margin: 0; }
h1 { font-size: 1.3rem; margin: .25rem 0 .5rem; }
.balance { font-size: 1.2rem; font-weight: 600; margin: 0 0 1rem; font-variant-numeric: tabular-nums; }
.reels { display: grid; grid-template-columns: repeat(3, 1fr); gap: .5rem; margin: 0 0 1rem; padding: 0; list-style: none; }
.reels li { border: 1px solid var(--line); border-radius: .5rem; padding: 1rem .25rem; text-align: center; font-weight: 600; }
.result { padding: .65rem; border-radius: .5rem; border: 1px solid var(--line); margin: 0 0 1rem; }
.result.win { border-color: var(--ok); color: var(--ok); }
.result.refused { border-color: var(--bad); color: var(--bad); }
fieldset { border: 1px solid var(--line); border-radius: .5rem; margin: 0 0 .75rem; display: flex; flex-wrap: wrap; gap: 0 1rem; }
label { display: inline-flex; gap: .35rem; align-items: center; min-height: 44px; }
button { width: 100%; min-height: 44px; font: inherit; font-weight: 600; padding: .65rem; border-radius: .5rem; border: 1px solid var(--accent); background: var(--accent); color: #fff; cursor: pointer; }
button:focus-visible, input:focus-visible { outline: 3px solid var(--accent); outline-offset: 2px; }
details { margin: 1rem 0 0; } table { border-collapse: collapse; width: 100%; } td, th { text-align: left; padding: .2rem .4rem; border-bottom: 1px solid var(--line); }
.note { color: var(--muted); font-size: .85rem; margin: 1rem 0 0; }
h2 { font-size: 1rem; margin: 0 0 .5rem; } .free { border: 1px solid var(--ok); border-radius: .5rem; padding: .5rem .75rem; margin: 0 0 1rem; } .free p { margin: 0 0 .5rem; }
`;

/** The page's CSP: its own style, its form to this origin, framing by the casino's pages only. */
export const SANDBOX_GAME_PAGE_CSP = [
  "default-src 'none'",
  `style-src 'sha256-${createHash('sha256').update(STYLE).digest('base64')}'`,
  "form-action 'self'",
  "base-uri 'none'",
  "frame-ancestors 'self'",
].join('; ');

/** Minor units as a major-unit text with the currency's decimals (subunit 100 → 2 decimals). */
export function formatMinor(amountMinor: bigint, subunitToUnit: bigint): string {
  const decimals = Math.max(0, subunitToUnit.toString().length - 1);
  const negative = amountMinor < 0n;
  const digits = (negative ? -amountMinor : amountMinor).toString().padStart(decimals + 1, '0');
  const whole = digits.slice(0, digits.length - decimals);
  const fraction = decimals > 0 ? `.${digits.slice(-decimals)}` : '';
  return `${negative ? '-' : ''}${whole}${fraction}`;
}

/** What a refusal means to the player, by the casino's status. */
const REFUSALS: Partial<Record<string, string>> = {
  NOT_ENOUGH_MONEY: 'Not enough money for this stake.',
  TOKEN_EXPIRED: 'This game session has expired. Start the game again from the casino.',
  USER_DISABLED: 'Betting is not possible on this account.',
  BET_OUT_OF_LIMITS: 'This stake is outside the game limits.',
  INVALID_TOKEN: 'Unknown game session. Start the game again from the casino.',
  NO_ANSWER: 'The casino did not answer. Nothing was charged; try again.',
  FREE_ROUNDS_NOT_AVAILABLE: 'These free rounds are no longer available.',
  REALITY_CHECK: 'Reality check: the casino asks you to review your session before you play on.',
  LIMIT_REACHED: 'A limit of yours has been reached (loss, bet or session time): no more bets for now.',
};

export interface SandboxPage {
  provider: string;
  game: { identity: string; name: string };
  mode: 'real' | 'demo';
  token: string;
  session: SandboxSession;
  subunitToUnit: bigint;
  stakesMinor: bigint[];
  /** The stake checked in the form (the last one played). */
  stakeMinor: bigint;
  outcome: SpinOutcome | undefined;
  /** The player of a real-money launch (the launch hands it over). */
  playerId: string | undefined;
  /** The player's free rounds on this game, granted by the casino. */
  freeRounds: SandboxFreeRounds[];
  /** The casino's summary when it answered REALITY_CHECK to the last bet. */
  realityCheck?: RealityCheckSummary | undefined;
}

/** Seconds as "1 h 05 min", "12 min" or "less than a minute". */
export function formatPlayed(seconds: number): string {
  const minutes = Math.floor(seconds / 60);
  if (minutes < 1) return 'less than a minute';
  if (minutes < 60) return `${minutes.toString()} min`;
  return `${Math.floor(minutes / 60).toString()} h ${(minutes % 60).toString().padStart(2, '0')} min`;
}

/**
 * The reality check the casino asked for: time played and net result of the session, then
 * Continue (the casino's acknowledgement call), the casino's history, or stop.
 */
function realityCheckHtml(page: SandboxPage, launch: string): string {
  const summary = page.realityCheck;
  if (!summary || page.outcome?.status !== 'REALITY_CHECK') return '';
  const net = `${summary.netResult > 0 ? '+' : ''}${summary.netResult.toFixed(Math.max(0, page.subunitToUnit.toString().length - 1))}`;
  return `<section class="free" aria-labelledby="reality-check">
<h2 id="reality-check">Reality check</h2>
<p>You have played this session for ${escapeHtml(formatPlayed(summary.playedSeconds))}. Net result: ${escapeHtml(net)} ${escapeHtml(summary.currency)}.</p>
<form method="post" action="/api/dev/game-provider/reality-check">
${launch}<input type="hidden" name="stake" value="${Math.max(0, page.stakesMinor.indexOf(page.stakeMinor)).toString()}">
<button type="submit">Continue playing</button>
</form>
<p><a href="/profile/history" target="_top">View history</a> · <a href="/" target="_top">Stop playing</a></p>
</section>`;
}

function outcomeHtml(page: SandboxPage): string {
  const { outcome, session } = page;
  if (!outcome) return '';
  const amount = (minor: bigint) => `${formatMinor(minor, page.subunitToUnit)} ${session.currency}`;
  if (outcome.status !== 'OK' || !outcome.reels) {
    const text = REFUSALS[outcome.status] ?? `The casino refused the bet (${outcome.status}).`;
    return `<p class="result refused" role="status">${escapeHtml(text)}</p>`;
  }
  const reels = outcome.reels.map((symbol) => `<li>${escapeHtml(symbol)}</li>`).join('');
  const stake = outcome.freeRound
    ? `free round of ${amount(outcome.stakeMinor)}`
    : `stake ${amount(outcome.stakeMinor)}`;
  const text =
    outcome.winMinor > 0n ? `You won ${amount(outcome.winMinor)} (${stake}).` : `No win this time (${stake}).`;
  return (
    `<ul class="reels" aria-label="Reels">${reels}</ul>` +
    `<p class="result${outcome.winMinor > 0n ? ' win' : ''}" role="status">${escapeHtml(text)}</p>`
  );
}

export function renderSandboxGamePage(page: SandboxPage): string {
  const { session } = page;
  const sessionOk = session.status === 'OK';
  const balance = sessionOk
    ? `<p class="balance">Balance: ${escapeHtml(formatMinor(session.balanceMinor, page.subunitToUnit))} ${escapeHtml(session.currency)}</p>`
    : `<p class="result refused" role="alert">${escapeHtml(REFUSALS[session.status] ?? `The casino answered ${session.status}.`)}</p>`;
  const stakes = page.stakesMinor
    .map(
      (stake, index) =>
        `<label><input type="radio" name="stake" value="${index}"${stake === page.stakeMinor ? ' checked' : ''}> ` +
        `${escapeHtml(formatMinor(stake, page.subunitToUnit))} ${escapeHtml(session.currency)}</label>`,
    )
    .join('');
  const hidden = (name: string, value: string) => `<input type="hidden" name="${name}" value="${escapeHtml(value)}">`;
  const launch =
    hidden('token', page.token) +
    hidden('provider', page.provider) +
    hidden('game', page.game.identity) +
    hidden('mode', page.mode) +
    (page.playerId ? hidden('player', page.playerId) : '');
  const form = sessionOk
    ? `<form method="post" action="/api/dev/game-provider/spin">
${launch}
<fieldset><legend>Stake</legend>${stakes}</fieldset>
<button type="submit">Spin</button>
</form>`
    : '';
  const money = (minor: bigint) => `${formatMinor(minor, page.subunitToUnit)} ${session.currency}`;
  const freeRounds = page.freeRounds
    .map(
      (grant) => `<form method="post" action="/api/dev/game-provider/spin" class="free">
${launch}${hidden('freeRoundsId', grant.id)}
<p>${grant.roundsLeft.toString()} free rounds of ${escapeHtml(money(grant.betMinor))}${grant.expiresAt ? ` until ${escapeHtml(grant.expiresAt.toISOString().slice(0, 16).replace('T', ' '))} UTC` : ''}</p>
<button type="submit">Play a free round</button>
</form>`,
    )
    .join('');
  const freeSection = freeRounds
    ? `<section aria-labelledby="free-rounds"><h2 id="free-rounds">Free rounds from the casino</h2>${freeRounds}</section>`
    : '';
  const rows = SYMBOLS.map(
    (symbol) => `<tr><td>3 × ${escapeHtml(symbol)}</td><td>${TRIPLE_MULTIPLIER[symbol].toString()}×</td></tr>`,
  ).join('');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(page.game.name)} — sandbox game</title>
<style>${STYLE}</style>
</head>
<body>
<main>
<p class="brand">Sandbox game provider · ${escapeHtml(page.provider)} · ${page.mode === 'demo' ? 'Demo' : 'Real money'}</p>
<h1>${escapeHtml(page.game.name)}</h1>
${balance}
${outcomeHtml(page)}
${realityCheckHtml(page, launch)}
${freeSection}
${form}
<details><summary>Paytable</summary>
<table><thead><tr><th scope="col">Line</th><th scope="col">Pays</th></tr></thead><tbody>${rows}
<tr><td>2 × Cherry</td><td>${TWO_CHERRIES_MULTIPLIER.toString()}×</td></tr>
<tr><td>1 × Cherry</td><td>${ONE_CHERRY_MULTIPLIER.toString()}×</td></tr></tbody></table>
</details>
<p class="note">Development sandbox: every spin is a bet, a win and an end of round sent to the casino's wallet callbacks over signed HTTP, as a real provider does. A free round is a win naming the casino's grant, with no bet.</p>
</main>
</body>
</html>`;
}
