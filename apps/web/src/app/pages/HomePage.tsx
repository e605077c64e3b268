import { HomeLobby, WinnersFeed } from '../../features/games';
import { PageHead } from '../../components/PageHead';

/** `/` and `/main`: hero, latest winners, recently played, collection rails, originals, providers and the accepted currencies. */
export function HomePage() {
  return (
    <>
      <PageHead />
      <HomeLobby afterHero={<WinnersFeed />} />
    </>
  );
}
