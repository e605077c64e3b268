import {
  CashLimitPeriod,
  LimitDefinition,
  type CashLimitDefinition,
  type Limit,
  type StatusItem,
} from '@croupier/contract';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../../components/fields';
import { ModalCloseOnly } from '../../components/ModalCloseOnly';
import { AmountField } from '../../components/ui/AmountField';
import { Button } from '../../components/ui/Button';
import { Checkbox } from '../../components/ui/Checkbox';
import { Select } from '../../components/ui/Select';
import { Tabs } from '../../components/ui/Tabs';
import { ApiError, hasApiStatus, isApiError } from '../../lib/api';
import { parseAmountInput } from '../../lib/amount-input';
import { useLocale } from '../../lib/app-settings';
import { formatDateTime, formatMoney } from '../../lib/format';
import { displayUnitOf, fromDisplayAmount, toDisplayAmount, type DisplayUnit } from '../../lib/wallet-display';
import { expectSignOut, firstFieldErrors, logout, session, useConstants, useGoHomeThen } from '../auth';
import { useToasts } from '../layout';
import type { ModalBodyProps } from '../modals';
import { useCurrencies } from '../settings';
import { useCreateLimit, useDeleteLimit, useLimits, usePlayerAccounts, useUpdateLimit } from './api';
import {
  amountChange,
  CASH_DEFINITION_ORDER,
  definitionKey,
  freeCurrencies,
  isCashLimit,
  longerPeriods,
} from './logic';
import '../../components/ui/layout.css';
import './limits.css';

/**
 * The limit modals' bodies (a lazy entry: app/modal-bodies.tsx). add-cash-limit and
 * edit-cash-limit set, change and remove a bet, loss or deposit limit; cooling-off-limit
 * and self-exclusion-limit start a break after a positive confirmation (a tick box), then
 * sign the player out: the server ends every session of the player when one starts.
 */

/** The first field error of a 422, whatever field the server named (the form shows it on the amount). */
function amountError(error: unknown): string | undefined {
  if (!(error instanceof ApiError) || !hasApiStatus(error, 'VALIDATION_FAILED')) return undefined;
  const fields = firstFieldErrors(error.fields);
  return fields.amount ?? Object.values(fields)[0];
}

function useUnitOf(code: string | undefined) {
  const currency = useCurrencies().data?.find((item) => item.code === code);
  return { currency, unit: displayUnitOf(currency, code) };
}

/**
 * The amount of a cash-limit form, in the display unit: `field` goes to its AmountField
 * (typing clears the error), `typed` is the number read from it (null when unreadable),
 * and `reject` shows why an amount is refused and puts the focus back on the field.
 */
function useAmountInput(initial: string | (() => string), { id, unit }: { id: string; unit: DisplayUnit }) {
  const { locale } = useLocale();
  const [amount, setAmount] = useState(initial);
  const [error, setError] = useState<string | undefined>();
  const ref = useRef<HTMLInputElement>(null);
  const reject = (message: string) => {
    setError(message);
    ref.current?.focus();
  };
  const onChange = (value: string) => {
    setAmount(value);
    setError(undefined);
  };
  return {
    typed: parseAmountInput(amount, { locale, decimals: unit.decimals }),
    reject,
    field: { ref, id: `${id}-amount`, name: 'amount', value: amount, error, onChange, decimals: unit.decimals, locale },
  };
}

/** Why the last request of a limit form failed, when it did. */
function FormError({ text }: { text: string | null }) {
  return text ? (
    <p className="field__error" role="alert">
      {text}
    </p>
  ) : null;
}

