/** The bonus packages anyone may see: the welcome-package page's terms and the home banner's offer line. */
export { WelcomePackageTerms } from './WelcomePackageTerms';
export { WelcomeOfferLine } from './WelcomeOffer';
