import type { PaymentField, PaymentMethod, WalletAccount } from '@croupier/contract';
import { useId, useMemo, useState } from 'react';
import { Controller, useForm, useWatch, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useFailureText } from '../../components/fields';
import { useLocale } from '../../lib/app-settings';
import { parseAmountInput } from '../../lib/amount-input';
import { ruleResolver } from '../../lib/rule-resolver';
import { AmountField } from '../../components/ui/AmountField';
import { Select } from '../../components/ui/Select';
import { TextAreaField, TextField } from '../../components/ui/TextField';
import { formatAmount } from '../../lib/format';
import { displayBounds, localized, type DisplayUnit } from '../../lib/wallet-display';
import type { WalletType } from '../tracking';
import {
  boundsOption,
  initialAmount,
  initialFieldValues,
  methodBounds,
  visibleFields,
  walletFormFailures,
  type WalletFormValues,
} from './form-logic';

/** What the wallet gives the deposit and the withdraw form. */
export interface WalletFormProps {
  method: PaymentMethod;
  account: WalletAccount;
  unit: DisplayUnit;
  /** The region to send: only one the player picked over the detected one. */
  country: string | null;
  /** The active account's currency type, for the analytics funnel. */
  walletType: WalletType;
  showFilledFields: boolean;
  /** Closes the wallet (a deposit's past its cancel-deposit guard). */
  closeWallet: () => void;
}

/**
 * The state of a deposit or withdraw form: its values under the method's rules
 * (walletFormFailures with `balance` and `withAmount`), the amount starting empty or, with
 * `presetAmount`, at the method's initial amount; the amount typed (display unit, null when
 * unreadable), the option whose bounds apply (a network), those bounds and the fields shown.
 */
export function useWalletForm(
  { method, unit, showFilledFields }: Pick<WalletFormProps, 'method' | 'unit' | 'showFilledFields'>,
  {
    balance,
    withAmount,
    presetAmount = false,
  }: { balance?: number; withAmount?: boolean; presetAmount?: boolean } = {},
) {
  const { locale } = useLocale();
  const failureText = useFailureText();
  const resolver = useMemo(
    () =>
      ruleResolver<WalletFormValues>(
        (values) => walletFormFailures(method, unit, values, { balance, withAmount }),
        failureText,
      ),
    [method, unit, balance, withAmount, failureText],
  );
  const [defaultValues] = useState((): WalletFormValues => {
    const fields = initialFieldValues(method.fields);
    const bounds = methodBounds(method, boundsOption(method.fields, fields));
    return { amount: presetAmount ? initialAmount(method, bounds, unit) : '', fields };
  });
  const methods = useForm<WalletFormValues>({ mode: 'onChange', resolver, defaultValues });
  const amount = useWatch({ control: methods.control, name: 'amount' }) ?? '';
  const fieldValues = useWatch({ control: methods.control, name: 'fields' }) ?? {};
  const option = boundsOption(method.fields, fieldValues);
  const shownFields = useMemo(() => visibleFields(method.fields, showFilledFields), [method.fields, showFilledFields]);
  return {
    methods,
    amount,
    typedAmount: parseAmountInput(amount, { locale, decimals: unit.decimals }),
    option,
    bounds: displayBounds(methodBounds(method, option), unit),
    shownFields,
  };
}

/** The controls of the deposit and withdraw forms (react-hook-form, values `WalletFormValues`). */

/**
 * The amount in the display unit: AmountField (a comma or a point, no more decimals than
 * the unit has, clamped into the bounds on blur) with the range as its hint.
 */
export function AmountInput({
  methods,
  bounds,
  decimals,
  unitCode,
  serverError,
  onChange,
}: {
  methods: UseFormReturn<WalletFormValues>;
  bounds: { min: number; max: number };
  decimals: number;
  unitCode: string;
  /** The server's error for the amount (422), shown when the rules find none. */
  serverError?: string | undefined;
  /** After every change of the amount (the withdraw form drops the server's error). */
  onChange?: () => void;
}) {
  const { t } = useTranslation('global-components');
  const { locale } = useLocale();
  const id = useId();
  const range = t('validation.amountRange', {
    ns: 'fields-settings',
    min: `${formatAmount(bounds.min, decimals, locale)} ${unitCode}`,
    max: `${formatAmount(bounds.max, decimals, locale)} ${unitCode}`,
  });
  return (
    <Controller
      control={methods.control}
      name="amount"
      render={({ field, fieldState }) => (
        <AmountField
          id={id}
          name={field.name}
          ref={field.ref}
          size="compact"
          label={`${t('wallet.form.amount')} (${unitCode})`}
          value={field.value}
          onChange={(value) => {
            field.onChange(value);
            onChange?.();
          }}
          onBlur={field.onBlur}
          decimals={decimals}
          locale={locale}
          clampTo={bounds}
          error={fieldState.error?.message ?? serverError}
          hint={range}
        />
      )}
    />
  );
}

export function Presets({
  presets,
  value,
  onPick,
  decimals,
}: {
  presets: readonly { amount: number }[];
  value: string;
  onPick: (value: string) => void;
  decimals: number;
}) {
  const { t } = useTranslation('global-components');
  const { locale } = useLocale();
  if (presets.length === 0) return null;
  return (
    <div className="wallet-presets" role="group" aria-label={t('wallet.form.presets')}>
      {presets.map((preset) => (
        <button
          key={preset.amount}
          type="button"
          aria-pressed={Number(value) === preset.amount}
          onClick={() => onPick(String(preset.amount))}
        >
          {formatAmount(preset.amount, decimals, locale)}
        </button>
      ))}
    </div>
  );
}

/**
 * The method's dynamic fields (select, textarea or text) in a wallet form, their errors
 * from the form's resolver or the server. Controlled, so that each element keeps the
 * field's own key as its name.
 */
export function MethodFields({
  fields,
  methods,
  serverErrors = {},
  onChange,
}: {
  fields: readonly PaymentField[];
  methods: UseFormReturn<WalletFormValues>;
  /** The server's errors by field key (422), shown when the rules find none. */
  serverErrors?: Readonly<Record<string, string>>;
  /** After a field changed (the crypto deposit asks for a new address). */
  onChange?: (key: string, value: string, previous: string) => void;
}) {
  const { locale } = useLocale();
  const baseId = useId();
  return (
    <>
      {fields.map((field) => (
        <Controller
          key={field.key}
          control={methods.control}
          name={`fields.${field.key}`}
          render={({ field: control, fieldState }) => {
            const common = {
              id: `${baseId}-${field.key}`,
              label: localized(field.labels, locale) || field.key,
              size: 'compact' as const,
              name: field.key,
              ref: control.ref,
              value: control.value ?? '',
              required: field.isRequired,
              error: fieldState.error?.message ?? serverErrors[field.key],
              onBlur: control.onBlur,
              onChange: (event: { target: { value: string } }) => {
                const previous = control.value ?? '';
                control.onChange(event.target.value);
                onChange?.(field.key, event.target.value, previous);
              },
            };
            const hint = localized(field.hints, locale) || undefined;
            if (field.fieldType === 'select') {
              return (
                <Select
                  {...common}
                  options={(field.options ?? []).map((option) => ({ value: option.id, label: option.name }))}
                />
              );
            }
            if (field.fieldType === 'textarea') return <TextAreaField {...common} placeholder={hint} />;
            return (
              <TextField
                {...common}
                type={field.key === 'phone' ? 'tel' : 'text'}
                placeholder={hint}
                autoComplete="off"
              />
            );
          }}
        />
      ))}
    </>
  );
}