export function AddCashLimitBody({ close }: ModalBodyProps) {
  const { t } = useTranslation('modals');
  const { t: tg } = useTranslation('global-components');
  const { t: ta } = useTranslation('alerts');
  const { notify } = useToasts();
  const id = useId();
  const constants = useConstants().data;
  const accounts = usePlayerAccounts();
  const limits = useLimits().data ?? [];
  const create = useCreateLimit();
  const periods: string[] = constants?.player.limit.cashPeriod.map((item) => String(item.id)) ?? [...CashLimitPeriod];
  const currencies = [...new Set((accounts.data ?? []).map((account) => account.currency))];
  const activeCurrency = accounts.data?.find((account) => account.status === 1)?.currency;

  const [definition, setDefinition] = useState<CashLimitDefinition>(LimitDefinition.DEPOSIT);
  const [period, setPeriod] = useState<string>(periods[0] ?? 'daily');
  const [chosenCurrency, setCurrency] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);

  const currency = chosenCurrency ?? activeCurrency ?? currencies[0] ?? '';
  const { unit } = useUnitOf(currency);
  const input = useAmountInput('', { id, unit });
  const taken = currency !== '' && !freeCurrencies(limits, [currency], definition, period).includes(currency);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFormError(null);
    const value = input.typed;
    if (value === null || value <= 0) {
      input.reject(t('addCashLimit.amountRequired'));
      return;
    }
    create.mutate(
      { definition, period, currency, amount: fromDisplayAmount(value, unit) },
      {
        onSuccess: () => {
          close({ force: true });
          notify({ type: 'success', title: ta('limitAdded.title'), description: ta('limitAdded.description') });
        },
        onError: (failure) => {
          const field = amountError(failure);
          if (field) input.reject(field);
          else if (isApiError(failure, 'CONFLICT')) setFormError(t('addCashLimit.taken'));
          else setFormError(ta('somethingWrong.description'));
        },
      },
    );
  };

  if (accounts.isSuccess && currencies.length === 0) {
    return <NoticeBody text={t('addCashLimit.noAccounts')} closeLabel={t('close')} onClose={() => close()} />;
  }

  return (
    <form className="limits-modal" noValidate aria-busy={create.isPending} onSubmit={submit}>
      <p className="modal__description">{t('addCashLimit.description')}</p>
      <Select
        id={`${id}-type`}
        label={t('addCashLimit.type')}
        value={String(definition)}
        onChange={(event) => setDefinition(Number(event.target.value) as CashLimitDefinition)}
        options={CASH_DEFINITION_ORDER.map((item) => ({
          value: String(item),
          label: tg(`limits.definitions.${definitionKey(item) ?? 'deposit'}`),
        }))}
      />
      <div className="limits-modal__field">
        <span className="limits-modal__label" id={`${id}-period`}>
          {t('addCashLimit.period')}
        </span>
        <Tabs
          idBase={`${id}-periods`}
          hasPanel={false}
          label={t('addCashLimit.period')}
          tabs={periods.map((key) => ({ key, label: tg(`limits.periods.${key}`, { defaultValue: key }) }))}
          selected={period}
          onSelect={setPeriod}
        />
      </div>
      <Select
        id={`${id}-currency`}
        label={t('addCashLimit.currency')}
        value={currency}
        onChange={(event) => setCurrency(event.target.value)}
        options={currencies.map((code) => ({ value: code, label: code }))}
        error={taken ? t('addCashLimit.taken') : undefined}
      />
      <AmountField {...input.field} label={`${t('addCashLimit.amount')} (${unit.code})`} />
      <FormError text={formError} />
      <div className="modal__actions">
        <Button type="submit" shape="dialog" variant="primary" disabled={create.isPending || taken || !currency}>
          {create.isPending ? <Spinner /> : null}
          {t('addCashLimit.submit')}
        </Button>
        <Button shape="dialog" variant="ghost" onClick={() => close()}>
          {t('addCashLimit.cancel')}
        </Button>
      </div>
    </form>
  );
}

function asLimit(value: unknown): Limit | undefined {
  return value && typeof value === 'object' && 'id' in value && 'definition' in value ? (value as Limit) : undefined;
}

