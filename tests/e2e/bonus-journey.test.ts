import type { Browser, BrowserContext, FrameLocator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from './a11y';
import { ADMIN_KEY, baseUrl, browserToken, call, PASSWORD, run } from './api';
import { dialog, launchBrowser, newPage, recordSubscriptions, screenshot } from './browser';

/**
 * A bonus from sign-up to withdrawal, in the browser (docs/bonuses.md): the operator makes a
 * registration code (2 USD) and a deposit bonus for this run (100 % of the deposit, 1× wager,
 * max bet 5 USD). A new player signs up with the code behind the promo toggle (its bonus is
 * issued), deposits 20 USD by card choosing that bonus in the wallet's picker (20 USD, active,
 * 20 USD to wager), plays Fruit Fiesta and Dice in the game page's frame while another tab on
 * /profile/bonuses follows the wagered amount live, sees the bonus played into real money in
 * the history, and withdraws by card without a forfeit warning.
 */

let browser: Browser;

interface Account {
  currency: string;
  balance: number;
  realBalance: number;
  lockedBalance: number;
  bonusBalance: number;
  withdrawalBalance: number;
}

interface PlayerBonus {
  id: string;
  name: string;
  status: number;
  result: number;
  amount: number;
  currentWagerCasinoAmount?: number;
}

interface RoundAnswer {
  round: { amount: number; payout: number };
  balance: number;
}

/** Catalogue bonuses and codes this run made, paused at the end: later files see the seeded offers only. */
const made: {
  bonuses: { id: string; body: Record<string, unknown> }[];
  codes: { id: string; body: Record<string, unknown> }[];
} = {
  bonuses: [],
  codes: [],
};

async function operator<T>(method: string, path: string, body: unknown): Promise<T> {
  const response = await fetch(`${baseUrl}${path}`, {
    method,
    headers: { 'x-admin-key': ADMIN_KEY, 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  expect(response.status, text).toBeLessThan(300);
  return (JSON.parse(text) as { data: T }).data;
}

const SIGN_UP_NAME = `Journey sign-up ${run}`;
const DEPOSIT_NAME = `Journey deposit ${run}`;
const CODE = `JOURNEY-${run}`;
/**
 * 100 % of a 20 USD deposit, wagered 1×: 20 USD, as much as the deposit's turn-over (1×), so
 * the same round meets both. The stakes (2 × 2.50 in the slot, 3 × 5 in dice) add up to it and
 * can lose at most 20 of the 40 USD: whatever the reels and dice do, the 20 USD withdrawal fits.
 */
const DEPOSIT = 20;
const BONUS = 20;
const WAGER_TOTAL = 20;

let depositBonusId = '';

beforeAll(async () => {
  browser = await launchBrowser();
  const signUpBody = {
    name: SIGN_UP_NAME,
    type: 1,
    trigger: 'registration',
    amounts: [{ currency: 'USD', amount: 2 }],
    wagerCasino: 10,
  };
  const signUp = await operator<{ id: string }>('POST', '/api/admin/bonuses', signUpBody);
  made.bonuses.push({ id: signUp.id, body: signUpBody });
  const codeBody = { code: CODE, bonusId: signUp.id };
  const code = await operator<{ id: string }>('POST', '/api/admin/bonus-codes', codeBody);
  made.codes.push({ id: code.id, body: codeBody });
  const depositBody = {
    name: DEPOSIT_NAME,
    type: 2,
    trigger: 'deposit',
    depositPercentage: 100,
    maxAmounts: [{ currency: 'USD', amount: 50 }],
    depositRanges: [{ currency: 'USD', amountFrom: 10 }],
    wagerCasino: 1,
    betRanges: [{ currency: 'USD', amountTo: 5 }],
  };
  const deposit = await operator<{ id: string }>('POST', '/api/admin/bonuses', depositBody);
  made.bonuses.push({ id: deposit.id, body: depositBody });
  depositBonusId = deposit.id;
});

afterAll(async () => {
  for (const { id, body } of made.codes) await operator('PUT', `/api/admin/bonus-codes/${id}`, { ...body, status: 2 });
  for (const { id, body } of made.bonuses) await operator('PUT', `/api/admin/bonuses/${id}`, { ...body, status: 2 });
  await browser.close();
});

async function playerBonuses(context: BrowserContext): Promise<PlayerBonus[]> {
  const answer = await call<PlayerBonus[]>('GET', '/api/game/player-bonuses?perPage=50', {
    token: await browserToken(context),
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.data ?? [];
}

async function usdAccount(context: BrowserContext): Promise<Account> {
  const answer = await call<Account[]>('GET', '/api/wallet/accounts', { token: await browserToken(context) });
  const usd = answer.body.data?.find((item) => item.currency === 'USD');
  if (!usd) throw new Error(`no USD account: ${JSON.stringify(answer.body)}`);
  return usd;
}

const money = (amount: number) => `${amount.toFixed(2)} USD`;

/** Opens the game's page, starts it for real money and answers its frame once Play is there. */
async function openGame(page: Page, identity: string): Promise<FrameLocator> {
  await page.goto(`${baseUrl}/games/${identity}`);
  await page.getByTestId('game-play').click();
  await expect.poll(() => page.getByTestId('game-stage').getAttribute('data-mode')).toBe('real');
  const frame = page.frameLocator('[data-testid="game-frame"]');
  await frame.getByTestId('play-button').waitFor({ timeout: 20_000 });
  return frame;
}

/** One round by the frame's Play button: the server's answer, once the frame can play again. */
async function playRound(page: Page, frame: FrameLocator): Promise<RoundAnswer> {
  const answered = page.waitForResponse(
    (response) =>
      response.request().method() === 'POST' && /\/api\/game\/originals\/(slot|dice)\/rounds$/.test(response.url()),
  );
  await frame.getByTestId('play-button').click();
  const response = await answered;
  const body = (await response.json()) as { data?: RoundAnswer };
  expect(response.status(), JSON.stringify(body)).toBe(200);
  if (!body.data) throw new Error('no round');
  await expect.poll(() => frame.getByTestId('play-button').isEnabled()).toBe(true);
  return body.data;
}

describe('bonus journey', () => {
  it('signs up with a promo code, deposits with a bonus, wagers it live in the slot and dice, and withdraws the converted money', async () => {
    const { context, page, errors } = await newPage(browser);
    await context.addInitScript(() => localStorage.setItem('cookies-accepted', 'true'));

    // 2. Sign-up by e-mail, the promo code behind its toggle.
    await page.goto(`${baseUrl}/?sign-up=true`);
    const signUp = dialog(page, 'sign-up');
    await signUp.waitFor();
    await signUp.getByRole('tab', { name: 'E-mail', exact: true }).click();
    await signUp.getByRole('textbox', { name: 'E-mail', exact: true }).fill(`journey.${run}@example.com`);
    await signUp.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await signUp.getByLabel('Confirm password', { exact: true }).fill(PASSWORD);
    const toggle = signUp.getByRole('button', { name: 'Referral/Promo Code (Optional)' });
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    await toggle.click();
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');
    // Typed in lower case: codes are compared without regard to case.
    await signUp.getByLabel('Bonus code', { exact: true }).fill(CODE.toLowerCase());
    await signUp.getByRole('checkbox', { name: /at least 18 years old/ }).check();
    const submit = signUp.getByRole('button', { name: 'Sign up', exact: true });
    await expect.poll(() => submit.isEnabled()).toBe(true);
    await screenshot(page, 'bonus-journey-sign-up', { fullPage: false });
    const registered = page.waitForResponse((response) => response.url().endsWith('/api/player/register'));
    await submit.click();
    const registration = await registered;
    expect(registration.request().postDataJSON()).toMatchObject({ bonusCode: CODE.toLowerCase() });
    expect(registration.status()).toBe(200);
    const playerId = ((await registration.json()) as { data: { profile: { id: string } } }).data.profile.id;

    // The site knows no visitor country here, so the account is in the base currency, USD;
    // the code's bonus is issued in it (to activate).
    expect((await usdAccount(context)).bonusBalance).toBe(0);
    await expect
      .poll(async () => (await playerBonuses(context)).map(({ name, status, amount }) => ({ name, status, amount })))
      .toEqual([{ name: SIGN_UP_NAME, status: 1, amount: 2 }]);

    // 3. The wallet opens on the deposit after sign-up: card, 20 USD, this run's bonus in the picker.
    const wallet = dialog(page, 'wallet');
    await wallet.waitFor({ timeout: 15_000 });
    await wallet.locator('[data-method="sandbox.card"]').click();
    await wallet.getByLabel('Amount (USD)').fill(String(DEPOSIT));
    const picker = wallet.getByTestId('bonus-picker');
    // The list for the amount has loaded once the picker has chosen its default (the welcome step).
    await expect.poll(() => picker.locator('.bonus-offer[data-package] input').isChecked()).toBe(true);
    const offer = picker.locator(`.bonus-offer[data-bonus-id="${depositBonusId}"]`);
    expect(await offer.textContent()).toContain(DEPOSIT_NAME);
    expect(await offer.textContent()).toContain('Wager 1×');
    expect(await offer.textContent()).toContain('Max. bet 5.00 USD');
    await offer.locator('label').click();
    await expect.poll(() => offer.locator('input').isChecked()).toBe(true);
    await offer.scrollIntoViewIfNeeded();
    await screenshot(page, 'bonus-journey-picker', { fullPage: false });
    const sent = page.waitForRequest((request) => request.url().endsWith('/api/payment/invoices/deposit'));
    const [popup] = await Promise.all([
      context.waitForEvent('page'),
      wallet.getByRole('button', { name: new RegExp(`^Deposit ${DEPOSIT}`) }).click(),
    ]);
    expect((await sent).postDataJSON()).toMatchObject({ bonusId: depositBonusId, isBonusDecline: false });
    await popup.waitForURL(/\/api\/dev\/psp\/payments\//);
    await popup.getByRole('button', { name: 'Pay', exact: true }).click();
    await dialog(page, 'deposit-success').waitFor({ timeout: 20_000 });
    await popup.close();

    // The bonus is active on /profile/bonuses, in another tab of the same session that stays open.
    const tab = await context.newPage();
    tab.on('pageerror', (error) => errors.push(error.message));
    const subscriptions = recordSubscriptions(tab);
    await tab.goto(`${baseUrl}/profile/bonuses`);
    const card = tab.locator('.bonus-card', { hasText: DEPOSIT_NAME });
    await card.waitFor();
    expect(await card.getAttribute('data-status')).toBe('active');
    expect(await card.getByTestId('bonus-amount').textContent()).toBe(money(BONUS));
    expect(await card.locator('[data-fact="wager"] dd').textContent()).toBe('1×');
    expect(await card.locator('[data-fact="maxBet"] dd').textContent()).toBe(money(5));
    expect(await card.getByTestId('bonus-progress').textContent()).toBe('0.00%');
    const wagered = card.locator('.bonus-card__wagered');
    expect(await wagered.textContent()).toBe(`Wagered ${money(0)} of ${money(WAGER_TOTAL)}`);
    const signUpCard = tab.locator('.bonus-card', { hasText: SIGN_UP_NAME });
    expect(await signUpCard.getAttribute('data-status')).toBe('issued');
    await expect.poll(() => tab.getByTestId('bonus-balance').textContent()).toContain(money(BONUS));
    await expect.poll(() => subscriptions.ready(`bonus:player-bonuses#${playerId}`), { timeout: 15_000 }).toBe(true);
    await screenshot(tab, 'bonus-journey-active');
    const violations = await seriousViolations(tab);
    expect(violations, JSON.stringify(violations, null, 2)).toEqual([]);
    // A page load would lose this mark: the tab's changes below come without one.
    await tab.evaluate(() => Object.assign(window, { journeyMark: true }));

    // 4. Fruit Fiesta: two spins of 2.50 USD, shown on the other tab as they are wagered.
    await page.emulateMedia({ reducedMotion: 'reduce' });
    let total = 0;
    let net = 0;
    const slot = await openGame(page, 'fruit-fiesta');
    await slot.getByLabel(/^Stake/).fill('2.50');
    for (let spin = 0; spin < 2; spin += 1) {
      const { round } = await playRound(page, slot);
      expect(round.amount).toBe(2.5);
      total += round.amount;
      net += round.payout - round.amount;
    }
    await expect.poll(() => wagered.textContent()).toBe(`Wagered ${money(total)} of ${money(WAGER_TOTAL)}`);
    expect(await card.getByTestId('bonus-progress').textContent()).toBe('25.00%');
    // Progress is no news: no "Bonus activated" alert per bet on either tab.
    expect(await page.locator('.toast__item', { hasText: 'Bonus activated' }).count()).toBe(0);
    expect(await tab.locator('.toast__item', { hasText: 'Bonus activated' }).count()).toBe(0);
    await screenshot(page, 'bonus-journey-slot', { fullPage: false });
    await screenshot(tab, 'bonus-journey-progress', { fullPage: false });

    // Dice on "under 98" at 5 USD (the bonus's max bet) until the wager is met: three rolls.
    const dice = await openGame(page, 'dice');
    await dice.getByRole('radio', { name: 'Roll under' }).check();
    const target = dice.getByRole('textbox', { name: /^Target \(/ });
    await target.fill('98');
    await target.press('Enter');
    await expect.poll(() => dice.getByRole('slider').getAttribute('aria-valuetext')).toBe('98.00');
    await dice.getByLabel(/^Stake/).fill('5');
    await dice.getByLabel(/^Stake/).blur();
    let before: Account | undefined;
    for (let roll = 0; roll < 5 && total < WAGER_TOTAL; roll += 1) {
      // The real balance before the roll that meets the wager.
      if (total + 5 >= WAGER_TOTAL) before = await usdAccount(context);
      const { round } = await playRound(page, dice);
      expect(round.amount).toBe(5);
      total += round.amount;
      net += round.payout - round.amount;
      if (roll === 0) {
        await expect.poll(() => wagered.textContent()).toBe(`Wagered ${money(total)} of ${money(WAGER_TOTAL)}`);
      }
    }
    expect(total).toBe(WAGER_TOTAL);

    // 5. Met: the bonus is played, all its money real (no max win), the bonus balance 0.
    await expect
      .poll(async () => (await playerBonuses(context)).find((bonus) => bonus.name === DEPOSIT_NAME))
      .toMatchObject({ status: 3, result: 2 });
    const after = await usdAccount(context);
    expect(after.bonusBalance).toBe(0);
    expect(after.realBalance).toBeCloseTo(DEPOSIT + BONUS + net, 2);
    expect(after.realBalance).toBeGreaterThan(before?.realBalance ?? Infinity);
    expect(after.withdrawalBalance).toBeCloseTo(after.realBalance, 2);

    // The other tab, never reloaded: the card has left the open bonuses, the history has it played.
    await tab.locator('.toast__item', { hasText: 'Bonus wagered' }).waitFor();
    await expect.poll(() => card.count()).toBe(0);
    await expect.poll(() => tab.getByTestId('bonus-balance').textContent()).toContain(money(0));
    expect(await signUpCard.getAttribute('data-status')).toBe('issued');
    expect(await tab.evaluate(() => 'journeyMark' in window)).toBe(true);
    await tab.getByRole('tab', { name: 'History' }).click();
    const played = tab.locator('.bonus-card', { hasText: DEPOSIT_NAME });
    await played.waitFor();
    expect(await played.getAttribute('data-status')).toBe('played');
    expect(await played.getByTestId('bonus-progress').textContent()).toBe('100.00%');
    expect(await played.locator('.bonus-card__wagered').textContent()).toBe(
      `Wagered ${money(WAGER_TOTAL)} of ${money(WAGER_TOTAL)}`,
    );
    await screenshot(tab, 'bonus-journey-history');

    // Withdraw 20 USD (the card's minimum) by card: no bonus money, so no forfeit warning; no turn-over left either.
    await page.goto(`${baseUrl}/?wallet=withdraw`);
    await wallet.waitFor();
    await wallet.locator('[data-method="sandbox.card_payout"]').click();
    await wallet.getByText(/^min 20\.00 USD/).waitFor();
    await wallet.getByLabel('Amount (USD)').fill('20');
    await wallet.getByLabel('Card number').fill('4111111111111111');
    expect(await wallet.locator('.wallet-warning').count()).toBe(0);
    expect(await wallet.getByTestId('wallet-turnover').count()).toBe(0);
    await screenshot(page, 'bonus-journey-withdraw', { fullPage: false });
    await wallet.getByRole('button', { name: /^Withdraw 20\.00 USD$/ }).click();
    await page.locator('.toast__item', { hasText: 'Withdrawal requested' }).waitFor();
    await expect.poll(() => wallet.count()).toBe(0);
    await expect
      .poll(async () => (await usdAccount(context)).withdrawalBalance)
      .toBeCloseTo(after.withdrawalBalance - 20, 2);
    // The sign-up bonus stays issued: a withdrawal forfeits only an active bonus.
    expect((await playerBonuses(context)).find((bonus) => bonus.name === SIGN_UP_NAME)?.status).toBe(1);
    expect(errors).toEqual([]);
    await context.close();
    // About 40 s on an idle machine; the margin is for a loaded CI runner.
  }, 120_000);
});
