import { OTP_LENGTH, sanitizeOtpInput } from '@croupier/contract';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { describedBy, FieldShell, Spinner } from '../../components/fields';
import { formatCountdown, RESEND_COUNTDOWN_SECONDS, secondsLeft } from './logic';
import { Button } from '../../components/ui/Button';

/** Outcome of a verify or resend attempt: null on success, else the text to show. */
export type StepResult = null | { kind: 'error'; message: string } | { kind: 'limit' };

/** Re-renders every second while `endsAt` lies ahead; returns the seconds left. */
function useCountdown(endsAt: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (secondsLeft(endsAt, Date.now()) === 0) return undefined;
    const timer = setInterval(() => {
      const current = Date.now();
      setNow(current);
      if (secondsLeft(endsAt, current) === 0) clearInterval(timer);
    }, 250);
    return () => clearInterval(timer);
  }, [endsAt]);
  // Until the first tick after a restart `now` is a little old: never show more than the full time.
  return Math.min(RESEND_COUNTDOWN_SECONDS, secondsLeft(endsAt, now));
}

/**
 * The phone-verification step of phone registration: description, receive hint, the 6-digit code, back and verify buttons, a 60 s
 * countdown and then a resend button — or, once the send limit is reached, its message.
 */
export function PhoneVerification({
  phone,
  onBack,
  onVerify,
  onResend,
}: {
  /** The number the code went to, digits only. */
  phone: string;
  onBack: () => void;
  /** Registers with the code; resolves to what to show when it failed. */
  onVerify: (code: string) => Promise<StepResult>;
  /** Sends a new code. */
  onResend: () => Promise<StepResult>;
}) {
  const { t } = useTranslation('fields-settings');
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [typed, setTyped] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  const [limitReached, setLimitReached] = useState(false);
  const [endsAt, setEndsAt] = useState(() => Date.now() + RESEND_COUNTDOWN_SECONDS * 1000);
  const left = useCountdown(endsAt);
  // The completed code: exactly 6 digits, otherwise empty.
  const code = sanitizeOtpInput(typed);

  useEffect(() => inputRef.current?.focus(), []);

  const verify = async (event: FormEvent) => {
    event.preventDefault();
    if (!code || error || loading) return;
    setLoading(true);
    const result = await onVerify(code);
    setLoading(false);
    if (result?.kind === 'error') setError(result.message);
  };

  const resend = async () => {
    setLoading(true);
    setError(null);
    const result = await onResend();
    setLoading(false);
    if (result === null) {
      setEndsAt(Date.now() + RESEND_COUNTDOWN_SECONDS * 1000);
      setTyped('');
      inputRef.current?.focus();
    } else if (result.kind === 'limit') setLimitReached(true);
    else setError(result.message);
  };

  const hintId = `${id}-hint`;
  return (
    <form className="auth-form auth-verify" noValidate onSubmit={(event) => void verify(event)} aria-busy={loading}>
      <p className="auth-verify__description">{t('login.phoneVerification.description', { phone: `+${phone}` })}</p>
      <FieldShell id={`${id}-code`} label={t('fields.code.label')} error={error ?? undefined}>
        <input
          ref={inputRef}
          id={`${id}-code`}
          name="code"
          className="input auth-verify__code"
          type="text"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={OTP_LENGTH}
          placeholder={t('fields.code.placeholder')}
          value={typed}
          onChange={(event) => {
            setTyped(event.target.value.replace(/\D/g, '').slice(0, OTP_LENGTH));
            setError(null);
          }}
          {...describedBy(`${id}-code`, error ?? undefined, hintId)}
        />
      </FieldShell>
      <p id={hintId} className="auth-verify__hint">
        {t('login.phoneVerification.receiveHint')}
      </p>
      <div className="auth-verify__resend" aria-live="polite">
        {limitReached ? (
          <p className="auth-form__alert">{t('login.phoneVerification.limitError')}</p>
        ) : left > 0 ? (
          <p className="auth-verify__timer">{t('login.phoneVerification.timer', { time: formatCountdown(left) })}</p>
        ) : (
          <button type="button" className="auth-link" disabled={loading} onClick={() => void resend()}>
            {t('login.phoneVerification.resend')}
          </button>
        )}
      </div>
      <div className="auth-verify__actions">
        <Button shape="form" variant="ghost" onClick={onBack} disabled={loading}>
          {t('login.phoneVerification.back')}
        </Button>
        <Button shape="form" variant="primary" type="submit" disabled={!code || Boolean(error) || loading}>
          {loading ? <Spinner /> : null}
          {t('login.phoneVerification.verify')}
        </Button>
      </div>
    </form>
  );
}
