import { Suspense, useLayoutEffect, useRef, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import type { ModalBodyProps } from '../modals';

/**
 * Wraps a lazily loaded body of a `customHeader` modal (sign-in, sign-up): while its chunk
 * loads, the dialog already shows — and is labelled by — its title, and focus moves into
 * the form once it arrives. Lives in the main chunk; the body stays lazy.
 */
export function withLoadingTitle(Body: ComponentType<ModalBodyProps>, titleKey: string): ComponentType<ModalBodyProps> {
  function LazyAuthModalBody(props: ModalBodyProps) {
    return (
      <Suspense fallback={<LoadingTitle titleId={props.titleId} titleKey={titleKey} />}>
        <Body {...props} />
        <FocusOnArrival />
      </Suspense>
    );
  }
  return LazyAuthModalBody;
}

function LoadingTitle({ titleId, titleKey }: { titleId: string; titleKey: string }) {
  const { t } = useTranslation('modals');
  return (
    <>
      <h2 id={titleId} className="modal__title">
        {t(titleKey)}
      </h2>
      <div className="modal__loading" role="status">
        <span className="modal__spinner" aria-hidden="true" />
        <span className="modal__loading-text">{t('accessibility.loading', { ns: 'global-components' })}</span>
      </div>
    </>
  );
}

/** When the body arrives while the dialog itself holds focus, focus its first field. */
function FocusOnArrival() {
  const marker = useRef<HTMLSpanElement>(null);
  useLayoutEffect(() => {
    const dialog = marker.current?.closest<HTMLElement>('[role="dialog"]');
    if (!dialog || document.activeElement !== dialog) return;
    const target =
      dialog.querySelector<HTMLElement>('[data-autofocus]') ??
      dialog.querySelector<HTMLElement>('.modal__body input:not([disabled]), .modal__body button:not([disabled])');
    target?.focus({ preventScroll: true });
  }, []);
  return <span ref={marker} hidden />;
}
