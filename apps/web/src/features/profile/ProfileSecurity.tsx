import { fieldsToRevalidate, type Session } from '@croupier/contract';
import { useId, useRef, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useLocale } from '../../lib/app-settings';
import { PageHeader } from '../../components/ui/PageHeader';
import { EmptyState } from '../../components/ui/EmptyState';
import { ErrorState } from '../../components/ui/ErrorState';
import { hasApiStatus } from '../../lib/api';
import { firstFieldErrors, tokenSessionId, useSession } from '../auth';
import { describedBy, FieldShell, PasswordStrengthMeter, Spinner, useFailureText } from '../../components/fields';
import { useToasts } from '../layout';
import { formatDateTime } from '../../lib/format';
import { useChangePassword, useCloseSession, useSessions } from './api';
import {
  countryName,
  placeFieldErrors,
  sessionState,
  summarizeUserAgent,
  validatePasswordField,
  type PasswordField,
  type PasswordValues,
  type SessionState,
} from './logic';
import { FieldErrorsAnnouncement } from '../../components/page-parts';
import { InlineConfirm } from '../../components/InlineConfirm';
import { RowsSkeleton } from '../../components/ui/Skeleton';
import '../../components/account-forms.css';
import '../../components/account-pages.css';
import { Button } from '../../components/ui/Button';
import { AccountSection } from './AccountControl';

/** `/profile/security`: change the password, see the sessions of the account and end them. */
export function ProfileSecurityPage() {
  const { t } = useTranslation('layout');
  return (
    <div className="profile-page">
      <PageHeader title={t('profile.security.title')} description={t('profile.security.description')} />
      <div className="profile-security">
        <ChangePasswordSection />
        <SessionsSection />
        <AccountSection />
      </div>
    </div>
  );
}

// ---------------------------------------------------------------------------
// Password
// ---------------------------------------------------------------------------

const PASSWORD_FIELDS: readonly PasswordField[] = ['currentPassword', 'newPassword', 'repeatNewPassword'];
const EMPTY_PASSWORDS: PasswordValues = {
  currentPassword: '',
  newPassword: '',
  repeatNewPassword: '',
  closeOtherSessions: true,
};

/**
 * `PUT /api/player/passwords`: current, new (with the strength meter) and repeated
 * password; the repeat is checked again whenever the new password changes. A wrong
 * current password comes back as a 422 on its field. Other sessions are closed unless
 * the player unticks the box (the server's default is to close them).
 */
