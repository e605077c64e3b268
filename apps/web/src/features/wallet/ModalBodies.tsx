/** The wallet's modal bodies, loaded as one chunk when one of them first opens. */
export { EquivalentCurrencyBody, WalletModalBody, WalletRegionBody } from './WalletModalBody';
