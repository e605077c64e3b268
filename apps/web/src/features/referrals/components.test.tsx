import type { PaginationMeta, Profile, Referral, ReferralSettings } from '@croupier/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { i18n } from 'i18next';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { AppSettingsContext } from '../../lib/app-settings';
import { englishContent, ENGLISH_SETTINGS } from '../../lib/content.testutil';
import { authKeys } from '../auth';
import { referralKeys } from './api';
import { ProfileReferralsPage } from './ReferralsPage';

/** The referral page rendered to markup with the real English content and a filled query cache. */

let content: i18n;
beforeAll(async () => {
  content = await englishContent(['layout', 'global-components']);
  vi.stubGlobal('window', { location: { origin: 'https://croupier.test' } });
});
afterAll(() => vi.unstubAllGlobals());

const on: ReferralSettings = { enabled: true, maxReferralCount: 50, ownerBonusId: 'b-1' };
const profile = { referralCode: 'ABC234XYZ9', qualifiedReferralsCount: 3 } as Profile;

function render(cache: {
  settings?: ReferralSettings;
  profile?: Profile;
  page?: { data: Referral[]; meta: PaginationMeta };
}) {
  const queryClient = new QueryClient();
  if (cache.settings) queryClient.setQueryData(referralKeys.settings, cache.settings);
  if (cache.profile) queryClient.setQueryData(authKeys.profile, cache.profile);
  if (cache.page) queryClient.setQueryData(referralKeys.page(1), cache.page);
  return renderToStaticMarkup(
    <QueryClientProvider client={queryClient}>
      <I18nextProvider i18n={content}>
        <AppSettingsContext.Provider value={ENGLISH_SETTINGS}>
          <MemoryRouter>
            <ProfileReferralsPage />
          </MemoryRouter>
        </AppSettingsContext.Provider>
      </I18nextProvider>
    </QueryClientProvider>,
  );
}

const untranslated = (markup: string) => markup.match(/profile\.referrals\.[a-zA-Z.0-9]+/g) ?? [];
const meta = (totalRows: number, totalPages = 1): PaginationMeta => ({ page: 1, perPage: 10, totalPages, totalRows });

describe('the referral page', () => {
  it('shows a loading state before the settings arrive', () => {
    expect(render({})).toContain('Loading your friends…');
  });

  it('shows the link, the count, the cap and the empty list', () => {
    const markup = render({ settings: on, profile, page: { data: [], meta: meta(0, 0) } });
    expect(markup).toContain('value="https://croupier.test/?ref=ABC234XYZ9"');
    expect(markup).toContain('Copy link');
    expect(markup).toContain('Qualified friends: 3');
    expect(markup).toContain('You can invite up to 50 friends.');
    expect(markup).toContain('No friends have signed up with your link yet.');
    expect(untranslated(markup)).toEqual([]);
  });

  it('lists friends with their status, the time left or the date, and a pager', () => {
    const soon = new Date(Date.now() + (2 * 86_400 + 3 * 3600 + 120) * 1000).toISOString();
    const rows: Referral[] = [
      {
        qualified: 1,
        registrationDate: '2026-11-20T10:00:00.000Z',
        qualificationDate: null,
        qualificationEndDate: soon,
      },
      {
        qualified: 2,
        registrationDate: '2026-11-10T10:00:00.000Z',
        qualificationDate: '2026-11-12T09:30:00.000Z',
        qualificationEndDate: '2026-12-10T10:00:00.000Z',
      },
      {
        qualified: 3,
        registrationDate: '2026-09-01T10:00:00.000Z',
        qualificationDate: null,
        qualificationEndDate: '2026-10-01T10:00:00.000Z',
      },
    ];
    const markup = render({ settings: on, profile, page: { data: rows, meta: meta(23, 3) } });
    expect(markup.match(/class="referral-row"/g)).toHaveLength(3);
    expect(markup).toContain('In progress');
    expect(markup).toContain('2d 3h left to qualify');
    expect(markup).toContain('Qualified Nov 12, 2026');
    expect(markup).toContain('Not qualified');
    expect(markup).toContain('Time ran out Oct 1, 2026');
    expect(markup).toContain('Page 1 of 3');
    expect(untranslated(markup)).toEqual([]);
  });

  it('says when the player has no code yet', () => {
    const markup = render({
      settings: on,
      profile: { ...profile, referralCode: null },
      page: { data: [], meta: meta(0) },
    });
    expect(markup).toContain('Your referral link is not ready yet.');
  });
});
