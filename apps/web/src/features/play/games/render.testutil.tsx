import type { OriginalsRound } from '@croupier/contract';
import type { i18n } from 'i18next';
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { englishContent as englishContentOf } from '../../../lib/content.testutil';
import type { BoardContext } from '../types';

/** An i18n instance with the real English content of global-components (as the app loads it). */
export const englishContent = () => englishContentOf(['global-components']);

export function renderMarkup(instance: i18n, node: ReactNode): string {
  return renderToStaticMarkup(<I18nextProvider i18n={instance}>{node}</I18nextProvider>);
}

/** A board context that records what the board asks of the frame. */
export function recordingContext(reducedMotion: boolean): BoardContext & { sounds: string[]; settledCount: number } {
  const ctx = {
    sounds: [] as string[],
    settledCount: 0,
    reducedMotion,
    sound(effect: string) {
      ctx.sounds.push(effect);
    },
    formatAmount: (major: number) => `$${major.toFixed(2)}`,
    settled() {
      ctx.settledCount += 1;
    },
  };
  return ctx;
}

export function makeRound(
  game: OriginalsRound['game'],
  params: Record<string, unknown>,
  outcome: Record<string, unknown>,
  money: { amount: number; payout: number },
): OriginalsRound {
  return {
    id: `${game}-round`,
    game,
    gameIdentity: game,
    status: 'settled',
    actions: null,
    isDemo: false,
    amount: money.amount,
    payout: money.payout,
    multiplier: money.amount > 0 ? money.payout / money.amount : 0,
    currency: 'USD',
    params,
    outcome,
    seeds: { serverSeedHash: 'h', clientSeed: 'c', nonce: 1, serverSeed: null },
    createdAt: '2026-11-22T08:00:00.000Z',
  };
}

/** No text key may reach the page untranslated. */
export function untranslatedKeys(markup: string): string[] {
  return markup.match(/play\.[a-zA-Z]+\.[a-zA-Z.]+/g) ?? [];
}
