import type { OriginalsSession, RealityCheckSummary } from '@croupier/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { i18n } from 'i18next';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { englishContent } from '../../../lib/content.testutil';
import { ApiError } from '../../../lib/api';
import type { PlayApi } from '../api';
import { FrameContext, type FrameContextValue } from './context';
import { frameInterruption, playedParts } from './reality-check';
import { RealityCheckDialog } from './RealityCheckDialog';

// The frame's reality-check dialog rendered to markup with the English content.
let content: i18n;
beforeAll(async () => {
  content = await englishContent(['global-components']);
});

const TOKEN = 'game-token';
const summary: RealityCheckSummary = {
  startedAt: '2026-03-01T12:00:00.000Z',
  playedSeconds: 75 * 60 + 20,
  currency: 'USD',
  stakes: 42,
  wins: 29.5,
  netResult: -12.5,
  intervalMinutes: 30,
  realityCheckDue: true,
  nextCheckAt: '2026-03-01T13:15:00.000Z',
  sessionEnded: false,
  sessionEndsAt: null,
};

function render(kind: 'realityCheck' | 'sessionTime', data: RealityCheckSummary | undefined) {
  const queryClient = new QueryClient();
  if (data) queryClient.setQueryData(['play', 'reality-check', TOKEN], data);
  const frame = {
    token: TOKEN,
    formatAmount: (major: number) => `${major.toFixed(2)} USD`,
    session: {} as OriginalsSession,
    api: {} as PlayApi,
  } as FrameContextValue;
  const noop = () => undefined;
  return renderToStaticMarkup(
    <QueryClientProvider client={queryClient}>
      <I18nextProvider i18n={content}>
        <FrameContext.Provider value={frame}>
          <RealityCheckDialog kind={kind} onContinue={noop} onClose={noop} />
        </FrameContext.Provider>
      </I18nextProvider>
    </QueryClientProvider>,
  );
}

const untranslated = (markup: string) => markup.match(/realityCheck\.[a-zA-Z.]+/g) ?? [];

describe('reality-check dialog', () => {
  it('shows time played and net result with Continue, history and Stop', () => {
    const markup = render('realityCheck', summary);
    expect(markup).toContain('role="alertdialog"');
    expect(markup).toContain('Reality check');
    expect(markup).toContain('1 h 15 min');
    expect(markup).toContain('-12.50 USD');
    expect(markup).toContain('Continue playing');
    expect(markup).toMatch(/href="\/profile\/history" target="_top"[^>]*>View history</);
    expect(markup).toMatch(/href="\/casino" target="_top"[^>]*>Stop playing</);
    expect(untranslated(markup)).toEqual([]);
  });

  it('at the session-time limit: play has ended, no Continue', () => {
    const markup = render('sessionTime', { ...summary, playedSeconds: 60, netResult: 3, sessionEnded: true });
    expect(markup).toContain('Session time limit reached');
    expect(markup).toContain('1 minute');
    expect(markup).toContain('+3.00 USD');
    expect(markup).not.toContain('Continue playing');
    expect(markup).toContain('Leave the game');
    expect(untranslated(markup)).toEqual([]);
  });
});

describe('reality-check dialog, first minute', () => {
  it('says less than a minute rather than 0 minutes', () => {
    expect(render('realityCheck', { ...summary, playedSeconds: 30 })).toContain('Less than a minute');
  });
});

describe('frame interruptions', () => {
  it('knows the two refusals by their codes', () => {
    expect(frameInterruption(new ApiError(400, 14106, 'due'))).toBe('realityCheck');
    expect(frameInterruption(new ApiError(400, 14107, 'ended'))).toBe('sessionTime');
    expect(frameInterruption(new ApiError(400, 14100, 'bet limit'))).toBeNull();
    expect(frameInterruption(new Error('x'))).toBeNull();
  });

  it('words seconds as hours and minutes', () => {
    expect(playedParts(59)).toEqual({ hours: 0, minutes: 0 });
    expect(playedParts(3 * 3600 + 7 * 60)).toEqual({ hours: 3, minutes: 7 });
  });
});