export function EditCashLimitBody({ props, close }: ModalBodyProps) {
  const { t } = useTranslation('modals');
  const { t: tg } = useTranslation('global-components');
  const { t: ta } = useTranslation('alerts');
  const { locale } = useLocale();
  const { notify } = useToasts();
  const id = useId();
  const given = asLimit(props.limit);
  // The list's copy, when loaded, is the newest (a change in another tab).
  const listed = useLimits().data?.find((item) => item.id === given?.id);
  const limit = listed ?? given;
  const { currency, unit } = useUnitOf(limit?.currency ?? undefined);
  const update = useUpdateLimit();
  const remove = useDeleteLimit();
  const input = useAmountInput(
    () => (limit?.amount !== null && limit?.amount !== undefined ? String(toDisplayAmount(limit.amount, unit)) : ''),
    { id, unit },
  );
  const [formError, setFormError] = useState<string | null>(null);
  const [removing, setRemoving] = useState(false);
  const confirmRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (removing) confirmRef.current?.focus();
  }, [removing]);

  if (!limit || !isCashLimit(limit)) return <ModalCloseOnly close={close} />;

  const name = tg(`limits.definitions.${definitionKey(limit.definition) ?? 'deposit'}`);
  const period = tg(`limits.periods.${limit.period}`, { defaultValue: limit.period });
  const next = input.typed === null ? null : fromDisplayAmount(input.typed, unit);
  const change = next === null || next <= 0 ? null : amountChange(limit.amount, next);
  const busy = update.isPending || remove.isPending;
  const failed = () => setFormError(ta('somethingWrong.description'));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFormError(null);
    if (next === null || next <= 0) {
      input.reject(t('addCashLimit.amountRequired'));
      return;
    }
    if (change === 'same') {
      input.reject(t('editCashLimit.same'));
      return;
    }
    update.mutate(
      { limitId: limit.id, body: { amount: next } },
      {
        onSuccess: (answer) => {
          close({ force: true });
          if (answer.pendingExist) {
            notify({
              type: 'info',
              title: ta('limitPending.title'),
              description: ta('limitPending.description', { date: formatDateTime(answer.expiredAt, locale) ?? '' }),
            });
          } else {
            notify({ type: 'success', title: ta('limitUpdated.title'), description: ta('limitUpdated.description') });
          }
        },
        onError: (failure) => {
          const field = amountError(failure);
          if (field) input.reject(field);
          else failed();
        },
      },
    );
  };

  const confirmRemove = () => {
    setFormError(null);
    remove.mutate(limit.id, {
      onSuccess: () => {
        close({ force: true });
        notify({ type: 'info', title: ta('limitRemoved.title'), description: ta('limitRemoved.description') });
      },
      onError: failed,
    });
  };

  return (
    <form className="limits-modal" noValidate aria-busy={busy} onSubmit={submit}>
      <p className="modal__description">{t('editCashLimit.description')}</p>
      <p className="limits-modal__subject">
        <strong>{name}</strong> · {period} · {limit.currency}
        <br />
        {t('editCashLimit.current', { amount: formatMoney(limit.amount, currency, locale, { code: limit.currency }) })}
        {limit.pendingExist && limit.pendingAmount !== null ? (
          <>
            <br />
            {t('profile.limits.pendingIncrease', {
              ns: 'layout',
              amount: formatMoney(limit.pendingAmount, currency, locale, { code: limit.currency }),
            })}
          </>
        ) : null}
      </p>
      {limit.cancelProcess ? (
        <p className="muted-note" role="note">
          {t('profile.limits.removalLocked', { ns: 'layout' })}
        </p>
      ) : (
        <>
          <AmountField
            {...input.field}
            label={`${t('editCashLimit.amount')} (${unit.code})`}
            hint={
              change === 'decrease'
                ? t('editCashLimit.decrease')
                : change === 'increase'
                  ? t('editCashLimit.increase')
                  : undefined
            }
            disabled={removing}
          />
          {removing ? (
            <div className="limits-modal__confirm" role="group" aria-labelledby={`${id}-remove`}>
              <p id={`${id}-remove`}>{t('editCashLimit.confirmRemove')}</p>
              <div className="button-row">
                <Button ref={confirmRef} variant="primary" disabled={busy} onClick={confirmRemove}>
                  {remove.isPending ? <Spinner /> : null}
                  {t('editCashLimit.removeYes')}
                </Button>
                <Button variant="ghost" disabled={busy} onClick={() => setRemoving(false)}>
                  {t('editCashLimit.cancel')}
                </Button>
              </div>
            </div>
          ) : null}
        </>
      )}
      <FormError text={formError} />
      <div className="modal__actions">
        {limit.cancelProcess ? (
          <Button shape="dialog" variant="primary" onClick={() => close()}>
            {t('close')}
          </Button>
        ) : (
          <>
            <Button type="submit" shape="dialog" variant="primary" disabled={busy || removing}>
              {update.isPending ? <Spinner /> : null}
              {t('editCashLimit.submit')}
            </Button>
            <Button shape="dialog" variant="ghost" disabled={busy || removing} onClick={() => setRemoving(true)}>
              {t('editCashLimit.remove')}
            </Button>
          </>
        )}
      </div>
    </form>
  );
}

