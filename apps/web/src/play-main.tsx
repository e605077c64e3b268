import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { createI18n } from './features/content/i18n';
import { ToastProvider } from './features/layout';
import { PlayApp } from './features/play/frame/PlayApp';
import { localesQuery } from './features/settings';
import { LANGUAGE_COOKIE, readCookie } from './lib/cookies';
import { hidePreloader } from './lib/preloader';
import { buttonClassName } from './components/ui/Button';
import './components/ui/styles';
import './styles/global.css';
import './features/play/play.css';

/**
 * The in-house game frame (`/play/{identity}?mode=…#token=…`): a page of its own, so that
 * the casino's bundle does not carry the games and the games do not carry the casino.
 */
const queryClient = new QueryClient({
  defaultOptions: { queries: { refetchOnWindowFocus: false, retry: false } },
});

/** The language: `?lang=`, else the site's saved language, else the browser's, else the default. */
async function chooseLocale(): Promise<string> {
  const locales = await queryClient.fetchQuery(localesQuery);
  const known = (code: string | null | undefined) =>
    code ? locales.find((locale) => locale.code.toLowerCase() === code.toLowerCase())?.code : undefined;
  const browser = navigator.language;
  return (
    known(new URLSearchParams(location.search).get('lang')) ??
    known(readCookie(LANGUAGE_COOKIE)) ??
    known(browser) ??
    known(browser.split('-')[0]) ??
    locales.find((locale) => locale.isDefault)?.code ??
    'en'
  );
}

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from play.html');
const root = createRoot(container);

chooseLocale()
  .then((locale) => createI18n(locale))
  .then((i18n) => {
    document.documentElement.lang = i18n.language;
    root.render(
      <StrictMode>
        <QueryClientProvider client={queryClient}>
          <I18nextProvider i18n={i18n}>
            <ToastProvider>
              <PlayApp />
            </ToastProvider>
          </I18nextProvider>
        </QueryClientProvider>
      </StrictMode>,
    );
    hidePreloader();
  })
  .catch((error: unknown) => {
    // Without the content service there are no texts: the same fixed fallback as the site's.
    console.error(error);
    hidePreloader();
    const box = document.createElement('div');
    box.className = 'boot-error';
    box.setAttribute('role', 'alert');
    const text = document.createElement('p');
    text.textContent = 'The game could not start. Check your connection and try again.';
    const retry = document.createElement('button');
    retry.type = 'button';
    retry.className = buttonClassName({ variant: 'primary' });
    retry.textContent = 'Reload';
    retry.addEventListener('click', () => location.reload());
    box.append(text, retry);
    container.replaceChildren(box);
  });
