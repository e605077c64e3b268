import {
  Suspense,
  useCallback,
  useEffect,
  useEffectEvent,
  useId,
  useLayoutEffect,
  useRef,
  useState,
  useSyncExternalStore,
  type MouseEvent,
  type PointerEvent,
  type RefObject,
} from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { useModalsInternal, type ModalBodyProps } from './context';
import type { CloseGuard, CloseOptions } from './controller';
import { focusElement, initialFocusTarget, nextFocusIndex, tabbableElements } from './focus';
import { GenericModalBody, descriptionIdFor, genericDescription } from './GenericModalBody';
import { lockPage } from './page-lock';
import { MODAL_REGISTRY, modalTextKeys } from './registry';
import { modalZIndex, topEntry, type ModalEntry, type ModalOpener, type ModalStack } from './stack';
import './modals.css';

function CloseIcon() {
  return (
    <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
      <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" fill="none" />
    </svg>
  );
}

/** Shown while a lazily loaded body arrives. */
function BodyLoading() {
  const { t } = useTranslation('global-components');
  return (
    <div className="modal__loading" role="status">
      <span className="modal__spinner" aria-hidden="true" />
      <span className="modal__loading-text">{t('accessibility.loading')}</span>
    </div>
  );
}

/**
 * Rendered after the body inside its Suspense boundary: when a lazily loaded body
 * arrives while focus waits on the dialog itself, focus moves into the body.
 */
function FocusWhenReady({ dialogRef }: { dialogRef: RefObject<HTMLDivElement | null> }) {
  useLayoutEffect(() => {
    const dialog = dialogRef.current;
    if (dialog && document.activeElement === dialog) focusElement(initialFocusTarget(dialog));
  }, [dialogRef]);
  return null;
}

function ModalLayer({ entry, position, isTop }: { entry: ModalEntry; position: number; isTop: boolean }) {
  const { t } = useTranslation('modals');
  const { controller, bodies } = useModalsInternal();
  const titleId = useId();
  const pressStartedOnViewport = useRef(false);
  const dialogRef = useRef<HTMLDivElement>(null);
  const definition = MODAL_REGISTRY[entry.name];
  const Registered = bodies[entry.name];
  const Body = Registered ?? GenericModalBody;
  const zIndex = modalZIndex(position);
  const showTitle = !Registered || !definition.customHeader;
  const titleKey = typeof entry.props.titleKey === 'string' ? entry.props.titleKey : undefined;
  const description = Registered ? '' : genericDescription(t, definition, entry.props);

  const close = useCallback(
    (options?: CloseOptions) => controller.closeById(entry.id, options),
    [controller, entry.id],
  );
  const setCloseGuard = useCallback(
    (guard: CloseGuard | null) => controller.setCloseGuard(entry.id, guard),
    [controller, entry.id],
  );

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    pressStartedOnViewport.current = event.target === event.currentTarget;
  };
  const onClick = (event: MouseEvent<HTMLDivElement>) => {
    // An outside click: press and release both on the area around the dialog.
    if (event.target !== event.currentTarget || !pressStartedOnViewport.current) return;
    pressStartedOnViewport.current = false;
    if (definition.closeOnOutsideClick) close();
  };

  const bodyProps: ModalBodyProps = {
    name: entry.name,
    definition,
    props: entry.props,
    state: entry.state,
    titleId,
    close,
    setCloseGuard,
  };

  return (
    <div
      className="modal"
      data-modal-id={entry.id}
      data-modal-name={entry.name}
      data-state={entry.state}
      inert={!isTop || entry.state === 'closing'}
    >
      <div className="modal__backdrop" style={{ zIndex: zIndex.backdrop }} aria-hidden="true" />
      <div
        className="modal__viewport"
        style={{ zIndex: zIndex.dialog }}
        onPointerDown={onPointerDown}
        onClick={onClick}
      >
        <div
          ref={dialogRef}
          role="dialog"
          aria-modal="true"
          aria-labelledby={titleId}
          aria-describedby={description ? descriptionIdFor(titleId) : undefined}
          tabIndex={-1}
          className={`modal__dialog modal__dialog--${definition.size}`}
          data-modal-name={entry.name}
          data-state={entry.state}
        >
          <button type="button" className="modal__close" aria-label={t('close')} onClick={() => close()}>
            <CloseIcon />
          </button>
          {showTitle ? (
            <h2 id={titleId} className="modal__title">
              {t(titleKey ? [titleKey] : modalTextKeys(definition, 'title'))}
            </h2>
          ) : null}
          <div className="modal__body">
            <Suspense fallback={<BodyLoading />}>
              <Body {...bodyProps} />
              <FocusWhenReady dialogRef={dialogRef} />
            </Suspense>
          </div>
        </div>
      </div>
    </div>
  );
}

