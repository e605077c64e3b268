import type { Bonus, PlayerBonus, PlayerFreespinDetail } from '@croupier/contract';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ModalCloseOnly } from '../../components/ModalCloseOnly';
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

type Failure = 'failed' | 'unavailable';

/**
 * What a confirmation's action came to: on success the modal closes and `onDone` (a prop)
 * runs; a failure stays on the screen until the player asks again (`reset`). `screen` is
 * what ConfirmScreen takes of it and of the modal.
 */
function useOutcome({ definition, props, close }: Pick<ModalBodyProps, 'definition' | 'props' | 'close'>) {
  const [failure, setFailure] = useState<Failure | null>(null);
  const onDone = typeof props.onDone === 'function' ? (props.onDone as () => void) : undefined;
  return {
    screen: { definition, close, failure },
    reset: () => setFailure(null),
    succeeded: () => {
      close({ force: true });
      onDone?.();
    },
    failed: (error: unknown) => setFailure(isApiError(error, 'BONUS_NOT_AVAILABLE') ? 'unavailable' : 'failed'),
  };
}

/** One line of the subject of a screen: what it is (`term`) and its name. */
function Subject({ term, name }: { term: string; name: string }) {
  return (
    <div>
      <dt>{term}</dt>
      <dd>{name}</dd>
    </div>
  );
}

/**
 * The confirmation screen: the modal's description, the subject (`children`), why the
 * action failed, then cancel and confirm. Its texts are the modal's (`definition`).
 */
function ConfirmScreen({
  definition,
  close,
  failure,
  pending,
  onConfirm,
  testId,
  children,
}: Pick<ModalBodyProps, 'definition' | 'close'> & {
  failure: Failure | null;
  pending: boolean;
  onConfirm: () => void;
  testId: string;
  children: ReactNode;
}) {
  const { t } = useTranslation('modals');
  const text = (key: string) => t(modalTextKeys(definition, key));
  return (
    <div className="bonus-modal">
      <p className="modal__description">{text('description')}</p>
      <dl className="bonus-modal__subject">{children}</dl>
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
          disabled={pending || failure === 'unavailable'}
          aria-busy={pending}
          onClick={onConfirm}
          data-testid={testId}
        >
          {pending ? t('bonusConfirmAction.processing') : text('confirm')}
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
  const outcome = useOutcome({ definition, props, close });
  const bonus = asPlayerBonus(props.playerBonus);
  const active = asPlayerBonus(props.activeBonus);

  if (!bonus) return <ModalCloseOnly close={close} />;

  const confirm = () => {
    outcome.reset();
    action.mutate(
      { id: bonus.id, action: name === 'change-active-bonus' ? 'activate' : 'cancel' },
      {
        onSuccess: outcome.succeeded,
        onError: (error) => {
          if (isApiError(error, 'BONUS_CANCEL_LOCKED')) {
            close({ force: true });
            open('bonus-cancel-lock', { props: { playerBonus: active ?? bonus } });
          } else {
            outcome.failed(error);
          }
        },
      },
    );
  };

  return (
    <ConfirmScreen {...outcome.screen} pending={action.isPending} onConfirm={confirm} testId="bonus-confirm">
      {name === 'change-active-bonus' && active ? (
        <Subject term={t('bonusConfirmAction.current')} name={active.name} />
      ) : null}
      <Subject
        term={t(name === 'change-active-bonus' ? 'bonusConfirmAction.next' : 'bonusConfirmAction.bonus')}
        name={bonus.name}
      />
    </ConfirmScreen>
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
          <Subject term={t('bonusConfirmAction.bonus')} name={bonus.name} />
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
  const outcome = useOutcome({ definition, props, close });
  const grant =
    props.playerFreespin && typeof props.playerFreespin === 'object' && 'gameId' in props.playerFreespin
      ? (props.playerFreespin as PlayerFreespinDetail)
      : undefined;

  if (!grant) return <ModalCloseOnly close={close} />;

  const confirm = () => {
    outcome.reset();
    action.mutate({ id: grant.id, action: 'cancel' }, { onSuccess: outcome.succeeded, onError: outcome.failed });
  };

  return (
    <ConfirmScreen {...outcome.screen} pending={action.isPending} onConfirm={confirm} testId="freespin-confirm">
      <Subject term={t('bonusConfirmAction.freespins')} name={grant.name} />
    </ConfirmScreen>
  );
}
