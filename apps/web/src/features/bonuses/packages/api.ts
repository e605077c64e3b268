import { bonusPublicEndpoints } from '@croupier/contract';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api';

/** Public terms change seldom: the packages stay fresh for five minutes. */
const PACKAGES_STALE_MS = 5 * 60_000;

/** The packages on offer (`GET /api/game/bonus-packages`, public); shared by the banner and the page. */
export function useBonusPackageOffers() {
  return useQuery({
    queryKey: ['bonus-package-offers'] as const,
    queryFn: ({ signal }) => call(bonusPublicEndpoints.listBonusPackageOffers, { signal }),
    staleTime: PACKAGES_STALE_MS,
    retry: 1,
  });
}