function ChangePasswordSection() {
  const { t } = useTranslation('layout');
  const { t: tf } = useTranslation('fields-settings');
  const { t: ta } = useTranslation('alerts');
  const id = useId();
  const ruleText = useFailureText();
  const { notify } = useToasts();
  const change = useChangePassword();
  const { register, handleSubmit, formState, control, reset } = useForm<PasswordValues>({
    mode: 'onTouched',
    defaultValues: EMPTY_PASSWORDS,
  });
  const newPassword = useWatch({ control, name: 'newPassword' });
  const [serverErrors, setServerErrors] = useState<Partial<Record<PasswordField, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [announced, setAnnounced] = useState<Record<string, string> | null>(null);

  const submit = handleSubmit((values) => {
    setFormError(null);
    setAnnounced(null);
    return change.mutateAsync(values).then(
      () => {
        reset(EMPTY_PASSWORDS);
        setServerErrors({});
        notify({ type: 'success', title: ta('passwordChanged.title'), description: ta('passwordChanged.description') });
      },
      (error: unknown) => {
        if (hasApiStatus(error, 'VALIDATION_FAILED')) {
          const placed = placeFieldErrors(firstFieldErrors(error.fields), PASSWORD_FIELDS);
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

  const input = (name: PasswordField, autoComplete: string) => {
    const fieldId = `${id}-${name}`;
    const shown =
      (Boolean(formState.dirtyFields[name]) && Boolean(formState.touchedFields[name])) || formState.submitCount > 0;
    const ruleError = shown ? formState.errors[name]?.message : undefined;
    const error = ruleError || serverErrors[name] || undefined;
    const strengthId = name === 'newPassword' ? `${fieldId}-strength` : undefined;
    return (
      <FieldShell
        id={fieldId}
        label={tf(`fields.${name}.label`)}
        error={error}
        after={strengthId ? <PasswordStrengthMeter id={strengthId} value={newPassword} /> : null}
      >
        <input
          id={fieldId}
          className="input"
          type="password"
          autoComplete={autoComplete}
          placeholder={tf(`fields.${name}.placeholder`)}
          onFocus={() => {
            setFormError(null);
            setServerErrors((errors) => ({ ...errors, [name]: undefined }));
          }}
          {...describedBy(fieldId, error, strengthId)}
          {...register(name, {
            validate: (_value, values) => {
              const failure = validatePasswordField(name, values);
              return failure ? ruleText(failure) : true;
            },
            deps: fieldsToRevalidate(name).slice(1) as PasswordField[],
          })}
        />
      </FieldShell>
    );
  };

  return (
    <section className="profile-card" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="profile-card__title">
        {t('profile.security.changePassword')}
      </h2>
      <form
        className="profile-password"
        noValidate
        aria-busy={change.isPending}
        onSubmit={(event) => void submit(event)}
      >
        {input('currentPassword', 'current-password')}
        {input('newPassword', 'new-password')}
        {input('repeatNewPassword', 'new-password')}
        <div className="check">
          <input
            id={`${id}-close-others`}
            type="checkbox"
            className="check__input"
            {...register('closeOtherSessions')}
          />
          <label className="check__label" htmlFor={`${id}-close-others`}>
            {t('profile.security.closeOtherSessions')}
          </label>
        </div>
        <FieldErrorsAnnouncement errors={announced} />
        {formError ? (
          <p className="auth-form__alert" role="alert">
            {formError}
          </p>
        ) : null}
        <Button variant="primary" className="profile-form__submit" type="submit" disabled={change.isPending}>
          {change.isPending ? <Spinner /> : null}
          {t('profile.security.submitPassword')}
        </Button>
      </form>
    </section>
  );
}

// ---------------------------------------------------------------------------
// Sessions
// ---------------------------------------------------------------------------

/**
 * The sessions of the account, newest first, ten a page (`GET /api/player/sessions`).
 * The current session is marked "This device" and has no close button: ending it would
 * sign this tab out, which is what the header's logout is for, so the list only ends
 * other devices' sessions. Closing asks for confirmation in the row itself.
 */
function SessionsSection() {
  const { t } = useTranslation('layout');
  const { t: tg } = useTranslation('global-components');
  const id = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const { token } = useSession();
  const currentId = tokenSessionId(token);
  const [page, setPage] = useState(1);
  const sessions = useSessions(page);
  const meta = sessions.data?.meta;
  const totalPages = Math.max(1, meta?.totalPages ?? 1);

  let content;
  if (sessions.isPending) content = <RowsSkeleton rows={3} />;
  else if (sessions.isError && !sessions.data) content = <ErrorState onRetry={() => void sessions.refetch()} />;
  else if (!sessions.data || sessions.data.data.length === 0) {
    content = <EmptyState text={t('profile.security.sessions.empty')} />;
  } else {
    content = (
      <ul className="profile-sessions" aria-busy={sessions.isFetching}>
        {sessions.data.data.map((item) => (
          <SessionRow
            key={item.sessionId}
            item={item}
            state={sessionState(item, currentId)}
            onClosed={() => headingRef.current?.focus()}
          />
        ))}
      </ul>
    );
  }

  return (
    <section className="profile-card" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} ref={headingRef} tabIndex={-1} className="profile-card__title">
        {t('profile.security.sessions.title')}
      </h2>
      <p className="profile-card__description">{t('profile.security.sessions.description')}</p>
      {content}
      {totalPages > 1 ? (
        <nav className="profile-pager" aria-label={t('profile.security.sessions.pages')}>
          <Button
            variant="ghost"

            disabled={page <= 1 || sessions.isFetching}
            onClick={() => setPage((current) => Math.max(1, current - 1))}
          >
            {tg('pagination.previous')}
          </Button>
          <span className="profile-pager__status" aria-live="polite">
            {tg('pagination.page', { page, total: totalPages })}
          </span>
          <Button
            variant="ghost"

            disabled={page >= totalPages || sessions.isFetching}
            onClick={() => setPage((current) => Math.min(totalPages, current + 1))}
          >
            {tg('pagination.next')}
          </Button>
        </nav>
      ) : null}
    </section>
  );
}

function DeviceIcon({ type }: { type: Session['deviceType'] }) {
  return type === 'desktop' ? (
    <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
      <path
        d="M3 5h18v11H3zM8 20h8M12 16v4"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.8"
        strokeLinejoin="round"
        strokeLinecap="round"
      />
    </svg>
  ) : (
    <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
      <path
        d="M7 2h10v20H7zM11 18h2"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.8"
        strokeLinejoin="round"
        strokeLinecap="round"
      />
    </svg>
  );
}

/** A user agent as "Chrome 126 on Windows", else what can be told, else the text itself (shortened). */
function useDeviceName(item: Session): string {
  const { t } = useTranslation('layout');
  const { browser, os } = summarizeUserAgent(item.userAgent);
  if (browser && os) return t('profile.security.sessions.browserOn', { browser, os });
  if (browser ?? os) return browser ?? os ?? '';
  const raw = item.userAgent.trim();
  if (!raw) return t('profile.security.sessions.unknownDevice');
  return raw.length > 60 ? `${raw.slice(0, 59)}…` : raw;
}

function SessionRow({ item, state, onClosed }: { item: Session; state: SessionState; onClosed: () => void }) {
  const { t } = useTranslation('layout');
  const { t: ta } = useTranslation('alerts');
  const { locale } = useLocale();
  const id = useId();
  const { notify } = useToasts();
  const close = useCloseSession();
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const name = useDeviceName(item);
  const unknown = t('profile.security.sessions.unknown');

  const confirm = () => {
    setError(null);
    close.mutate(item.sessionId, {
      onSuccess: () => {
        setConfirming(false);
        notify({ type: 'success', title: ta('sessionClosed.title'), description: ta('sessionClosed.description') });
        onClosed();
      },
      onError: () => setError(ta('somethingWrong.description')),
    });
  };

  const ended = state === 'ended' ? formatDateTime(item.closedAt, locale) : null;
  return (
    <li className="profile-session" data-state={state}>
      <span className="profile-session__icon">
        <DeviceIcon type={item.deviceType} />
      </span>
      <div className="profile-session__body">
        <p className="profile-session__name" id={`${id}-name`}>
          <span className="visually-hidden">
            {t(`profile.security.sessions.deviceTypes.${item.deviceType === 'desktop' ? 'desktop' : 'mobile'}`)}:{' '}
          </span>
          {name}
          {state === 'current' ? (
            <span className="profile-badge profile-badge--current">{t('profile.security.sessions.current')}</span>
          ) : state === 'active' ? (
            <span className="profile-badge">{t('profile.security.sessions.active')}</span>
          ) : (
            <span className="profile-badge profile-badge--ended">
              {ended
                ? t('profile.security.sessions.ended', { date: ended })
                : t('profile.security.sessions.endedNoDate')}
            </span>
          )}
        </p>
        <dl className="profile-session__meta">
          <div>
            <dt>{t('profile.security.sessions.ip')}</dt>
            <dd className="profile-facts__mono">{item.ip || unknown}</dd>
          </div>
          <div>
            <dt>{t('profile.security.sessions.country')}</dt>
            <dd>{countryName(item.country, locale) ?? unknown}</dd>
          </div>
          <div>
            <dt>{t('profile.security.sessions.signedIn')}</dt>
            <dd>{formatDateTime(item.createdAt, locale) ?? unknown}</dd>
          </div>
          <div>
            <dt>{t('profile.security.sessions.lastActive')}</dt>
            <dd>{formatDateTime(item.lastSeenAt, locale) ?? unknown}</dd>
          </div>
        </dl>
        {error ? (
          <p className="field__error" role="alert">
            {error}
          </p>
        ) : null}
      </div>
      {state === 'active' ? (
        <InlineConfirm
          block="profile-session"
          subjectId={`${id}-name`}
          question={t('profile.security.sessions.confirmClose')}
          action={t('profile.security.sessions.close')}
          confirming={confirming}
          onConfirmingChange={setConfirming}
          onConfirm={confirm}
          pending={close.isPending}
        />
      ) : null}
    </li>
  );
}
