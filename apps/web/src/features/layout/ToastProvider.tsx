import {
  createContext,
  useContext,
  useMemo,
  useState,
  useSyncExternalStore,
  type CSSProperties,
  type FocusEvent,
  type ReactNode,
} from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { LayoutContext } from './LayoutProvider';
import {
  TOAST_ANIMATION_MS,
  createToastQueue,
  type Toast,
  type ToastInput,
  type ToastQueue,
  type ToastQueueOptions,
  type ToastType,
} from './toast-queue';
import './layout.css';

export interface ToastApi {
  /** Queues a notification (texts already translated); returns its id. */
  notify: (input: ToastInput) => number;
  dismiss: (id: number) => void;
  clear: () => void;
}

const ToastContext = createContext<ToastApi | null>(null);

export function useToasts(): ToastApi {
  const value = useContext(ToastContext);
  if (!value) throw new Error('useToasts() must be used inside <ToastProvider>');
  return value;
}

export interface ToastProviderProps {
  /** Overrides of the default timing (spacing 400 ms, duration 3000 ms, animation 300 ms). */
  options?: Pick<ToastQueueOptions, 'spacingMs' | 'defaultDurationMs' | 'animationMs' | 'maxVisible'>;
  children?: ReactNode;
}

function ToastIcon({ type }: { type: ToastType }) {
  const paths: Record<ToastType, string> = {
    success: 'M7 12.5l3.2 3.2L17 9',
    error: 'M8.5 8.5l7 7M15.5 8.5l-7 7',
    warning: 'M12 7.5v6M12 16.6v.1',
    info: 'M12 10.8v5.7M12 7.6v.1',
  };
  return (
    <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
      <circle cx="12" cy="12" r="10" fill="currentColor" opacity="0.16" />
      <path d={paths[type]} stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" fill="none" />
    </svg>
  );
}

function ToastItem({ toast, queue, animationMs }: { toast: Toast; queue: ToastQueue; animationMs: number }) {
  const { t } = useTranslation('global-components');
  const isError = toast.type === 'error';
  const timing = {
    '--toast-animation': `${animationMs}ms`,
    '--toast-duration': `${toast.durationMs}ms`,
  } as CSSProperties;
  const onBlur = (event: FocusEvent<HTMLDivElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget)) queue.resume(toast.id);
  };
  return (
    <div
      className={`toast__item toast__item--${toast.type}`}
      data-phase={toast.phase}
      data-paused={toast.paused || undefined}
      data-toast-id={toast.id}
      role={isError ? 'alert' : 'status'}
      aria-live={isError ? 'assertive' : 'polite'}
      aria-atomic="true"
      style={timing}
      onMouseEnter={() => queue.pause(toast.id)}
      onMouseLeave={() => queue.resume(toast.id)}
      onFocus={() => queue.pause(toast.id)}
      onBlur={onBlur}
    >
      <div className="toast__clip">
        <div className="toast__card">
          <span className="toast__icon">
            <ToastIcon type={toast.type} />
          </span>
          <div className="toast__content">
            <p className="toast__title">{toast.title}</p>
            {toast.description ? <p className="toast__description">{toast.description}</p> : null}
          </div>
          <button
            type="button"
            className="toast__dismiss"
            aria-label={t('buttons.close')}
            onClick={() => queue.dismiss(toast.id)}
          >
            <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" focusable="false">
              <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" />
            </svg>
          </button>
          {toast.durationMs > 0 ? <span className="toast__progress" aria-hidden="true" /> : null}
        </div>
      </div>
    </div>
  );
}

function ToastRegion({ queue, animationMs }: { queue: ToastQueue; animationMs: number }) {
  const { visible } = useSyncExternalStore(queue.subscribe, queue.getSnapshot, queue.getSnapshot);
  // Stays live while a modal makes the rest of the page inert.
  return (
    <div className="toast" data-inert-exempt="">
      {visible.map((toast) => (
        <ToastItem key={toast.id} toast={toast} queue={queue} animationMs={animationMs} />
      ))}
    </div>
  );
}

/**
 * Notifications: top-right, 300 px wide, at least 400 ms apart, 3000 ms by default,
 * 300 ms enter and leave animation, paused while hovered or focused. Inside a
 * `LayoutProvider` it records the layout's last notification time.
 */
export function ToastProvider({ options, children }: ToastProviderProps) {
  const layout = useContext(LayoutContext);
  const [queue] = useState(() =>
    createToastQueue({ ...options, onShow: (time) => layout?.setLastNotificationTime(time) }),
  );
  const api = useMemo<ToastApi>(() => ({ notify: queue.notify, dismiss: queue.dismiss, clear: queue.clear }), [queue]);
  return (
    <ToastContext.Provider value={api}>
      {children}
      {createPortal(
        <ToastRegion queue={queue} animationMs={options?.animationMs ?? TOAST_ANIMATION_MS} />,
        document.body,
      )}
    </ToastContext.Provider>
  );
}
