import { errorCatalogue } from '@croupier/contract';
import type { i18n } from 'i18next';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api';
import { englishContent } from '../../../lib/content.testutil';
import { frameLimitRefusal, LIMITS_PAGE_PATH, LimitRefusalDialog } from './LimitRefusal';

let content: i18n;
beforeAll(async () => {
  content = await englishContent(['modals', 'global-components']);
});

const refused = (name: keyof typeof errorCatalogue) =>
  new ApiError(errorCatalogue[name].status, errorCatalogue[name].code, errorCatalogue[name].message);

describe('a round refused by a limit in the game frame', () => {
  it('names the limit of GAME_LIMIT_BET, GAME_LIMIT_LOSS and GAME_LIMIT_SELF_EXCLUSION, nothing else', () => {
    expect(frameLimitRefusal(refused('GAME_LIMIT_BET'))).toBe('bet');
    expect(frameLimitRefusal(refused('GAME_LIMIT_LOSS'))).toBe('loss');
    expect(frameLimitRefusal(refused('GAME_LIMIT_SELF_EXCLUSION'))).toBe('selfExclusion');
    expect(frameLimitRefusal(refused('INSUFFICIENT_FUNDS'))).toBeNull();
    expect(frameLimitRefusal(new Error('offline'))).toBeNull();
  });

  it('says which limit stopped play and leads the whole window to the limits page', () => {
    const markup = renderToStaticMarkup(
      <I18nextProvider i18n={content}>
        <LimitRefusalDialog refusal="loss" onClose={() => undefined} />
      </I18nextProvider>,
    );
    expect(markup).toContain('role="alertdialog"');
    expect(markup).toContain('Limit reached');
    expect(markup).toContain('You have reached your loss limit for this period.');
    expect(markup).toContain(`href="${LIMITS_PAGE_PATH}" target="_top"`);
    expect(markup).toContain('View my limits');
  });
});
