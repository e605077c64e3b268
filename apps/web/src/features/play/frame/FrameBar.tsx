import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFrame } from './context';
import { LOBBY_PATH } from './reality-check';
import { SeedsDialog } from './SeedsDialog';
import { gamePagePath } from './url';
import { Button, buttonClassName } from '../../../components/ui/Button';
import { IconButton } from '../../../components/ui/IconButton';

/** The frame's top bar: game, balance (DEMO badge in demo), fairness seeds, sound. */
export function FrameBar() {
  const { session, balance, formatAmount, soundOn, setSoundOn, ended, sessionTimeUp } = useFrame();
  const { t } = useTranslation('global-components');
  const [seedsOpen, setSeedsOpen] = useState(false);
  return (
    <>
      <header className="play__bar">
        <h1 className="play__title">{session.name}</h1>
        <div className="play__balance">
          {session.isDemo ? (
            <span className="play__demo" title={t('play.demoHint')}>
              {t('play.demo')}
            </span>
          ) : null}
          <span className="play__balance-label">{t('play.balance')}</span>
          <output className="play__balance-value" aria-live="polite" data-testid="play-balance">
            {formatAmount(balance)}
          </output>
        </div>
        <div className="play__tools">
          <Button variant="ghost" className="play__tool" onClick={() => setSeedsOpen(true)}>
            <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
              <path
                d="M12 3l7 3v5c0 4.5-3 8.3-7 10-4-1.7-7-5.5-7-10V6l7-3z"
                fill="none"
                stroke="currentColor"
                strokeWidth="2"
              />
              <path d="M8.5 12l2.5 2.5 4.5-5" fill="none" stroke="currentColor" strokeWidth="2" />
            </svg>
            <span>{t('play.seeds.open')}</span>
          </Button>
          <IconButton
            label={t('play.sound')}
            className="play__sound"

            aria-pressed={soundOn}

            title={t(soundOn ? 'play.soundOn' : 'play.soundOff')}
            onClick={() => setSoundOn(!soundOn)}
          >
            <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
              <path d="M4 9h4l5-4v14l-5-4H4z" fill="currentColor" />
              {soundOn ? (
                <path
                  d="M16 8.5a5 5 0 010 7M18.5 6a8.5 8.5 0 010 12"
                  fill="none"
                  stroke="currentColor"
                  strokeWidth="2"
                />
              ) : (
                <path d="M16 9l5 6M21 9l-5 6" fill="none" stroke="currentColor" strokeWidth="2" />
              )}
            </svg>
          </IconButton>
        </div>
      </header>
      {sessionTimeUp ? (
        <div className="play__ended" role="alert">
          <p>{t('realityCheck.sessionTime.text')}</p>
          <a className={buttonClassName({ variant: 'primary' })} href={LOBBY_PATH} target="_top">
            {t('realityCheck.leave')}
          </a>
        </div>
      ) : ended ? (
        <div className="play__ended" role="alert">
          <p>{t('play.errors.sessionEnded')}</p>
          <a
            className={buttonClassName({ variant: 'primary' })}
            href={gamePagePath(session.gameIdentity)}
            target="_top"
          >
            {t('play.reopen')}
          </a>
        </div>
      ) : null}
      {seedsOpen ? <SeedsDialog onClose={() => setSeedsOpen(false)} /> : null}
    </>
  );
}
