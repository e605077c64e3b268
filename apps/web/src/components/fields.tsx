import {
  EXCLUDED_COUNTRY_CODES,
  messageFor,
  passwordStrength,
  type Country,
  type ValidationFailure,
} from '@croupier/contract';
import { Fragment, useCallback, type ComponentPropsWithRef } from 'react';
import { useTranslation } from 'react-i18next';
import { isSafeHref, splitLinks } from '../lib/text-links';
import { withParamAlias } from '../lib/field-params';
import { fieldAria } from './ui/FieldShell';
import './ui/Input.css';

export { FieldShell } from './ui/FieldShell';

/** A content value that is not a text (settings, lists); undefined when absent. */
export function useContentValue(ns: string, key: string): unknown {
  const { i18n } = useTranslation(ns);
  return i18n.getResource(i18n.language, ns, key) as unknown;
}

/** The content text for a rule failure (`fields-settings:validation.<rule>`, parser kinds for phones). */
export function useFailureText(): (failure: ValidationFailure) => string {
  const { t } = useTranslation('fields-settings');
  return useCallback(
    (raw: ValidationFailure) => {
      const failure = withParamAlias(raw);
      const fallback = messageFor(failure);
      if (failure.rule === 'phone' && typeof failure.params?.kind === 'string') {
        return t(`validation.phoneParser.${failure.params.kind}`, { defaultValue: t('validation.phone') });
      }
      if (failure.rule === 'sameAs') return t('validation.passwordConfirmation', { defaultValue: fallback });
      return t(`validation.${failure.rule}`, { ...failure.params, defaultValue: fallback });
    },
    [t],
  );
}

/** Ids and ARIA attributes tying an input to its error text (FieldShell renders the text). */
export function describedBy(id: string, error: string | undefined, extra?: string): Record<string, string | boolean> {
  return fieldAria(id, { error, describedBy: extra });
}

/** Weak / good / strong bars under a password; nothing when empty. */
export function PasswordStrengthMeter({ id, value }: { id: string; value: string }) {
  const { t } = useTranslation('fields-settings');
  const strength = passwordStrength(value);
  const level = strength === 'strong' ? 3 : strength === 'good' ? 2 : strength === 'weak' ? 1 : 0;
  return (
    <div id={id} className="auth-strength" data-strength={strength ?? 'none'} aria-live="polite">
      {strength ? (
        <>
          <span className="auth-strength__bars" aria-hidden="true">
            {[1, 2, 3].map((bar) => (
              <span key={bar} className="auth-strength__bar" data-on={bar <= level ? '' : undefined} />
            ))}
          </span>
          <span className="auth-strength__label">{t(`login.passwordStrength.${strength}`)}</span>
        </>
      ) : null}
    </div>
  );
}

/** The flag of an ISO country code as regional-indicator emoji ('DE' → 🇩🇪). */
export function flagEmoji(code: string): string {
  if (!/^[A-Za-z]{2}$/.test(code)) return '';
  return String.fromCodePoint(...[...code.toUpperCase()].map((char) => 0x1f1e6 + char.charCodeAt(0) - 65));
}

let flagEmojiSupport: boolean | undefined;

/**
 * Whether this system draws flag emoji in colour (Windows and systems without an emoji
 * font draw two letters or empty boxes instead): one emoji drawn on a canvas, checked
 * for coloured pixels.
 */
export function supportsFlagEmoji(): boolean {
  if (flagEmojiSupport !== undefined) return flagEmojiSupport;
  flagEmojiSupport = false;
  try {
    const canvas = document.createElement('canvas');
    canvas.width = 20;
    canvas.height = 20;
    const context = canvas.getContext('2d', { willReadFrequently: true });
    if (!context) return false;
    context.textBaseline = 'top';
    context.font = '16px sans-serif';
    context.fillText(flagEmoji('DE'), 0, 0);
    const { data } = context.getImageData(0, 0, 20, 20);
    for (let index = 0; index < data.length; index += 4) {
      const [red = 0, green = 0, blue = 0] = [data[index], data[index + 1], data[index + 2]];
      if (Math.abs(red - green) > 40 || Math.abs(green - blue) > 40) {
        flagEmojiSupport = true;
        break;
      }
    }
  } catch {
    // no canvas: letters
  }
  return flagEmojiSupport;
}

