import i18next from 'i18next';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { Money } from './Money';

async function inLocale(language: string, node: React.ReactNode): Promise<string> {
  const instance = i18next.createInstance();
  await instance.use(initReactI18next).init({ lng: language, resources: {}, react: { useSuspense: false } });
  return renderToStaticMarkup(<I18nextProvider i18n={instance}>{node}</I18nextProvider>);
}

const btc = {
  code: 'BTC',
  subunitToUnit: 100_000_000,
  subCurrencies: [{ code: 'mBTC', subunitToUnit: 1000 }],
  type: 'crypto' as const,
};

describe('Money', () => {
  it('shows the amount in the display unit of the currency data, in the active locale', async () => {
    expect(await inLocale('en', <Money amount={0.0125} currency={btc} />)).toBe('12.50 mBTC');
    expect(await inLocale('de', <Money amount={0.0125} currency={btc} />)).toBe('12,50 mBTC');
  });

  it('falls back to the code without currency data and signs on request', async () => {
    expect(await inLocale('en', <Money amount={-5} currency={undefined} code="EUR" signed />)).toBe('−5.00 EUR');
  });
});
