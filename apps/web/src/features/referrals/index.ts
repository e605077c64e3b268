/**
 * Refer a friend (docs/referrals.md): the profile's referral page is a lazy route entry the
 * router loads directly (`ReferralsPage.tsx`); the sign-up form sends the link's `ref`
 * (features/auth).
 */
export { referralLink } from './logic';