/** A country's flag: the emoji where the system draws it, else a badge with the ISO code. */
export function CountryFlag({ code }: { code: string | undefined }) {
  if (!code) {
    return (
      <svg className="auth-flag auth-flag--none" viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
        <path
          d="M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20zM2 12h20M12 2c3 3 3 17 0 20M12 2c-3 3-3 17 0 20"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.6"
        />
      </svg>
    );
  }
  return supportsFlagEmoji() ? (
    <span className="auth-flag auth-flag--emoji">{flagEmoji(code)}</span>
  ) : (
    <span className="auth-flag auth-flag--code">{code.toUpperCase()}</span>
  );
}

/** Countries offered to players: the excluded ones removed, sorted by name. */
export function selectableCountries(countries: readonly Country[] | undefined, locale: string): Country[] {
  const excluded = new Set<string>(EXCLUDED_COUNTRY_CODES);
  return (countries ?? [])
    .filter((country) => !excluded.has(country.code))
    .sort((a, b) => a.name.localeCompare(b.name, locale));
}

/**
 * Phone field: a country select (flag and calling code) and the number, digits only, at
 * most 12. The select is the native one (keyboard search, screen readers) laid over the
 * flag and prefix it shows.
 */
export function PhoneInput({
  id,
  countries,
  country,
  countryLabel,
  selectProps,
  inputProps,
}: {
  id: string;
  countries: readonly Country[];
  country: string;
  countryLabel: string;
  selectProps: ComponentPropsWithRef<'select'>;
  inputProps: ComponentPropsWithRef<'input'>;
}) {
  const selected = countries.find((item) => item.code === country);
  return (
    <div className="auth-phone" data-invalid={inputProps['aria-invalid'] ? '' : undefined}>
      <div className="auth-phone__country">
        <span className="auth-phone__shown" aria-hidden="true">
          <CountryFlag code={selected?.code} />
          <span className="auth-phone__prefix">{selected ? `+${selected.phonePrefix}` : '+'}</span>
          <svg viewBox="0 0 24 24" width="14" height="14" aria-hidden="true" focusable="false">
            <path d="M6 9l6 6 6-6" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          </svg>
        </span>
        <select {...selectProps} id={`${id}-country`} className="auth-phone__select" aria-label={countryLabel}>
          <option value="">{countryLabel}</option>
          {countries
            .filter((item) => item.phonePrefix)
            .map((item) => (
              <option key={item.code} value={item.code}>
                {`${supportsFlagEmoji() ? `${flagEmoji(item.code)} ` : ''}${item.name} (+${item.phonePrefix})`}
              </option>
            ))}
        </select>
      </div>
      <input
        {...inputProps}
        id={id}
        className="input auth-phone__number"
        type="tel"
        inputMode="numeric"
        autoComplete="tel-national"
      />
    </div>
  );
}

/** A content text with `[label](/path)` links (checkbox labels); links open in a new tab. */
export function LinkedText({ text, localePath }: { text: string; localePath: (path: string) => string }) {
  return (
    <>
      {splitLinks(text).map((segment, index) =>
        segment.kind === 'link' && isSafeHref(segment.href) ? (
          <a
            key={index}
            href={segment.href.startsWith('/') ? localePath(segment.href) : segment.href}
            target="_blank"
            rel="noopener noreferrer"
          >
            {segment.text}
          </a>
        ) : (
          <Fragment key={index}>{segment.text}</Fragment>
        ),
      )}
    </>
  );
}

/** A spinner for pending buttons. */
export function Spinner() {
  return <span className="spinner auth-spinner" aria-hidden="true" />;
}
