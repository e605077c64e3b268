import type { OriginalsRound } from '@croupier/contract';
import { useTranslation } from 'react-i18next';
import { Multiplier } from '../../../components/ui/Multiplier';
import { useFrame } from './context';

/** How many results the strip keeps. */
export const RESULTS_KEPT = 12;

/** The last results, newest first: the round's multiplier, green on a win. */
export function ResultsStrip({ rounds }: { rounds: OriginalsRound[] }) {
  const { t } = useTranslation('global-components');
  const { formatAmount } = useFrame();
  return (
    <section className="play-results" aria-label={t('play.results.title')}>
      {rounds.length === 0 ? (
        <p className="play-results__empty">{t('play.results.empty')}</p>
      ) : (
        <ol className="play-results__list" data-testid="play-results">
          {rounds.map((round) => {
            const win = round.payout > round.amount;
            return (
              <li
                key={round.id}
                className={`play-results__item${win ? ' play-results__item--win' : ''}`}
                title={t(win ? 'play.results.win' : 'play.results.loss', { amount: formatAmount(round.payout) })}
              >
                <Multiplier value={round.multiplier} />
                <span className="visually-hidden">
                  {t(win ? 'play.results.win' : 'play.results.loss', { amount: formatAmount(round.payout) })}
                </span>
              </li>
            );
          })}
        </ol>
      )}
    </section>
  );
}
