import { sanitizePhoneDigits, type Country } from '@croupier/contract';
import type { ReactNode } from 'react';
import { Controller, useWatch, type UseFormReturn } from 'react-hook-form';
import { PhoneInput } from '../fields';
import { Checkbox } from './Checkbox';
import { FieldShell } from './FieldShell';
import { Select, type SelectOption } from './Select';
import { TextAreaField, TextField } from './TextField';

/**
 * The renderer of the server-configured fields of the registration and profile forms:
 * one field of a react-hook-form form, drawn by its kind. The forms decide the rules,
 * texts and choices; this decides how each kind is edited and when its error shows.
 */

/** How a field is edited. */
export type FieldKind =
  | 'email'
  | 'phone'
  | 'password'
  | 'text'
  | 'textarea'
  | 'number'
  | 'date'
  | 'checkbox'
  | 'country'
  | 'currency'
  | 'gender'
  | 'timeZone'
  | 'language';

/** Kinds edited with a select of `choices`. */
export const CHOICE_KINDS: ReadonlySet<FieldKind> = new Set(['country', 'currency', 'gender', 'timeZone', 'language']);

/** Form values: text for inputs and selects, flags for checkboxes; `phoneCountry` holds the phone's country. */
export type DynamicValues = Record<string, string | boolean>;

export interface DynamicFieldRules {
  validate: (value: string | boolean, values: DynamicValues) => string | true;
  /** Fields validated again when this one changes. */
  deps?: string[];
  onChange?: (event: { target: { value: string } }) => void;
}

export interface DynamicFieldProps {
  field: { name: string; kind: FieldKind };
  id: string;
  methods: UseFormReturn<DynamicValues>;
  rules: DynamicFieldRules;
  /** The server's error for the field (422), shown when no rule error is. */
  serverError?: string | undefined;
  /** Focus clears the server's error (the player is correcting it). */
  onFocus?: () => void;
  label: string;
  /** A checkbox's label when it is more than text (links). */
  checkboxLabel?: ReactNode;
  placeholder?: string | undefined;
  autoComplete?: string | undefined;
  /** Marks the field the modal focuses first. */
  autoFocus?: boolean;
  /** The options of a choice kind (country, currency, gender, timeZone, language). */
  choices?: readonly SelectOption[];
  /** The phone kind's country list and its label. */
  phone?: { countries: readonly Country[]; countryLabel: string };
  /** Ids of texts rendered in `after` that describe the control. */
  describedBy?: string | undefined;
  /** Rendered under the field (password strength, confirmation status). */
  after?: ReactNode;
}

/**
 * A rule error shows once the player has changed the field and left it (or after a
 * submit): leaving an empty field does not push the controls below it while they are
 * clicked, and an error found while the field was untouched (a confirmation checked when
 * the password changed) does not show while the player is still typing. It goes before
 * the server's error for the same field.
 */
export function visibleFieldError(state: {
  dirty: boolean;
  touched: boolean;
  submitCount: number;
  ruleError: unknown;
  serverError?: string | undefined;
}): string | undefined {
  const shown = (state.dirty && state.touched) || state.submitCount > 0;
  const ruleError = shown && typeof state.ruleError === 'string' && state.ruleError ? state.ruleError : undefined;
  return ruleError ?? (state.serverError || undefined);
}

