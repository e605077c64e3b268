import { useTranslation } from 'react-i18next';
import { useCurrencies } from '../../settings';
import { useBonusPackageOffers } from './api';
import { offerMoney, offerPercent, packageSteps, shownCurrency, welcomePackage } from './logic';

/**
 * The home banner's offer line from the welcome package's first step, through the content
 * template `layout:home.welcomeBonus.offer` ("{percent} up to {max}"); the static
 * `home.welcomeBonus.title` while the package loads, on error or for a step without a cap.
 */
export function WelcomeOfferLine({ accountCurrency }: { accountCurrency?: string }) {
  const { t, i18n } = useTranslation('layout');
  const packages = useBonusPackageOffers();
  const currencies = useCurrencies();
  const offer = welcomePackage(packages.data);
  const currency = shownCurrency(currencies.data, accountCurrency);
  const first = offer ? packageSteps(offer, currency)[0] : undefined;
  if (!first || first.percentage === null || first.maxAmount === null || currencies.isPending) {
    return <>{t('home.welcomeBonus.title')}</>;
  }
  return (
    <span data-testid="welcome-offer">
      {t('home.welcomeBonus.offer', {
        percent: offerPercent(first.percentage, i18n.language),
        max: offerMoney(first.maxAmount, currency, i18n.language),
      })}
    </span>
  );
}
