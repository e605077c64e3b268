import { HomeLobby } from '../../features/games';
import { PageHead } from '../layouts/PageHead';

/** `/` and `/main`: hero, collection rails, originals, providers and the accepted currencies. */
export function HomePage() {
  return (
    <>
      <PageHead />
      <HomeLobby />
    </>
  );
}
