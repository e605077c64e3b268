import type { Bonus, PlayerBonus, PlayerFreespinDetail } from '@croupier/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/Button';
import { isApiError } from '../../lib/api';
import { modalTextKeys, useModals, type ModalBodyProps } from '../modals';
import { useCurrencies } from '../settings';
import { useBonusAction, useFreespinAction } from './api';
import { OfferTerms, PlayerBonusTerms } from './BonusTerms';
import './bonus-modals.css';

/**
 * The bonus modals' bodies (a lazy entry: app/modal-bodies.tsx). bonus-details shows the
 * terms of an offer (`offer`, `currency`) or of one of the player's bonuses
 * (`playerBonus`). change-active-bonus, cancel-active-bonus and cancel-issued-bonus are one
 * confirmation screen (content `bonusConfirmAction` with a variant each), and
 * cancel-unsettled-bonus the same screen with its warning: each names the bonus and does
 * the action itself, so that a refusal shows where it was asked for. `onDone` (a prop) runs
 * after the action succeeded. bonus-cancel-lock says why a bonus cannot be cancelled.
 * cancel-freespins is the same screen for a free-spin grant (`playerFreespin`): it says
 * that the winnings so far are forfeit.
 */

function asPlayerBonus(value: unknown): PlayerBonus | undefined {
  return value && typeof value === 'object' && 'id' in value && 'status' in value ? (value as PlayerBonus) : undefined;
}

export function BonusDetailsBody({ props, close }: ModalBodyProps) {
  const { t } = useTranslation('modals');
  const { t: tg } = useTranslation('global-components');
  const currencies = useCurrencies().data;
  const playerBonus = asPlayerBonus(props.playerBonus);
  const offer = props.offer && typeof props.offer === 'object' ? (props.offer as Bonus) : undefined;
  const code = typeof props.currency === 'string' ? props.currency : (playerBonus?.currency ?? '');
  const currency = currencies?.find((item) => item.code === code);
  const packageName = typeof props.packageName === 'string' ? props.packageName : null;
  const step = typeof props.step === 'number' ? props.step : null;

  return (
    <div className="bonus-modal">
      <p className="modal__description">{t('bonusDetails.description')}</p>
      {playerBonus ? <PlayerBonusTerms bonus={playerBonus} currency={currency} /> : null}
      {!playerBonus && offer ? (
        <OfferTerms
          offer={offer}
          currency={currency}
          code={code}
          heading={
            packageName !== null && step !== null
              ? `${packageName} · ${tg('wallet.bonus.step', { count: step })}`
              : (packageName ?? offer.name)
          }
        />
      ) : null}
      <div className="modal__actions">
        <Button shape="dialog" variant="primary" onClick={() => close()}>
          {t('bonusDetails.close')}
        </Button>
      </div>
    </div>
  );
}

/** The confirmation of an activation over an active bonus, or of a cancellation. */
export function BonusConfirmBody({ name, definition, props, close }: ModalBodyProps) {
  const { t } = useTranslation('modals');
  const { open } = useModals();
  const action = useBonusAction();
  const [failure, setFailure] = useState<'failed' | 'unavailable' | null>(null);
  const bonus = asPlayerBonus(props.playerBonus);
  const active = asPlayerBonus(props.activeBonus);
  const onDone = typeof props.onDone === 'function' ? (props.onDone as () => void) : undefined;
  const text = (key: string) => t(modalTextKeys(definition, key));

  if (!bonus) {
    return (
      <div className="modal__actions">
        <Button shape="dialog" variant="primary" onClick={() => close()}>
          {t('close')}
        </Button>
      </div>
    );
  }

  const confirm = () => {
    setFailure(null);
    action.mutate(
      { id: bonus.id, action: name === 'change-active-bonus' ? 'activate' : 'cancel' },
      {
        onSuccess: () => {
          close({ force: true });
          onDone?.();
        },
        onError: (error) => {
          if (isApiError(error, 'BONUS_CANCEL_LOCKED')) {
            close({ force: true });
            open('bonus-cancel-lock', { props: { playerBonus: active ?? bonus } });
          } else {
            setFailure(isApiError(error, 'BONUS_NOT_AVAILABLE') ? 'unavailable' : 'failed');
          }
        },
      },
    );
  };

  return (
    <div className="bonus-modal">
      <p className="modal__description">{text('description')}</p>
      <dl className="bonus-modal__subject">
        {name === 'change-active-bonus' && active ? (
          <div>
            <dt>{t('bonusConfirmAction.current')}</dt>
            <dd>{active.name}</dd>
          </div>
        ) : null}
        <div>
          <dt>{t(name === 'change-active-bonus' ? 'bonusConfirmAction.next' : 'bonusConfirmAction.bonus')}</dt>
          <dd>{bonus.name}</dd>
        </div>
      </dl>
      {failure ? (
        <p className="bonus-modal__error" role="alert">
          {t(`bonusConfirmAction.${failure}`)}
        </p>
      ) : null}
      <div className="modal__actions">
        <Button shape="dialog" variant="primary" onClick={() => close()}>
          {text('cancel')}
        </Button>
        <Button
          shape="dialog"
          variant="ghost"
          disabled={action.isPending || failure === 'unavailable'}
          aria-busy={action.isPending}
          onClick={confirm}
          data-testid="bonus-confirm"
        >
          {action.isPending ? t('bonusConfirmAction.processing') : text('confirm')}
        </Button>
      </div>
    </div>
  );
}

