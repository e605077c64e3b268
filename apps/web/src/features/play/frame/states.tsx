import { useTranslation } from 'react-i18next';
import { gamePagePath } from './url';
import { buttonClassName } from '../../../components/ui/Button';
import { Skeleton } from '../../../components/ui/Skeleton';

/** The frame's shape while the session loads. */
export function FrameSkeleton() {
  const { t } = useTranslation('global-components');
  return (
    <div className="play" aria-busy="true" aria-label={t('states.loading')}>
      <div className="play__bar">
        <Skeleton className="play__skeleton-title" />
        <Skeleton className="play__skeleton-balance" />
      </div>
      <div className="play__main">
        <div className="play__panel">
          <Skeleton className="play__skeleton-field" />
          <Skeleton className="play__skeleton-field" />
          <Skeleton className="play__skeleton-button" />
        </div>
        <div className="play__stage">
          <Skeleton className="play__skeleton-board" />
        </div>
      </div>
    </div>
  );
}

/** No session to play on: the player reopens the game from the casino. */
export function SessionEnded({ identity, reason }: { identity: string; reason: 'noToken' | 'ended' | 'unknownGame' }) {
  const { t } = useTranslation('global-components');
  const text = {
    noToken: 'play.errors.noToken',
    ended: 'play.errors.sessionEnded',
    unknownGame: 'play.errors.unknownGame',
  }[reason];
  return (
    <main className="play play--state">
      <div className="state state--error" role="alert">
        <p>{t(text)}</p>
        {identity ? (
          <a className={buttonClassName({ variant: 'primary' })} href={gamePagePath(identity)} target="_top">
            {t('play.reopen')}
          </a>
        ) : null}
      </div>
    </main>
  );
}
