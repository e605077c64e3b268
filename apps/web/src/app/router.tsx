import { createBrowserRouter } from 'react-router';
import { DefaultLayout } from './layouts/DefaultLayout';
import { ErrorPage, NotFoundPage } from './routes/ErrorPage';

export function createRouter() {
  return createBrowserRouter([
    {
      element: <DefaultLayout />,
      errorElement: <ErrorPage />,
      children: [
        { index: true, lazy: async () => ({ Component: (await import('./routes/HomePage')).HomePage }) },
        { path: '*', element: <NotFoundPage /> },
      ],
    },
  ]);
}