/** Where focus goes back when a modal closes: its opener, or the opener of the modal that held it. */
function returnFocusTarget(id: number, openers: Map<number, ModalOpener | null>): HTMLElement | null {
  let opener = openers.get(id) ?? null;
  for (let depth = 0; opener && depth < 20; depth += 1) {
    const { element } = opener;
    if (element.isConnected && !element.closest('[inert]')) return element;
    opener = opener.modalId === null ? null : (openers.get(opener.modalId) ?? null);
  }
  return null;
}

/**
 * Renders the modal stack in a portal at the end of `<body>`: stacking, transitions,
 * focus trap, Escape, outside click, return of focus, scroll lock and `inert` page.
 */
export function ModalHost() {
  const { controller } = useModalsInternal();
  const { stack } = useSyncExternalStore(controller.subscribe, controller.getSnapshot, controller.getSnapshot);
  const [root] = useState(() => {
    const element = document.createElement('div');
    element.className = 'modal-root';
    element.setAttribute('data-modal-root', '');
    return element;
  });
  const previous = useRef<ModalStack>([]);
  const openers = useRef(new Map<number, ModalOpener | null>());
  const top = topEntry(stack);
  const active = top !== undefined;

  useLayoutEffect(() => {
    document.body.append(root);
    return () => root.remove();
  }, [root]);

  useLayoutEffect(() => (active ? lockPage(root) : undefined), [active, root]);

  // Focus: into a modal that opens on top, back to the opener of one that closes.
  useLayoutEffect(() => {
    const before = new Map(previous.current.map((entry) => [entry.id, entry]));
    previous.current = stack;
    for (const entry of stack) if (!openers.current.has(entry.id)) openers.current.set(entry.id, entry.opener);
    const dialogOf = (id: number) =>
      root.querySelector<HTMLElement>(`[data-modal-id="${id}"] [role="dialog"]`) ?? undefined;

    const current = topEntry(stack);
    if (current && !before.has(current.id)) {
      const dialog = dialogOf(current.id);
      if (dialog) focusElement(initialFocusTarget(dialog));
    } else {
      const closed = stack.filter((entry) => entry.state === 'closing' && before.get(entry.id)?.state !== 'closing');
      const last = closed[closed.length - 1];
      if (last) {
        const target = returnFocusTarget(last.id, openers.current) ?? (current ? dialogOf(current.id) : undefined);
        if (target) focusElement(target);
      }
    }
    if (stack.length === 0) openers.current.clear();
  }, [stack, root]);

  const onKeyDown = useEffectEvent((event: KeyboardEvent) => {
    const current = topEntry(stack);
    if (!current || event.isComposing) return;
    if (event.key === 'Escape') {
      if (event.defaultPrevented) return;
      event.preventDefault();
      controller.closeById(current.id);
      return;
    }
    if (event.key !== 'Tab') return;
    const dialog = root.querySelector<HTMLElement>(`[data-modal-id="${current.id}"] [role="dialog"]`);
    if (!dialog) return;
    const items = tabbableElements(dialog);
    const active = document.activeElement;
    const index = items.findIndex((item) => item === active);
    const atEdge = index === -1 || (event.shiftKey ? index === 0 : index === items.length - 1);
    if (!atEdge) return;
    event.preventDefault();
    const next = items[nextFocusIndex(index, items.length, event.shiftKey)];
    focusElement(next ?? dialog);
  });

  useEffect(() => {
    const listener = (event: KeyboardEvent) => onKeyDown(event);
    document.addEventListener('keydown', listener);
    return () => document.removeEventListener('keydown', listener);
  }, []);

  return createPortal(
    stack.map((entry, position) => (
      <ModalLayer key={entry.id} entry={entry} position={position} isTop={entry.id === top?.id} />
    )),
    root,
  );
}
