/**
 * Responsible-gaming limits (`/profile/limits`, docs/player-protection.md "Limits"). The
 * page and the modal bodies are lazy entries that `app/` loads directly; this index holds
 * what the wallet reuses: the limits query and the deposit screen's limit notice.
 */
export { limitsKeys, useLimits } from './api';
export { useWalletLimitNotice } from './notice';
export { walletLimitNotice, type WalletLimitNotice } from './logic';
export { useNow } from './now';