export function DynamicField(props: DynamicFieldProps) {
  const { field, id, methods, rules, label, placeholder, autoComplete, describedBy, after } = props;
  const { register, formState } = methods;
  const { name, kind } = field;
  const error = visibleFieldError({
    dirty: Boolean(formState.dirtyFields[name]),
    touched: Boolean(formState.touchedFields[name]),
    submitCount: formState.submitCount,
    ruleError: formState.errors[name]?.message,
    serverError: props.serverError,
  });
  const common = {
    ...(props.autoFocus ? { 'data-autofocus': '' } : {}),
    onFocus: props.onFocus,
    error,
    describedBy,
  };

  if (kind === 'checkbox') {
    return <Checkbox id={id} label={props.checkboxLabel ?? label} {...common} {...register(name, rules)} />;
  }
  if (kind === 'phone') {
    return (
      <FieldShell id={id} label={label} error={error} describedBy={describedBy} after={after}>
        <DynamicPhone
          id={id}
          name={name}
          methods={methods}
          rules={rules}
          countries={props.phone?.countries ?? []}
          countryLabel={props.phone?.countryLabel ?? ''}
          error={error}
          describedBy={describedBy}
          placeholder={placeholder}
          autoFocus={props.autoFocus ?? false}
          onFocus={props.onFocus}
        />
      </FieldShell>
    );
  }
  if (CHOICE_KINDS.has(kind)) {
    return (
      <Select
        id={id}
        label={label}
        options={props.choices ?? []}
        placeholder={placeholder ?? label}
        autoComplete={autoComplete}
        after={after}
        {...common}
        {...register(name, rules)}
      />
    );
  }
  if (kind === 'textarea') {
    return (
      <TextAreaField
        id={id}
        label={label}
        rows={3}
        placeholder={placeholder}
        after={after}
        {...common}
        {...register(name, rules)}
      />
    );
  }
  return (
    <TextField
      id={id}
      label={label}
      type={kind === 'email' ? 'email' : kind === 'date' ? 'date' : kind === 'password' ? 'password' : 'text'}
      inputMode={kind === 'number' ? 'numeric' : undefined}
      autoComplete={autoComplete}
      placeholder={placeholder}
      after={after}
      {...common}
      {...register(name, rules)}
    />
  );
}

/** The phone: the shared phone input (country select and up to 12 digits), the country kept in `phoneCountry`. */
function DynamicPhone({
  id,
  name,
  methods,
  rules,
  countries,
  countryLabel,
  error,
  describedBy,
  placeholder,
  autoFocus,
  onFocus,
}: {
  id: string;
  name: string;
  methods: UseFormReturn<DynamicValues>;
  rules: DynamicFieldRules;
  countries: readonly Country[];
  countryLabel: string;
  error: string | undefined;
  describedBy: string | undefined;
  placeholder: string | undefined;
  autoFocus: boolean;
  onFocus: (() => void) | undefined;
}) {
  const country = useWatch({ control: methods.control, name: 'phoneCountry' });
  const ids = [error ? `${id}-error` : '', describedBy ?? ''].filter(Boolean).join(' ');
  return (
    <Controller
      control={methods.control}
      name={name}
      rules={{ validate: rules.validate }}
      render={({ field }) => (
        <PhoneInput
          id={id}
          countries={countries}
          country={typeof country === 'string' ? country : ''}
          countryLabel={countryLabel}
          selectProps={methods.register('phoneCountry', { deps: [name] })}
          inputProps={{
            ...(autoFocus ? { 'data-autofocus': '' } : {}),
            ...(error ? { 'aria-invalid': true } : {}),
            ...(ids ? { 'aria-describedby': ids } : {}),
            placeholder,
            onFocus,
            name: field.name,
            value: typeof field.value === 'string' ? field.value : '',
            ref: field.ref,
            onBlur: field.onBlur,
            onChange: (event) => field.onChange(sanitizePhoneDigits(event.target.value)),
          }}
        />
      )}
    />
  );
}

/**
 * The browser's autofill name of a server-configured field (registration and profile
 * share the field names), or undefined where the browser should not guess.
 */
const AUTOCOMPLETE: Readonly<Record<string, string>> = {
  email: 'email',
  password: 'new-password',
  password_confirmation: 'new-password',
  firstName: 'given-name',
  lastName: 'family-name',
  nickname: 'nickname',
  city: 'address-level2',
  address: 'address-line1',
  additionalAddress: 'address-line2',
  postalCode: 'postal-code',
  birthdate: 'bday',
  country: 'country',
  gender: 'sex',
  bonusCode: 'off',
};

export function fieldAutocomplete(name: string): string | undefined {
  return AUTOCOMPLETE[name];
}
