import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLayout } from './LayoutProvider';
import { isSafeHref, splitLinks } from '../../lib/text-links';
import './layout.css';

export interface CookiePopupProps {
  /** Adds the current locale prefix to site paths. */
  localizePath?: (path: string) => string;
  /** Cookie policy page for the "learn more" link when the text itself has no link. */
  policyPath?: string;
}

const identity = (path: string) => path;

/** The cookie notice (texts from `global-components.cookies`), shown until accepted. */
export function CookiePopup({ localizePath = identity, policyPath = '/static/cookies' }: CookiePopupProps) {
  const { t } = useTranslation('global-components');
  const { cookiePopupVisible, acceptCookies } = useLayout();
  if (!cookiePopupVisible) return null;
  const segments = splitLinks(t('cookies.text'));
  const hasLink = segments.some((segment) => segment.kind === 'link');

  return (
    <section className="cookie-popup" aria-label={t('cookies.title')} data-testid="cookie-popup">
      <svg className="cookie-popup__icon" viewBox="0 0 32 32" width="32" height="32" aria-hidden="true">
        <path
          d="M16 3a13 13 0 1 0 13 13 4.5 4.5 0 0 1-5.5-4.4A4.5 4.5 0 0 1 19 7.5 4.5 4.5 0 0 1 16 3z"
          fill="currentColor"
          opacity="0.9"
        />
        <circle className="cookie-popup__chip" cx="11" cy="13" r="1.8" />
        <circle className="cookie-popup__chip" cx="13" cy="21" r="2" />
        <circle className="cookie-popup__chip" cx="20.5" cy="19.5" r="1.6" />
      </svg>
      <p className="cookie-popup__text">
        {segments.map((segment, index) =>
          segment.kind === 'text' || !isSafeHref(segment.href) ? (
            <span key={index}>{segment.text}</span>
          ) : segment.href.startsWith('/') ? (
            <Link key={index} className="cookie-popup__link" to={localizePath(segment.href)}>
              {segment.text}
            </Link>
          ) : (
            <a key={index} className="cookie-popup__link" href={segment.href} target="_blank" rel="noopener noreferrer">
              {segment.text}
            </a>
          ),
        )}
      </p>
      <div className="cookie-popup__actions">
        {hasLink ? null : (
          <Link className="cookie-popup__more" to={localizePath(policyPath)}>
            {t('cookies.learnMore')}
          </Link>
        )}
        <button type="button" className="cookie-popup__accept" onClick={acceptCookies}>
          {t('cookies.accept')}
        </button>
      </div>
    </section>
  );
}
