import i18next from 'i18next';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { Multiplier } from './Multiplier';

async function inLocale(language: string, node: React.ReactNode): Promise<string> {
  const instance = i18next.createInstance();
  await instance.use(initReactI18next).init({ lng: language, resources: {}, react: { useSuspense: false } });
  return renderToStaticMarkup(<I18nextProvider i18n={instance}>{node}</I18nextProvider>);
}

describe('Multiplier', () => {
  it('shows times or basis points with the × sign in the active locale', async () => {
    expect(await inLocale('en', <Multiplier value={1.98} />)).toBe('1.98×');
    expect(await inLocale('fr', <Multiplier bp={19_800} />)).toBe('1,98×');
  });

  it('takes the decimals and rounding of formatMultiplier', async () => {
    expect(await inLocale('en', <Multiplier value={1.23456} maxDecimals={4} />)).toBe('1.2346×');
    expect(await inLocale('en', <Multiplier bp={990_099} floor />)).toBe('99.00×');
  });
});
