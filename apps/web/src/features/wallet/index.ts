/**
 * Wallet in the browser: the header balance with
 * the currency list, the accounts and payment calls. The modal bodies are in
 * `./ModalBodies` (loaded when the wallet first opens).
 */
export { HeaderBalance } from './HeaderBalance';
export { useAccounts, useActiveAccount, useEquivalentCurrency } from './api';
export { useMethods } from './api';
