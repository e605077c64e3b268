/**
 * Identity verification (`/profile/verification`). The page is a lazy route entry that
 * the router loads directly; nothing here is needed by the first load.
 */
export { useVerification } from './api';
