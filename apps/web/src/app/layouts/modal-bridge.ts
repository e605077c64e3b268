import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router';

/**
 * Opens a modal by name through its URL query key (`?sign-in=true`, `?wallet=deposit`);
 * the modal system reads the query. Replaced by the modal system's own `open` once mounted.
 */
export function useOpenModal() {
  const navigate = useNavigate();
  const location = useLocation();
  return useCallback(
    (name: string, options: { value?: string } = {}) => {
      const params = new URLSearchParams(location.search);
      params.set(name, options.value ?? 'true');
      void navigate({ pathname: location.pathname, search: `?${params.toString()}` }, { preventScrollReset: true });
    },
    [location.pathname, location.search, navigate],
  );
}