type BreakKind = 'coolingOff' | 'selfExclusion';

const BREAKS = {
  coolingOff: {
    definition: LimitDefinition.COOLING_OFF,
    content: 'coolingOffLimit',
    labels: 'limits.coolingOffPeriods',
    alert: 'coolingOffActivated',
  },
  selfExclusion: {
    definition: LimitDefinition.SELF_EXCLUSION,
    content: 'selfExclusionLimit',
    labels: 'limits.selfExclusionPeriods',
    alert: 'selfExclusionActivated',
  },
} as const;

/**
 * A cooling-off or self-exclusion: the period (from the settings constants), the tick box
 * that makes it a deliberate choice, then — once the server has started it and ended every
 * session — the alert and the sign-out on the home page.
 */
function BreakBody({ kind, props, close }: { kind: BreakKind } & Pick<ModalBodyProps, 'props' | 'close'>) {
  const { t } = useTranslation('modals');
  const { t: tg } = useTranslation('global-components');
  const { t: ta } = useTranslation('alerts');
  const { locale } = useLocale();
  const { notify } = useToasts();
  const goHomeThen = useGoHomeThen();
  const id = useId();
  const config = BREAKS[kind];
  const constants = useConstants();
  const limitConstants = constants.data?.player.limit;
  const periods: readonly StatusItem[] =
    (kind === 'coolingOff' ? limitConstants?.coolingOffPeriod : limitConstants?.selfExclusionPeriod) ?? [];
  const create = useCreateLimit();
  const update = useUpdateLimit();
  // Given the one in force, the modal makes it longer (PUT { period }) instead of starting one.
  const given = asLimit(props.limit);
  const extending = given?.definition === config.definition ? given : undefined;
  const offered = extending
    ? longerPeriods(
        periods.map((item) => String(item.id)),
        extending.period,
      )
    : periods.map((item) => String(item.id));
  const choices = periods.filter((item) => offered.includes(String(item.id)));
  const busy = create.isPending || update.isPending;
  const [period, setPeriod] = useState<string | null>(null);
  const [confirmed, setConfirmed] = useState(false);
  const [problem, setProblem] = useState<'confirm' | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const chosen = period ?? (choices[0] ? String(choices[0].id) : null);
  const text = (key: string) => t(`${config.content}.${key}`);
  const when = (answer: Limit) => formatDateTime(answer.expiredAt, locale) ?? '';

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFormError(null);
    if (!confirmed) {
      setProblem('confirm');
      document.getElementById(`${id}-confirm`)?.focus();
      return;
    }
    if (!chosen) return;
    if (extending) extend(extending, chosen);
    else void start(chosen);
  };

  /** A longer period for the one in force: nothing else changes, the session goes on. */
  function extend(limit: Limit, chosenPeriod: string) {
    update.mutate(
      { limitId: limit.id, body: { period: chosenPeriod } },
      {
        onSuccess: (answer) => {
          close({ force: true });
          notify({
            type: 'success',
            title: ta('exclusionExtended.title'),
            description:
              answer.expiredAt === null
                ? ta('exclusionExtended.descriptionPermanent')
                : ta('exclusionExtended.description', { date: when(answer) }),
          });
        },
        onError: (failure) => setFormError(amountError(failure) ?? ta('somethingWrong.description')),
      },
    );
  }

  /**
   * The server ends every session of the player, this tab's too, and the tab may hear of it
   * (a 401, its realtime connection) before the answer arrives: that sign-out is expected,
   * and it may close this modal first, so what follows the answer does not need it mounted.
   */
  async function start(chosenPeriod: string) {
    expectSignOut();
    let answer: Limit;
    try {
      answer = await create.mutateAsync({ definition: config.definition, period: chosenPeriod });
    } catch (failure) {
      expectSignOut(false);
      setFormError(amountError(failure) ?? ta('somethingWrong.description'));
      return;
    }
    close({ force: true });
    notify({
      type: 'info',
      title: ta(`${config.alert}.title`),
      description:
        answer.expiredAt === null && kind === 'selfExclusion'
          ? ta('selfExclusionActivated.descriptionPermanent')
          : ta(`${config.alert}.description`, { date: when(answer) }),
      durationMs: 8000,
    });
    // Still signed in here: sign out on the home page (a players-only page would ask to sign in).
    if (session.getSnapshot()) {
      goHomeThen(() => {
        logout();
        // A sign-out of its own: the next 401 would be an expired session again.
        expectSignOut(false);
      });
    }
  }

  if (extending && constants.isSuccess && choices.length === 0) {
    return <NoticeBody text={text('noLonger')} closeLabel={t('close')} onClose={() => close()} />;
  }

  return (
    <form className="limits-modal" noValidate aria-busy={busy} onSubmit={submit}>
      <p className="modal__description">{text(extending ? 'extendDescription' : 'description')}</p>
      <fieldset className="limits-modal__periods">
        <legend className="limits-modal__label">{text('period')}</legend>
        {constants.isPending ? <Spinner /> : null}
        {choices.map((item) => {
          const value = String(item.id);
          return (
            <label key={value} className="panel panel--raised limits-modal__period">
              <input
                type="radio"
                name={`${id}-period`}
                value={value}
                checked={chosen === value}
                onChange={() => setPeriod(value)}
              />
              <span>{tg(`${config.labels}.${value}`, { defaultValue: item.name })}</span>
            </label>
          );
        })}
      </fieldset>
      <Checkbox
        id={`${id}-confirm`}
        label={text(extending ? 'extendConfirm' : 'confirmCheckbox')}
        checked={confirmed}
        error={problem === 'confirm' && !confirmed ? text('confirmRequired') : undefined}
        onChange={(event) => {
          setConfirmed(event.target.checked);
          setProblem(null);
        }}
      />
      {extending ? null : <p className="muted-note">{text('signOut')}</p>}
      <FormError text={formError} />
      <div className="modal__actions">
        <Button type="submit" shape="dialog" variant="primary" disabled={busy || !chosen}>
          {busy ? <Spinner /> : null}
          {text(extending ? 'extendSubmit' : 'submit')}
        </Button>
        <Button shape="dialog" variant="ghost" disabled={busy} onClick={() => close()}>
          {text('cancel')}
        </Button>
      </div>
    </form>
  );
}

export function CoolingOffBody({ props, close }: ModalBodyProps) {
  return <BreakBody kind="coolingOff" props={props} close={close} />;
}

export function SelfExclusionBody({ props, close }: ModalBodyProps) {
  return <BreakBody kind="selfExclusion" props={props} close={close} />;
}

/** A modal body that only says why nothing can be done here, with its close button. */
function NoticeBody({ text, closeLabel, onClose }: { text: string; closeLabel: string; onClose: () => void }) {
  return (
    <div className="limits-modal">
      <p className="modal__description">{text}</p>
      <div className="modal__actions">
        <Button shape="dialog" variant="primary" onClick={onClose}>
          {closeLabel}
        </Button>
      </div>
    </div>
  );
}
