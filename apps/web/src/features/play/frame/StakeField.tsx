import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { clampStake, doubleStake, halveStake, parseStake, stakeProblem, type StakeProblem } from '../logic';
import { useFrame } from './context';

/** The stake field's state: the text as typed and the number it means. */
export function useStake() {
  const { session } = useFrame();
  const limits = { minStake: session.minStake, maxStake: session.maxStake, decimals: session.decimals };
  const [text, setText] = useState(() => clampStake(1, limits).toFixed(session.decimals));
  const stake = parseStake(text);
  const set = (value: number) => setText(clampStake(value, limits).toFixed(session.decimals));
  return {
    text,
    setText,
    stake,
    limits,
    set,
    half: () => set(halveStake(Number.isNaN(stake) ? session.minStake : stake, limits)),
    double: () => set(doubleStake(Number.isNaN(stake) ? session.minStake : stake, limits)),
    /** Why a round costing `cost` cannot be played now, or null. */
    problem: (cost: number, balance: number): StakeProblem | null => stakeProblem(stake, cost, balance, limits),
  };
}

export type StakeState = ReturnType<typeof useStake>;

/**
 * The stake in major units with ½, 2×, min and max; its error shows under it. `lockedTo`
 * (a bonus's free spins) shows that stake instead, read-only; the player's own comes back
 * when it is gone.
 */
export function StakeField(props: {
  state: StakeState;
  cost: number;
  disabled: boolean;
  /** A 422 from the server on `amount`. */
  serverError: boolean;
  label?: string;
  lockedTo?: number | undefined;
}) {
  const { state, cost, serverError, lockedTo } = props;
  const locked = lockedTo !== undefined;
  const disabled = props.disabled || locked;
  const { session, balance, formatAmount } = useFrame();
  const { t } = useTranslation('global-components');
  const id = useId();
  const errorId = useId();
  const lockedId = useId();
  const problem = locked ? null : state.problem(cost, balance);
  const message = locked
    ? null
    : problem
      ? t(`play.stakeErrors.${problem}`, {
          decimals: session.decimals,
          min: formatAmount(session.minStake),
          max: formatAmount(session.maxStake),
        })
      : serverError
        ? t('play.stakeErrors.server')
        : null;
  return (
    <div className="play-field">
      <label htmlFor={id} className="play-field__label">
        {props.label ?? t('play.stake')} <span className="play-field__unit">({session.currency})</span>
      </label>
      <div className="play-stake">
        <input
          id={id}
          className="play-input play-stake__input"
          inputMode="decimal"
          autoComplete="off"
          value={locked ? lockedTo.toFixed(session.decimals) : state.text}
          disabled={disabled}
          aria-invalid={message ? true : undefined}
          aria-describedby={message ? errorId : locked ? lockedId : undefined}
          onChange={(event) => state.setText(event.target.value)}
          onBlur={() => {
            if (!Number.isNaN(state.stake) && state.stake > 0) state.set(state.stake);
          }}
        />
        <button
          type="button"
          className="play-stake__button"
          disabled={disabled}
          aria-label={`½ ${t('play.halfLabel')}`}
          onClick={state.half}
        >
          ½
        </button>
        <button
          type="button"
          className="play-stake__button"
          disabled={disabled}
          aria-label={`2× ${t('play.doubleLabel')}`}
          onClick={state.double}
        >
          2×
        </button>
      </div>
      <div className="play-stake__limits">
        <button type="button" className="play-link" disabled={disabled} onClick={() => state.set(session.minStake)}>
          {t('play.min')} {formatAmount(session.minStake)}
        </button>
        <button
          type="button"
          className="play-link"
          disabled={disabled}
          onClick={() => state.set(Math.min(session.maxStake, balance))}
        >
          {t('play.max')}
        </button>
      </div>
      {locked ? (
        <p id={lockedId} className="play-stake__locked" data-testid="stake-locked">
          {t('play.freespins.stakeLocked')}
        </p>
      ) : null}
      {message ? (
        <p id={errorId} className="play-field__error" role="alert">
          {message}
        </p>
      ) : null}
    </div>
  );
}
