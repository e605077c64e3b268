import type { Country, Profile } from '@croupier/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useId, useMemo, useState } from 'react';
import { useForm, useWatch, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/ui/PageHeader';
import { Button } from '../../components/ui/Button';
import { RowsSkeleton } from '../../components/ui/Skeleton';
import { useAppSettings, useLocale } from '../../lib/app-settings';
import { ErrorState } from '../../components/ui/ErrorState';
import { hasApiStatus, isApiError } from '../../lib/api';
import { firstFieldErrors, formatCountdown, secondsLeft, useConstants } from '../auth';
import { selectableCountries, Spinner, useFailureText } from '../../components/fields';
import {
  CHOICE_KINDS,
  DynamicField,
  fieldAutocomplete,
  type DynamicFieldRules,
} from '../../components/ui/DynamicField';
import type { SelectOption } from '../../components/ui/Select';
import { useToasts } from '../layout';
import { useCountries } from '../settings';
import { profileKeys, useProfile, useProfileFields, useResendConfirmation, useUpdateProfile } from './api';
import {
  buildProfileForm,
  changedProfileBody,
  countryName,
  initialProfileValues,
  needsEmailConfirmation,
  placeFieldErrors,
  RESEND_COOLDOWN_MS,
  RESEND_LIMITED_COOLDOWN_MS,
  shortPlayerId,
  validateProfileField,
  type ProfileFormField,
  type ProfileValues,
} from './logic';
import { FieldErrorsAnnouncement } from '../../components/page-parts';
import '../../components/account-forms.css';
import '../../components/account-pages.css';

/**
 * `/profile/info`: the fields
 * the `profile` scenario shows, editable ones as a form and the others as text, the
 * e-mail confirmation notice, and the player's ID.
 */
export function ProfileInfoPage() {
  const { t } = useTranslation('layout');
  const profile = useProfile();
  const rules = useProfileFields();
  const countries = useCountries();

  const header = <PageHeader title={t('profile.info.title')} description={t('profile.info.description')} />;
  if (profile.isError || rules.isError) {
    return (
      <div className="profile-page">
        {header}
        <ErrorState
          onRetry={() => {
            if (profile.isError) void profile.refetch();
            if (rules.isError) void rules.refetch();
          }}
        />
      </div>
    );
  }
  // Countries only split the stored phone into country and number: without them the
  // form still works (the phone shows as digits).
  if (!profile.data || !rules.data || countries.isPending) {
    return (
      <div className="profile-page">
        {header}
        <RowsSkeleton rows={6} />
      </div>
    );
  }
  return (
    <div className="profile-page">
      {header}
      {needsEmailConfirmation(profile.data) ? <EmailConfirmationNotice email={profile.data.email ?? ''} /> : null}
      <ProfileForm profile={profile.data} rules={rules.data} countries={countries.data ?? []} />
    </div>
  );
}

// ---------------------------------------------------------------------------
// E-mail confirmation notice
// ---------------------------------------------------------------------------

/** A resting period: `start(ms)` begins one; re-renders every half second while it runs. */
function useCooldown(): { secondsLeft: number; start: (durationMs: number) => void } {
  const [period, setPeriod] = useState({ endsAt: 0, now: 0 });
  useEffect(() => {
    if (secondsLeft(period.endsAt, Date.now()) === 0) return undefined;
    const timer = setInterval(() => {
      const now = Date.now();
      setPeriod((current) => ({ ...current, now }));
      if (secondsLeft(period.endsAt, now) === 0) clearInterval(timer);
    }, 500);
    return () => clearInterval(timer);
  }, [period.endsAt]);
  const start = useCallback((durationMs: number) => {
    const now = Date.now();
    setPeriod({ endsAt: now + durationMs, now });
  }, []);
  return { secondsLeft: secondsLeft(period.endsAt, period.now), start };
}

/**
 * Not confirmed yet: a notice and a resend button. After a sent e-mail the button rests
 * for a minute; after the server's limit (429) for its 10-minute window. 409 means the
 * address was confirmed meanwhile (or removed): the profile is fetched again.
 */
function EmailConfirmationNotice({ email }: { email: string }) {
  const { t } = useTranslation('layout');
  const { t: ta } = useTranslation('alerts');
  const id = useId();
  const queryClient = useQueryClient();
  const resend = useResendConfirmation();
  const cooldown = useCooldown();
  const [result, setResult] = useState<{ kind: 'sent' | 'limited' | 'error'; text: string } | null>(null);
  const left = cooldown.secondsLeft;

  const send = () => {
    setResult(null);
    resend.mutate(undefined, {
      onSuccess: () => {
        cooldown.start(RESEND_COOLDOWN_MS);
        setResult({ kind: 'sent', text: ta('resentVerification.description') });
      },
      onError: (error) => {
        if (hasApiStatus(error, 'RATE_LIMITED')) {
          cooldown.start(RESEND_LIMITED_COOLDOWN_MS);
          setResult({ kind: 'limited', text: ta('rateLimited.description') });
        } else if (isApiError(error, 'CONFLICT')) {
          setResult({ kind: 'sent', text: t('profile.info.alreadyConfirmed') });
          void queryClient.invalidateQueries({ queryKey: profileKeys.profile });
        } else {
          setResult({ kind: 'error', text: ta('somethingWrong.description') });
        }
      },
    });
  };

  return (
    <section className="profile-notice" aria-labelledby={`${id}-title`}>
      <svg className="profile-notice__icon" viewBox="0 0 24 24" width="24" height="24" aria-hidden="true">
        <path
          d="M4 6h16v12H4zM4 7l8 6 8-6"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.8"
          strokeLinejoin="round"
        />
      </svg>
      <div className="profile-notice__body">
        <h2 id={`${id}-title`} className="profile-notice__title">
          {t('profile.info.emailNotConfirmed')}
        </h2>
        <p className="profile-notice__text">{t('profile.info.confirmationSentTo', { email })}</p>
        <p className="profile-notice__status" role="status" data-kind={result?.kind}>
          {result ? result.text : null}
          {left > 0 ? (
            <>
              {result ? ' ' : null}
              {t('profile.info.resendIn', { time: formatCountdown(left) })}
            </>
          ) : null}
        </p>
      </div>
      <Button
        variant="ghost"
        className="profile-notice__button"
        onClick={send}
        disabled={resend.isPending || left > 0}
        aria-busy={resend.isPending}
      >
        {resend.isPending ? <Spinner /> : null}
        {t('profile.info.resendConfirmation')}
      </Button>
    </section>
  );
}

// ---------------------------------------------------------------------------
// The form
// ---------------------------------------------------------------------------

interface FormContext {
  methods: UseFormReturn<ProfileValues>;
  countries: readonly Country[];
  prefixOf: (country: unknown) => string | undefined;
  serverErrors: Readonly<Record<string, string>>;
  clearServerError: (name: string) => void;
}

function ProfileForm({
  profile,
  rules,
  countries,
}: {
  profile: Profile;
  rules: Parameters<typeof buildProfileForm>[0];
  countries: readonly Country[];
}) {
  const { t } = useTranslation('layout');
  const { t: ta } = useTranslation('alerts');
  const { t: tf } = useTranslation('fields-settings');
  const { locale } = useLocale();
  const id = useId();
  const { notify } = useToasts();
  const update = useUpdateProfile();
  const fields = useMemo(() => buildProfileForm(rules, profile), [rules, profile]);
  const [baseline, setBaseline] = useState(() => initialProfileValues(fields, profile, countries));
  const methods = useForm<ProfileValues>({ mode: 'onTouched', defaultValues: baseline });
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [announced, setAnnounced] = useState<Record<string, string> | null>(null);
  const values = useWatch({ control: methods.control }) as ProfileValues;

  const prefixOf = useCallback(
    (code: unknown) => countries.find((country) => country.code === code)?.phonePrefix,
    [countries],
  );
  const changes = changedProfileBody(fields, baseline, { ...baseline, ...values }, prefixOf);
  const hasChanges = Object.keys(changes).length > 0;

  const clearServerError = useCallback((name: string) => {
    setFormError(null);
    setServerErrors((errors) => {
      if (!(name in errors)) return errors;
      const next = { ...errors };
      delete next[name];
      return next;
    });
  }, []);

  const submit = methods.handleSubmit((submitted) => {
    const body = changedProfileBody(fields, baseline, submitted, prefixOf);
    if (Object.keys(body).length === 0) return;
    setFormError(null);
    setAnnounced(null);
    return update.mutateAsync(body).then(
      (saved) => {
        const next = initialProfileValues(buildProfileForm(rules, saved), saved, countries);
        setBaseline(next);
        methods.reset(next);
        setServerErrors({});
        notify({ type: 'success', title: ta('profileUpdated.title'), description: ta('profileUpdated.description') });
      },
      (error: unknown) => {
        if (hasApiStatus(error, 'VALIDATION_FAILED')) {
          const placed = placeFieldErrors(
            firstFieldErrors(error.fields),
            fields.filter((field) => field.editable).map((field) => field.name),
          );
          setServerErrors(placed.fields);
          setAnnounced(placed.fields);
          setFormError(placed.rest.length > 0 ? placed.rest.join(' ') : null);
        } else if (hasApiStatus(error, 'RATE_LIMITED')) {
          setFormError(ta('rateLimited.description'));
        } else {
          setFormError(ta('somethingWrong.description'));
        }
      },
    );
  });

  const context: FormContext = { methods, countries, prefixOf, serverErrors, clearServerError };
  const editable = fields.filter((field) => field.editable && field.kind !== 'checkbox');
  const checkboxes = fields.filter((field) => field.editable && field.kind === 'checkbox');
  const readOnly = fields.filter((field) => !field.editable);

  return (
    <form className="profile-form" noValidate aria-busy={update.isPending} onSubmit={(event) => void submit(event)}>
      <dl className="profile-facts">
        <div className="profile-facts__item">
          <dt>{t('profile.info.playerId')}</dt>
          <dd className="profile-facts__mono">{shortPlayerId(profile.id)}</dd>
        </div>
        {readOnly.map((field) => (
          <div key={field.name} className="profile-facts__item">
            <dt>{tf(`fields.${field.name}.label`, { defaultValue: field.name })}</dt>
            <dd>
              <ReadOnlyValue field={field} profile={profile} locale={locale} />
              <span className="profile-facts__hint">{t('profile.info.readOnlyHint')}</span>
            </dd>
          </div>
        ))}
      </dl>
      <div className="profile-form__grid">
        {editable.map((field) => (
          <ProfileField key={field.name} field={field} id={`${id}-${field.name}`} profile={profile} {...context} />
        ))}
      </div>
      {checkboxes.length > 0 ? (
        <fieldset className="profile-form__preferences">
          <legend>{t('profile.info.preferences')}</legend>
          {checkboxes.map((field) => (
            <ProfileField key={field.name} field={field} id={`${id}-${field.name}`} profile={profile} {...context} />
          ))}
        </fieldset>
      ) : null}
      <FieldErrorsAnnouncement errors={announced} />
      {formError ? (
        <p className="auth-form__alert" role="alert">
          {formError}
        </p>
      ) : null}
      <div className="profile-form__actions">
        <Button
          type="submit"
          variant="primary"
          className="profile-form__submit"
          disabled={update.isPending || !hasChanges}
        >
          {update.isPending ? <Spinner /> : null}
          {t('profile.info.save')}
        </Button>
        <span className="profile-form__hint" aria-live="polite">
          {hasChanges ? t('profile.info.unsaved') : null}
        </span>
      </div>
    </form>
  );
}

function ReadOnlyValue({ field, profile, locale }: { field: ProfileFormField; profile: Profile; locale: string }) {
  const { t } = useTranslation('fields-settings');
  const constants = useConstants();
  const raw = (profile as unknown as Record<string, unknown>)[field.name];
  const text = typeof raw === 'string' || typeof raw === 'number' ? String(raw) : '';
  switch (field.kind) {
    case 'country':
      return <>{countryName(text, locale) ?? text}</>;
    case 'gender':
      return <>{t(`fields.gender.options.${text}`, { defaultValue: text })}</>;
    case 'timeZone':
      return <>{constants.data?.player.timeZone.find((zone) => zone.id === text)?.name ?? text}</>;
    case 'phone':
      return <>{text ? `+${text}` : ''}</>;
    default:
      return <>{text}</>;
  }
}

/** One editable profile field: its rule, texts and choices, drawn by the shared renderer. */
function ProfileField({
  field,
  id,
  profile,
  methods,
  countries,
  prefixOf,
  serverErrors,
  clearServerError,
}: FormContext & { field: ProfileFormField; id: string; profile: Profile }) {
  const { t } = useTranslation('fields-settings');
  const { t: tl } = useTranslation('layout');
  const { locale } = useLocale();
  const settings = useAppSettings();
  const constants = useConstants();
  const ruleText = useFailureText();
  const listed = useMemo(() => selectableCountries(countries, locale), [countries, locale]);
  const { name } = field;
  const rules: DynamicFieldRules = {
    validate: (_value, values) => {
      const failure = validateProfileField(field, values, prefixOf(values.phoneCountry));
      return failure ? ruleText(failure) : true;
    },
  };
  const description = statusOf(field, profile);
  const descriptionId = description ? `${id}-status` : undefined;
  const choices: SelectOption[] =
    field.kind === 'country'
      ? listed.map((country) => ({ value: country.code, label: countryName(country.code, locale) ?? country.name }))
      : field.kind === 'gender'
        ? ['male', 'female'].map((value) => ({ value, label: t(`fields.gender.options.${value}`) }))
        : field.kind === 'timeZone'
          ? (constants.data?.player.timeZone ?? []).map((zone) => ({ value: zone.id, label: zone.name }))
          : field.kind === 'language'
            ? settings.locales.map((item) => ({ value: item.code, label: item.nativeName }))
            : [];
  const current = methods.getValues(name);
  // A stored value the lists no longer offer stays selectable (and is kept).
  if (
    CHOICE_KINDS.has(field.kind) &&
    typeof current === 'string' &&
    current &&
    !choices.some((choice) => choice.value === current)
  ) {
    choices.unshift({ value: current, label: current });
  }
  return (
    <DynamicField
      field={field}
      id={id}
      methods={methods}
      rules={rules}
      serverError={serverErrors[name]}
      onFocus={() => clearServerError(name)}
      label={t(`fields.${name}.label`, { defaultValue: name })}
      placeholder={t(`fields.${name}.placeholder`, { defaultValue: '' }) || undefined}
      autoComplete={fieldAutocomplete(name)}
      choices={choices}
      phone={{ countries: listed, countryLabel: t('fields.country.label') }}
      describedBy={descriptionId}
      after={
        description ? (
          <p
            id={descriptionId}
            className="profile-field__status"
            data-confirmed={description === 'confirmed' || undefined}
          >
            {tl(`profile.info.status.${description}`)}
          </p>
        ) : null
      }
    />
  );
}

/** The confirmation state shown under the e-mail and the phone, when they hold a value. */
function statusOf(field: ProfileFormField, profile: Profile): 'confirmed' | 'notConfirmed' | null {
  if (field.name === 'email' && profile.email) return profile.confirmedAt ? 'confirmed' : 'notConfirmed';
  if (field.name === 'phone' && profile.phone) return profile.phoneConfirmed ? 'confirmed' : 'notConfirmed';
  return null;
}
