import type { OriginalsFreespin, OriginalsFreespinAfter } from '@croupier/contract';
import { useCallback, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { afterFreeSpin, noticeKey, withoutGrant, type FreespinNotice } from '../freespins';
import { Button } from '../../../components/ui/Button';
import './freespins.css';

/**
 * The frame's free spins: the grants of the session, whether Play spends one of them, and
 * what to say once they end. The first grant is the one played.
 */
export function useFreespinPlay(initial: readonly OriginalsFreespin[]) {
  const [grants, setGrants] = useState<OriginalsFreespin[]>(() => [...initial]);
  const [using, setUsing] = useState(false);
  const [notice, setNotice] = useState<FreespinNotice | null>(null);
  const current = grants[0];

  const apply = useCallback((after: OriginalsFreespinAfter) => {
    setGrants((list) => {
      const next = afterFreeSpin(list, after);
      if (next.notice) {
        setNotice(next.notice);
        if (next.grants.length === 0) setUsing(false);
      }
      return next.grants;
    });
  }, []);

  const drop = useCallback((id: string) => {
    setGrants((list) => {
      const next = withoutGrant(list, id);
      if (next.length === 0) setUsing(false);
      return next;
    });
    setNotice({ kind: 'unavailable' });
  }, []);

  return {
    grants,
    current,
    /** The grant whose spin Play plays now, if the player chose to play free spins. */
    playing: using ? current : undefined,
    using: using && current !== undefined,
    toggle: () => {
      setUsing((on) => !on);
      setNotice(null);
    },
    notice,
    apply,
    drop,
  };
}

export type FreespinPlay = ReturnType<typeof useFreespinPlay>;

/**
 * The free spins of a bonus in the slot's panel: "Free spins: 14 of 20 left · won 1.40 USD",
 * the stake of each, a switch between free and paid spins, and what the winnings became.
 */
export function FreespinsPanel(props: {
  grant: OriginalsFreespin | undefined;
  /** Further grants waiting after this one. */
  more: number;
  using: boolean;
  onToggle: () => void;
  notice: FreespinNotice | null;
  disabled: boolean;
  formatAmount: (major: number) => string;
}) {
  const { grant, more, using, notice, formatAmount } = props;
  const { t } = useTranslation('global-components');
  const titleId = useId();
  if (!grant && !notice) return null;
  return (
    <section
      className={`play-freespins${using ? ' play-freespins--using' : ''}`}
      aria-labelledby={titleId}
      data-testid="freespins"
    >
      <h2 id={titleId} className="play-freespins__title">
        {grant ? grant.name : t('play.freespins.title')}
      </h2>
      {grant ? (
        <>
          <p className="play-freespins__status" aria-live="polite" data-testid="freespins-status">
            {t('play.freespins.status', {
              remaining: grant.remaining,
              count: grant.count,
              won: formatAmount(grant.won),
            })}
          </p>
          <p className="play-freespins__meta">
            {t('play.freespins.betValue', { amount: formatAmount(grant.betAmount) })}
            {more > 0 ? ` · ${t('play.freespins.more', { count: more })}` : ''}
          </p>
          <Button
            variant={using ? 'ghost' : 'primary'}
            className="play-freespins__toggle"
            aria-pressed={using}
            disabled={props.disabled}
            onClick={props.onToggle}
            data-testid="freespins-toggle"
          >
            {using ? t('play.freespins.usePaid') : t('play.freespins.use')}
          </Button>
        </>
      ) : null}
      {notice ? (
        <p className="play-freespins__notice" role="status" data-testid="freespins-notice">
          {t(noticeKey(notice), notice.kind === 'bonus' ? { amount: formatAmount(notice.amount) } : {})}
        </p>
      ) : null}
    </section>
  );
}
