/**
 * Bonuses in the browser (docs/bonuses.md): the deposit form's bonus picker and its rules,
 * the player's bonuses page and the bonus modals. Only the lazily loaded deposit form uses
 * this index (the picker); the page and the modal bodies are lazy entries that `app/` loads
 * directly (`./BonusesPage`, `./ModalBodies`), so no first-load code imports it.
 */
export { BonusPicker } from './BonusPicker';
export { useDepositBonusChoice, type DepositBonusChoice } from './choice';
export { WelcomeOfferLine, WelcomePackageTerms } from './packages';
