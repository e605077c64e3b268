import { useEffect, useEffectEvent, useMemo, useState, useSyncExternalStore, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { ModalsContext, ModalsInternalContext, type ModalBodies, type ModalsApi, type ModalsInternal } from './context';
import { createModalController } from './controller';
import { modalsFromQuery, withoutQueryKeys } from './query';
import type { ModalOpener } from './stack';

export interface ModalProviderProps {
  isLoggedIn: boolean;
  /** The visitor's country has restrictType 2: sign-in and sign-up open geo-restricted-type. */
  authBlocked: boolean;
  /** Bodies by modal name; a modal without one gets the generic body. */
  bodies: ModalBodies;
  /** Adds the current locale prefix to paths the generic bodies navigate to. */
  localizePath?: (path: string) => string;
  children?: ReactNode;
}

const identity = (path: string) => path;

/** The focused element (and the modal it is in) when a modal is asked for: focus returns there. */
function currentOpener(): ModalOpener | null {
  const element = document.activeElement;
  if (!(element instanceof HTMLElement) || element === document.body) return null;
  const layer = element.closest('[data-modal-id]');
  const modalId = layer ? Number(layer.getAttribute('data-modal-id')) : null;
  return { element, modalId: Number.isFinite(modalId) ? modalId : null };
}

/**
 * Holds the modal stack and opens the modals named in the URL query (on load and when the
 * query changes); closing such a modal removes its keys from the URL (history replace).
 * Must be rendered inside the router. Render `<ModalHost />` somewhere inside it.
 */
export function ModalProvider({ isLoggedIn, authBlocked, bodies, localizePath, children }: ModalProviderProps) {
  const [controller] = useState(createModalController);
  const snapshot = useSyncExternalStore(controller.subscribe, controller.getSnapshot, controller.getSnapshot);
  const location = useLocation();
  const navigate = useNavigate();

  const open = useMemo<ModalsApi['open']>(
    () => (name, options) =>
      controller.open(name, { isLoggedIn, authBlocked }, { props: options?.props ?? {}, opener: currentOpener() }),
    [controller, isLoggedIn, authBlocked],
  );

  // A sign-in or sign-out closes the modals the new state may not see.
  useEffect(() => controller.closeDisallowed(isLoggedIn), [controller, isLoggedIn]);

  const removeQueryKeys = useEffectEvent((keys: readonly string[]) => {
    const next = withoutQueryKeys(new URLSearchParams(location.search), keys);
    if (!next) return;
    const search = next.toString();
    void navigate(
      { pathname: location.pathname, search: search ? `?${search}` : '', hash: location.hash },
      { replace: true, preventScrollReset: true, state: location.state as unknown },
    );
  });

  useEffect(() => controller.onClosing((entry) => removeQueryKeys(entry.queryKeys)), [controller]);

  const openFromQuery = useEffectEvent((search: string) => {
    const denied: string[] = [];
    for (const request of modalsFromQuery(new URLSearchParams(search))) {
      const result = controller.open(
        request.name,
        { isLoggedIn, authBlocked },
        { props: request.props, queryKeys: request.queryKeys },
      );
      if (!result.opened) denied.push(...request.queryKeys);
    }
    if (denied.length > 0) removeQueryKeys(denied);
  });

  useEffect(() => openFromQuery(location.search), [location.search]);

  const api = useMemo<ModalsApi>(
    () => ({
      open,
      close: (name, options) => controller.close(name, options),
      closeAll: () => controller.closeAll(),
      stack: snapshot.stack,
      pendingAfterSignIn: snapshot.pendingAfterSignIn,
      takePendingAfterSignIn: () => controller.takePendingAfterSignIn(),
    }),
    [controller, open, snapshot],
  );

  const internal = useMemo<ModalsInternal>(
    () => ({ controller, bodies, localizePath: localizePath ?? identity, open }),
    [controller, bodies, localizePath, open],
  );

  return (
    <ModalsContext.Provider value={api}>
      <ModalsInternalContext.Provider value={internal}>{children}</ModalsInternalContext.Provider>
    </ModalsContext.Provider>
  );
}