/** A locked bonus: it cannot be cancelled or replaced once its wager has started. */
export function BonusCancelLockBody({ props, close }: ModalBodyProps) {
  const { t } = useTranslation('modals');
  const bonus = asPlayerBonus(props.playerBonus);
  return (
    <div className="bonus-modal">
      <p className="modal__description">{t('bonusCancelLock.description')}</p>
      {bonus ? (
        <dl className="bonus-modal__subject">
          <div>
            <dt>{t('bonusConfirmAction.bonus')}</dt>
            <dd>{bonus.name}</dd>
          </div>
        </dl>
      ) : null}
      <div className="modal__actions">
        <Button shape="dialog" variant="primary" onClick={() => close()}>
          {t('bonusCancelLock.ok')}
        </Button>
      </div>
    </div>
  );
}

/** The confirmation of cancelling a free-spin grant: what its spins won so far is forfeit. */
export function FreespinCancelBody({ definition, props, close }: ModalBodyProps) {
  const { t } = useTranslation('modals');
  const action = useFreespinAction();
  const [failure, setFailure] = useState<'failed' | 'unavailable' | null>(null);
  const grant =
    props.playerFreespin && typeof props.playerFreespin === 'object' && 'gameId' in props.playerFreespin
      ? (props.playerFreespin as PlayerFreespinDetail)
      : undefined;
  const onDone = typeof props.onDone === 'function' ? (props.onDone as () => void) : undefined;
  const text = (key: string) => t(modalTextKeys(definition, key));

  if (!grant) {
    return (
      <div className="modal__actions">
        <Button shape="dialog" variant="primary" onClick={() => close()}>
          {t('close')}
        </Button>
      </div>
    );
  }

  const confirm = () => {
    setFailure(null);
    action.mutate(
      { id: grant.id, action: 'cancel' },
      {
        onSuccess: () => {
          close({ force: true });
          onDone?.();
        },
        onError: (error) => setFailure(isApiError(error, 'BONUS_NOT_AVAILABLE') ? 'unavailable' : 'failed'),
      },
    );
  };

  return (
    <div className="bonus-modal">
      <p className="modal__description">{text('description')}</p>
      <dl className="bonus-modal__subject">
        <div>
          <dt>{t('bonusConfirmAction.freespins')}</dt>
          <dd>{grant.name}</dd>
        </div>
      </dl>
      {failure ? (
        <p className="bonus-modal__error" role="alert">
          {t(`bonusConfirmAction.${failure}`)}
        </p>
      ) : null}
      <div className="modal__actions">
        <Button shape="dialog" variant="primary" onClick={() => close()}>
          {text('cancel')}
        </Button>
        <Button
          shape="dialog"
          variant="ghost"
          disabled={action.isPending || failure === 'unavailable'}
          aria-busy={action.isPending}
          onClick={confirm}
          data-testid="freespin-confirm"
        >
          {action.isPending ? t('bonusConfirmAction.processing') : text('confirm')}
        </Button>
      </div>
    </div>
  );
}
