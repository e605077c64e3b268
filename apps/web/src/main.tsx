import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { RouterProvider } from 'react-router';
import { boot } from './app/boot';
import { AppSettingsContext } from './lib/app-settings';
import { FatalErrorBoundary } from './app/FatalErrorBoundary';
import { createRouter } from './app/router';
import { LayoutProvider, ToastProvider } from './features/layout';
import { registerServiceWorker } from './features/pwa';
import { scheduleVisitorId } from './features/tracking';
import { ApiError } from './lib/api';
import { hidePreloader } from './lib/preloader';
import { buttonClassName } from './components/ui/Button';
import './components/ui/styles';
import './styles/global.css';

const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      refetchOnWindowFocus: false,
      // 4xx answers are final; retry once on network and server errors.
      retry: (count, error) => !(error instanceof ApiError && error.status >= 400 && error.status < 500) && count < 1,
    },
  },
});

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');
const root = createRoot(container);

registerServiceWorker();
scheduleVisitorId();

boot(queryClient)
  .then(({ i18n, settings }) => {
    root.render(
      <StrictMode>
        <QueryClientProvider client={queryClient}>
          <I18nextProvider i18n={i18n}>
            <AppSettingsContext.Provider value={settings}>
              <FatalErrorBoundary>
                <LayoutProvider>
                  <ToastProvider>
                    <RouterProvider router={createRouter(settings)} />
                  </ToastProvider>
                </LayoutProvider>
              </FatalErrorBoundary>
            </AppSettingsContext.Provider>
          </I18nextProvider>
        </QueryClientProvider>
      </StrictMode>,
    );
  })
  .catch((error: unknown) => {
    // Without the content service there are no localized texts; this one fixed English
    // fallback is the only text that does not come from it.
    console.error(error);
    hidePreloader();
    const box = document.createElement('div');
    box.className = 'boot-error';
    box.setAttribute('role', 'alert');
    const title = document.createElement('h1');
    title.textContent = 'Croupier';
    const text = document.createElement('p');
    text.textContent = 'The site could not start. Check your connection and try again.';
    const retry = document.createElement('button');
    retry.type = 'button';
    retry.className = buttonClassName({ variant: 'primary' });
    retry.textContent = 'Reload';
    retry.addEventListener('click', () => location.reload());
    box.append(title, text, retry);
    container.replaceChildren(box);
  });
