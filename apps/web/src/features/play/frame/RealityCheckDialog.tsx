import { useMutation, useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useId, useMemo, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, buttonClassName } from '../../../components/ui/Button';
import { Skeleton } from '../../../components/ui/Skeleton';
import { useFrame } from './context';
import {
  createRealityCheckApi,
  frameInterruption,
  HISTORY_PAGE_PATH,
  LOBBY_PATH,
  playedParts,
  type FrameInterruption,
} from './reality-check';
import './reality-check.css';

/**
 * The frame's interruption by a reality check: time played and net result since the game
 * session began, then Continue (acknowledged: the next check one interval later), the
 * history, or Stop (leaves the game). At the session-time limit: play has ended for this
 * session. Escape does not dismiss a reality check: the player chooses.
 */
export function RealityCheckDialog(props: { kind: FrameInterruption; onContinue: () => void; onClose: () => void }) {
  const { kind } = props;
  const { token, formatAmount } = useFrame();
  const { t } = useTranslation('global-components');
  const api = useMemo(() => createRealityCheckApi(token), [token]);
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const textId = useId();
  const summary = useQuery({ queryKey: ['play', 'reality-check', token], queryFn: () => api.summary(), staleTime: 0 });
  const acknowledge = useMutation({ mutationFn: () => api.acknowledge(), onSuccess: props.onContinue });

  useEffect(() => {
    const element = dialog.current;
    // Unmounting removes the dialog from the page, which ends its modal state too.
    if (element && !element.open) element.showModal();
  }, []);

  const data = summary.data;
  const played = data ? playedParts(data.playedSeconds) : null;
  const net = data ? `${data.netResult > 0 ? '+' : ''}${formatAmount(data.netResult)}` : '';

  return (
    <dialog
      ref={dialog}
      className="play-dialog reality-check"
      role="alertdialog"
      aria-labelledby={titleId}
      aria-describedby={textId}
      data-testid="reality-check"
      data-kind={kind}
      onCancel={(event) => {
        if (kind === 'realityCheck') event.preventDefault();
      }}
      onClose={props.onClose}
    >
      <div className="play-dialog__head">
        <h2 id={titleId}>{t(`realityCheck.${kind}.title`)}</h2>
      </div>
      <p id={textId}>{t(`realityCheck.${kind}.text`)}</p>
      {summary.isPending ? (
        <Skeleton className="reality-check__skeleton" />
      ) : data && played ? (
        <dl className="reality-check__summary">
          <div>
            <dt>{t('realityCheck.timePlayed')}</dt>
            <dd data-testid="reality-check-time">
              {played.hours > 0
                ? t('realityCheck.hoursMinutes', { hours: played.hours, minutes: played.minutes })
                : played.minutes > 0
                  ? t('realityCheck.minutes', { count: played.minutes })
                  : t('realityCheck.lessThanMinute')}
            </dd>
          </div>
          <div>
            <dt>{t('realityCheck.netResult')}</dt>
            <dd
              data-testid="reality-check-net"
              className={data.netResult < 0 ? 'reality-check__loss' : data.netResult > 0 ? 'reality-check__win' : ''}
            >
              {net}
            </dd>
          </div>
          <div>
            <dt>{t('realityCheck.stakes')}</dt>
            <dd>{formatAmount(data.stakes)}</dd>
          </div>
          <div>
            <dt>{t('realityCheck.wins')}</dt>
            <dd>{formatAmount(data.wins)}</dd>
          </div>
        </dl>
      ) : (
        <p className="play-dialog__text">{t('realityCheck.summaryUnavailable')}</p>
      )}
      {acknowledge.isError ? (
        <p className="play-field__error" role="alert">
          {t('realityCheck.continueFailed')}
        </p>
      ) : null}
      <div className="reality-check__actions">
        {kind === 'realityCheck' ? (
          <Button
            variant="primary"
            onClick={() => acknowledge.mutate()}
            disabled={acknowledge.isPending}
            data-testid="reality-check-continue"
            autoFocus
          >
            {t('realityCheck.continue')}
          </Button>
        ) : null}
        <a className={buttonClassName({ variant: 'ghost' })} href={HISTORY_PAGE_PATH} target="_top">
          {t('realityCheck.history')}
        </a>
        <a
          className={buttonClassName({ variant: kind === 'sessionTime' ? 'primary' : 'ghost' })}
          href={LOBBY_PATH}
          target="_top"
          data-testid="reality-check-stop"
        >
          {t(kind === 'sessionTime' ? 'realityCheck.leave' : 'realityCheck.stop')}
        </a>
      </div>
    </dialog>
  );
}

/**
 * For the frame's error handler: `report(error)` opens the dialog and answers true when a
 * round was refused by a due reality check or the session-time limit (the caller then
 * shows no toast; autoplay stops on the failed round). `onSessionEnded` turns play off.
 */
export function useRealityCheck(onSessionEnded: () => void): {
  report: (error: unknown) => boolean;
  dialog: ReactNode;
} {
  const [kind, setKind] = useState<FrameInterruption | null>(null);
  const report = useCallback(
    (error: unknown) => {
      const found = frameInterruption(error);
      if (found === 'sessionTime') onSessionEnded();
      if (found) setKind(found);
      return found !== null;
    },
    [onSessionEnded],
  );
  const close = useCallback(() => setKind(null), []);
  const dialog = useMemo(
    () => (kind ? <RealityCheckDialog key={kind} kind={kind} onContinue={close} onClose={close} /> : null),
    [kind, close],
  );
  return { report, dialog };
}
