import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { HomeLobby, WinnersFeed } from '../../features/games';
import { useActiveAccount } from '../../features/wallet';
import { PageHead } from '../../components/PageHead';

/** The banner's offer line from the welcome package: loaded after the page, the content text until then. */
const WelcomeOfferLine = lazy(() =>
  import('../../features/bonuses').then((module) => ({ default: module.WelcomeOfferLine })),
);

/** The running tournaments' rail, loaded after the page (it is not part of the first load). */
const TournamentsRail = lazy(() =>
  import('../../features/tournaments').then((module) => ({ default: module.TournamentsRail })),
);

/** `/` and `/main`: hero (its offer line from the welcome package, in the player's currency), latest winners, running tournaments, recently played, collection rails, originals, providers and the accepted currencies. */
export function HomePage() {
  const { t } = useTranslation('layout');
  const account = useActiveAccount();
  const offer = (
    <Suspense fallback={t('home.welcomeBonus.title')}>
      <WelcomeOfferLine accountCurrency={account?.currency} />
    </Suspense>
  );
  return (
    <>
      <PageHead />
      <HomeLobby
        afterHero={
          <>
            <WinnersFeed />
            <Suspense fallback={null}>
              <TournamentsRail />
            </Suspense>
          </>
        }
        offer={offer}
      />
    </>
  );
}
