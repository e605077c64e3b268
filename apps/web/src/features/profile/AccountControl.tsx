import { ACCOUNT_CLOSURE_COMMENT_MAX, ACCOUNT_CLOSURE_REASONS, type PlayerDataExport } from '@croupier/contract';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Spinner } from '../../components/fields';
import { Button } from '../../components/ui/Button';
import { Checkbox } from '../../components/ui/Checkbox';
import { Select } from '../../components/ui/Select';
import { Skeleton } from '../../components/ui/Skeleton';
import { TextAreaField, TextField } from '../../components/ui/TextField';
import { hasApiStatus } from '../../lib/api';
import { useLocale } from '../../lib/app-settings';
import { formatDateTime } from '../../lib/format';
import { expectSignOut, firstFieldErrors, logout, useGoHomeThen } from '../auth';
import { useToasts } from '../layout';
import { useCloseAccount, useExportData, useProfile } from './api';
import {
  closureBody,
  closureProblems,
  EMPTY_CLOSURE,
  exportFileName,
  type ClosureProblem,
  type ClosureValues,
} from './account-control-logic';
import './account-control.css';

/** Saves the export as a file: the download needs the session's token, so it is fetched, then handed over. */
function saveJson(data: PlayerDataExport): void {
  const url = URL.createObjectURL(new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = exportFileName(data.exportedAt);
  document.body.append(link);
  link.click();
  link.remove();
  // After the click has handed the file to the browser.
  window.setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/**
 * `/profile/security`'s account card: the previous sign-in (so the player can spot a
 * sign-in that was not theirs), a download of their data, and closing the account.
 */
export function AccountSection() {
  const { t } = useTranslation('layout');
  const { t: ta } = useTranslation('alerts');
  const { locale } = useLocale();
  const id = useId();
  const { notify } = useToasts();
  const profile = useProfile();
  const exportData = useExportData();
  const [closing, setClosing] = useState(false);
  const [downloadError, setDownloadError] = useState<string | null>(null);
  const closeButton = useRef<HTMLButtonElement>(null);

  const previous = formatDateTime(profile.data?.previousLoginAt, locale);

  const download = () => {
    setDownloadError(null);
    exportData.mutate(undefined, {
      onSuccess: (data) => {
        saveJson(data);
        notify({ type: 'success', title: ta('dataDownloaded.title'), description: ta('dataDownloaded.description') });
      },
      onError: (error) =>
        setDownloadError(
          hasApiStatus(error, 'RATE_LIMITED') ? ta('rateLimited.description') : ta('somethingWrong.description'),
        ),
    });
  };

  return (
    <section className="profile-card account-control" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="profile-card__title">
        {t('profile.security.account.title')}
      </h2>
      <p className="profile-card__description">{t('profile.security.account.description')}</p>
      <dl className="account-control__facts">
        <dt>{t('profile.security.account.previousSignIn')}</dt>
        {profile.data ? (
          <dd data-testid="previous-sign-in">{previous ?? t('profile.security.account.firstSignIn')}</dd>
        ) : (
          <dd aria-busy="true">
            <Skeleton line />
          </dd>
        )}
      </dl>
      <div className="account-control__actions">
        <div className="account-control__action">
          <Button
            variant="ghost"
            onClick={download}
            disabled={exportData.isPending}
            aria-describedby={`${id}-download-hint`}
          >
            {exportData.isPending ? <Spinner /> : null}
            {t('profile.security.account.download')}
          </Button>
          <p id={`${id}-download-hint`} className="account-control__hint">
            {t('profile.security.account.downloadHint')}
          </p>
          {downloadError ? (
            <p className="field__error" role="alert">
              {downloadError}
            </p>
          ) : null}
        </div>
        <div className="account-control__action">
          <Button
            ref={closeButton}
            variant="ghost"
            className="account-control__danger"
            onClick={() => setClosing(true)}
            aria-describedby={`${id}-close-hint`}
          >
            {t('profile.security.account.close')}
          </Button>
          <p id={`${id}-close-hint`} className="account-control__hint">
            {t('profile.security.account.closeHint')}
          </p>
        </div>
      </div>
      {closing ? (
        <ClosureDialog
          onCancel={() => {
            setClosing(false);
            closeButton.current?.focus();
          }}
        />
      ) : null}
    </section>
  );
}

/**
 * The closure request: a reason, the password (re-authentication) and a positive
 * confirmation. A native modal dialog: focus stays inside, Escape cancels, focus goes back
 * to the button that opened it. On success the tab signs out and goes home.
 */
function ClosureDialog({ onCancel }: { onCancel: () => void }) {
  const { t } = useTranslation('layout');
  const { t: ta } = useTranslation('alerts');
  const { localePath } = useLocale();
  const { notify } = useToasts();
  const goHomeThen = useGoHomeThen();
  const close = useCloseAccount();
  const dialog = useRef<HTMLDialogElement>(null);
  const id = useId();
  const [values, setValues] = useState<ClosureValues>(EMPTY_CLOSURE);
  const [shown, setShown] = useState<ClosureProblem[]>([]);
  const [passwordError, setPasswordError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const key = (name: string) => `profile.security.account.dialog.${name}`;

  const cancelButton = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    const element = dialog.current;
    if (element && !element.open) element.showModal();
    // A destructive dialog starts on its safe choice.
    cancelButton.current?.focus();
  }, []);

  const set = <K extends keyof ClosureValues>(name: K, value: ClosureValues[K]) => {
    setValues((current) => ({ ...current, [name]: value }));
    setShown((current) => current.filter((problem) => problem !== name));
    if (name === 'password') setPasswordError(null);
    setFormError(null);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body = closureBody(values);
    if (!body) {
      const problems = closureProblems(values);
      setShown(problems);
      document.getElementById(`${id}-${problems[0] ?? 'reason'}`)?.focus();
      return;
    }
    // The server ends this tab's session too, and its realtime connection may tell the
    // tab before the answer arrives: that sign-out is expected.
    expectSignOut();
    close.mutate(body, {
      onSuccess: () => {
        dialog.current?.close();
        notify({ type: 'info', title: ta('accountClosed.title'), description: ta('accountClosed.description') });
        // The server has ended every session: this tab follows without calling it again.
        goHomeThen(() => logout());
      },
      onError: (error) => {
        expectSignOut(false);
        if (hasApiStatus(error, 'VALIDATION_FAILED')) {
          const fields = firstFieldErrors(error.fields);
          setPasswordError(fields.password ?? ta('somethingWrong.description'));
          document.getElementById(`${id}-password`)?.focus();
        } else if (hasApiStatus(error, 'RATE_LIMITED')) setFormError(ta('rateLimited.description'));
        else setFormError(ta('somethingWrong.description'));
      },
    });
  };

  const required = t(key('confirmRequired'));
  return (
    <dialog
      ref={dialog}
      className="account-dialog"
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-intro`}
      onClose={onCancel}
    >
      <form className="account-dialog__form" noValidate aria-busy={close.isPending} onSubmit={submit}>
        <h2 id={`${id}-title`} className="account-dialog__title">
          {t(key('title'))}
        </h2>
        <p id={`${id}-intro`} className="account-dialog__text">
          {t(key('intro'))}
        </p>
        <p className="account-dialog__text">{t(key('balance'))}</p>
        <Select
          id={`${id}-reason`}
          label={t(key('reason'))}
          placeholder=""
          value={values.reason}
          error={shown.includes('reason') ? required : undefined}
          onChange={(event) => set('reason', event.target.value as ClosureValues['reason'])}
          options={ACCOUNT_CLOSURE_REASONS.map((reason) => ({ value: reason, label: t(key(`reasons.${reason}`)) }))}
        />
        {values.reason === 'gambling' ? (
          <p className="account-dialog__help" data-testid="gambling-help">
            <Link to={localePath('/profile/limits')}>{t(key('gamblingHelp'))}</Link>
          </p>
        ) : null}
        <TextAreaField
          id={`${id}-comment`}
          label={t(key('comment'))}
          value={values.comment}
          maxLength={ACCOUNT_CLOSURE_COMMENT_MAX}
          rows={3}
          onChange={(event) => set('comment', event.target.value)}
        />
        <TextField
          id={`${id}-password`}
          type="password"
          autoComplete="current-password"
          label={t(key('password'))}
          value={values.password}
          error={passwordError ?? (shown.includes('password') ? required : undefined)}
          onChange={(event) => set('password', event.target.value)}
        />
        <Checkbox
          id={`${id}-confirmed`}
          label={t(key('confirm'))}
          checked={values.confirmed}
          error={shown.includes('confirmed') ? required : undefined}
          onChange={(event) => set('confirmed', event.target.checked)}
        />
        {formError ? (
          <p className="auth-form__alert" role="alert">
            {formError}
          </p>
        ) : null}
        <div className="account-dialog__buttons">
          <Button ref={cancelButton} variant="ghost" onClick={() => dialog.current?.close()} disabled={close.isPending}>
            {t(key('cancel'))}
          </Button>
          <Button type="submit" variant="primary" className="account-control__danger" disabled={close.isPending}>
            {close.isPending ? <Spinner /> : null}
            {t(key('submit'))}
          </Button>
        </div>
      </form>
    </dialog>
  );
}
