import { useEffect, useId, useRef, useState, type ReactNode, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { GamesIcon, type IconName } from './icons';
import { useInView } from './useInView';
import './rail.css';

/** Whether a horizontal scroller can scroll back or forward, kept up to date. */
function useScrollEnds(scroller: RefObject<HTMLElement | null>) {
  const [ends, setEnds] = useState({ start: true, end: true });
  useEffect(() => {
    const element = scroller.current;
    if (!element) return undefined;
    const update = () => {
      const start = element.scrollLeft <= 2;
      const end = element.scrollLeft + element.clientWidth >= element.scrollWidth - 2;
      setEnds((previous) => (previous.start === start && previous.end === end ? previous : { start, end }));
    };
    const resize = typeof ResizeObserver === 'undefined' ? undefined : new ResizeObserver(update);
    resize?.observe(element);
    if (element.firstElementChild) resize?.observe(element.firstElementChild);
    element.addEventListener('scroll', update, { passive: true });
    return () => {
      resize?.disconnect();
      element.removeEventListener('scroll', update);
    };
  }, [scroller]);
  return ends;
}

export interface RailSectionProps {
  title: string;
  icon?: IconName;
  /** "Show all" link target (a locale-prefixed path). */
  to?: string;
  /** Shown after "Show all", e.g. the number of games. */
  count?: number;
  /** Rendered inside the horizontal scroller; receives whether the rail is near the viewport. */
  children: (visible: boolean) => ReactNode;
  /** Extra class, e.g. for a highlighted rail. */
  tone?: 'default' | 'highlight';
  'data-testid'?: string;
}

/**
 * A titled horizontal rail: scroll-snapped, scrollable by touch, wheel and keyboard
 * (its links are focusable), with previous/next buttons and a "show all" link.
 */
export function RailSection({ title, icon, to, count, children, tone = 'default', ...rest }: RailSectionProps) {
  const { t } = useTranslation('global-components');
  const headingId = useId();
  const section = useRef<HTMLElement>(null);
  const scroller = useRef<HTMLDivElement>(null);
  const visible = useInView(section);
  const ends = useScrollEnds(scroller);

  const page = (direction: 1 | -1) => {
    const element = scroller.current;
    if (!element) return;
    const reduce = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    element.scrollBy({
      left: direction * Math.max(element.clientWidth * 0.85, 160),
      behavior: reduce ? 'auto' : 'smooth',
    });
  };

  return (
    <section
      ref={section}
      className={`games-section games-rail games-rail--${tone}`}
      aria-labelledby={headingId}
      data-testid={rest['data-testid']}
    >
      <header className="games-section__head">
        <h2 id={headingId} className="games-section__title">
          {icon ? <GamesIcon name={icon} className="games-section__icon" /> : null}
          {title}
        </h2>
        <div className="games-section__actions">
          {to ? (
            <Link className="games-section__all" to={to}>
              {t('buttons.showAll')}
              {count !== undefined ? <span className="games-section__count">{count}</span> : null}
            </Link>
          ) : null}
          <div className="games-rail__nav">
            <button
              type="button"
              className="games-rail__button"
              aria-label={t('accessibility.previousSlide')}
              disabled={ends.start}
              onClick={() => page(-1)}
            >
              <GamesIcon name="prev" size={18} />
            </button>
            <button
              type="button"
              className="games-rail__button"
              aria-label={t('accessibility.nextSlide')}
              disabled={ends.end}
              onClick={() => page(1)}
            >
              <GamesIcon name="next" size={18} />
            </button>
          </div>
        </div>
      </header>
      <div ref={scroller} className="games-rail__scroller">
        {children(visible)}
      </div>
    </section>
  );
}
