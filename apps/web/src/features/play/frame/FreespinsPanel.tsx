import type { OriginalsFreespin, OriginalsFreespinAfter } from '@croupier/contract';
import { useCallback, useEffect, useId, useReducer } from 'react';
import { useTranslation } from 'react-i18next';
import {
  chosenGrant,
  freespinReducer,
  initialFreespinState,
  noticeKey,
  readFreespinChoice,
  writeFreespinChoice,
  type FreespinNotice,
} from '../freespins';
import { Button } from '../../../components/ui/Button';
import { formatDateTime } from '../../../lib/format';
import './freespins.css';

/** The tab's session storage, where the chosen grant is kept while the frame is open. */
const storage = typeof sessionStorage === 'undefined' ? undefined : sessionStorage;

/**
 * The frame's free spins: the grants of the session, the one the player chose (kept for
 * this frame, reloads included), whether Play spends it, and what to say once one ends.
 */
export function useFreespinPlay(initial: readonly OriginalsFreespin[]) {
  const [state, dispatch] = useReducer(freespinReducer, initial, (grants) =>
    initialFreespinState(grants, grants.length > 0 ? readFreespinChoice(storage) : null),
  );
  const current = chosenGrant(state.grants, state.chosenId);
  const currentId = current?.id ?? null;
  useEffect(() => {
    if (currentId !== null) writeFreespinChoice(storage, currentId);
  }, [currentId]);

  const apply = useCallback((after: OriginalsFreespinAfter) => dispatch({ type: 'spun', after }), []);
  const drop = useCallback((id: string) => dispatch({ type: 'gone', id }), []);
  const choose = useCallback((id: string) => dispatch({ type: 'choose', id }), []);
  const toggle = useCallback(() => dispatch({ type: 'toggle' }), []);
  const using = state.using && current !== undefined;

  return {
    grants: state.grants,
    current,
    /** The grant whose spin Play plays now, if the player chose to play free spins. */
    playing: using ? current : undefined,
    using,
    toggle,
    choose,
    notice: state.notice,
    apply,
    drop,
  };
}

export type FreespinPlay = ReturnType<typeof useFreespinPlay>;

/**
 * The free spins of a bonus in the slot's panel: "Free spins: 14 of 20 left · won 1.40 USD",
 * the stake of each, a switch between free and paid spins, and what the winnings became.
 * With several grants, a radio group chooses the one Play spends (arrow keys move the choice;
 * it is fixed while a round runs).
 */
export function FreespinsPanel(props: {
  /** The session's grants still open, in the server's order. */
  grants: readonly OriginalsFreespin[];
  /** The chosen grant (the first until the player chooses). */
  grant: OriginalsFreespin | undefined;
  onChoose: (id: string) => void;
  using: boolean;
  onToggle: () => void;
  notice: FreespinNotice | null;
  disabled: boolean;
  formatAmount: (major: number) => string;
}) {
  const { grants, grant, using, notice, formatAmount } = props;
  const { t, i18n } = useTranslation('global-components');
  const titleId = useId();
  const choiceName = useId();
  if (!grant && !notice) return null;
  const several = grants.length > 1;
  const deadline = (expiresAt: string | null) => {
    const date = formatDateTime(expiresAt, i18n.language);
    return date ? t('play.freespins.playBy', { date }) : t('play.freespins.noDeadline');
  };
  return (
    <section
      className={`play-freespins${using ? ' play-freespins--using' : ''}`}
      aria-labelledby={titleId}
      data-testid="freespins"
    >
      <h2 id={titleId} className="play-freespins__title">
        {grant && !several ? grant.name : t('play.freespins.title')}
      </h2>
      {grant && several ? (
        <fieldset className="play-freespins__choices" disabled={props.disabled} data-testid="freespins-choices">
          <legend className="play-freespins__legend">{t('play.freespins.choose')}</legend>
          {grants.map((option) => {
            const chosen = option.id === grant.id;
            return (
              <label
                key={option.id}
                className={`play-freespins__choice${chosen ? ' play-freespins__choice--chosen' : ''}`}
                data-freespin-id={option.id}
                data-testid="freespins-choice"
              >
                <input
                  type="radio"
                  className="play-freespins__radio"
                  name={choiceName}
                  value={option.id}
                  checked={chosen}
                  onChange={() => props.onChoose(option.id)}
                />
                <span className="play-freespins__choice-text">
                  <span className="play-freespins__choice-name">{option.name}</span>
                  <span className="play-freespins__choice-facts">
                    {[
                      t('play.freespins.left', { remaining: option.remaining, count: option.count }),
                      t('play.freespins.perSpin', { amount: formatAmount(option.betAmount) }),
                      deadline(option.expiresAt),
                    ].join(' · ')}
                  </span>
                </span>
              </label>
            );
          })}
        </fieldset>
      ) : null}
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
            {several ? '' : ` · ${deadline(grant.expiresAt)}`}
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
