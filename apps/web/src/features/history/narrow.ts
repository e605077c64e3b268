import { useSyncExternalStore } from 'react';

/** Cards replace tables below this width. */
const NARROW_QUERY = '(max-width: 767px)';

function subscribeNarrow(listener: () => void): () => void {
  const media = window.matchMedia(NARROW_QUERY);
  media.addEventListener('change', listener);
  return () => media.removeEventListener('change', listener);
}

export function useNarrow(): boolean {
  return useSyncExternalStore(
    subscribeNarrow,
    () => window.matchMedia(NARROW_QUERY).matches,
    () => false,
  );
}
