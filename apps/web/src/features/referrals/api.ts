import { referralEndpoints } from '@croupier/contract';
import { useQuery } from '@tanstack/react-query';
import { call, callPaged } from '../../lib/api';

/** Friends on a page of `/profile/referrals`. */
export const PAGE_SIZE = 10;

export const referralKeys = {
  settings: ['referrals', 'settings'] as const,
  page: (page: number) => ['referrals', 'list', { page, perPage: PAGE_SIZE }] as const,
};

/** `GET /api/player/referral-settings`: on or off, the cap, the owner bonus. */
export function useReferralSettings() {
  return useQuery({
    queryKey: referralKeys.settings,
    queryFn: ({ signal }) => call(referralEndpoints.settings, { signal }),
    staleTime: 60_000,
  });
}

/** `GET /api/player/profile/referrals`, read as a `{ data, meta }` page (the same rows as `referrals`). */
export function useReferrals(page: number, enabled: boolean) {
  return useQuery({
    queryKey: referralKeys.page(page),
    queryFn: ({ signal }) =>
      callPaged(referralEndpoints.listReferrals, { query: { page, perPage: PAGE_SIZE }, signal }),
    enabled,
    placeholderData: (previous) => previous,
  });
}
