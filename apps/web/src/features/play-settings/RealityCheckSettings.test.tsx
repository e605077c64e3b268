import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { i18n } from 'i18next';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { englishContent } from '../../lib/content.testutil';
import { playSettingsKey } from './api';
import { RealityCheckSettings } from './RealityCheckSettings';

let content: i18n;
beforeAll(async () => {
  content = await englishContent(['layout']);
});

function render(settings: { intervalMinutes: number | null; sessionLimitMinutes: number | null }) {
  const queryClient = new QueryClient();
  queryClient.setQueryData(playSettingsKey, settings);
  return renderToStaticMarkup(
    <QueryClientProvider client={queryClient}>
      <I18nextProvider i18n={content}>
        <RealityCheckSettings />
      </I18nextProvider>
    </QueryClientProvider>,
  );
}

describe('reality-check settings', () => {
  it('offers off and the contract’s choices, with the saved ones selected', () => {
    const markup = render({ intervalMinutes: 45, sessionLimitMinutes: 120 });
    expect(markup).toContain('Reality checks and session time');
    expect(markup).toContain('<option value="off">Off</option>');
    expect(markup).toContain('<option value="45" selected="">45 minutes</option>');
    expect(markup).toContain('<option value="120" selected="">2 hours</option>');
    expect(markup).toContain('<option value="off">No limit</option>');
    expect(markup).toContain('<option value="480">8 hours</option>');
    // Nothing changed yet: Save is off.
    expect(markup).toMatch(/<button[^>]*disabled=""[^>]*>Save<\/button>/);
    expect(markup.match(/realityCheck\.[a-zA-Z.]+/g) ?? []).toEqual([]);
  });

  it('shows off for players without settings', () => {
    const markup = render({ intervalMinutes: null, sessionLimitMinutes: null });
    expect(markup.match(/<option value="off" selected="">/g)).toHaveLength(2);
  });
});
