/**
 * Notification queue: notifications appear at least 400 ms apart, stay
 * 3000 ms by default, animate in and out in 300 ms. Plain TS with injected clock and
 * timers so the spacing is testable with fake timers.
 */

export type ToastType = 'success' | 'error' | 'info' | 'warning';

export interface ToastInput {
  type: ToastType;
  title: string;
  description?: string;
  /** How long it stays once shown; default 3000 ms. 0 or less: until dismissed. */
  durationMs?: number;
}

/** `entering` and `leaving` last the animation time; `shown` the duration. */
export type ToastPhase = 'entering' | 'shown' | 'leaving';

export interface Toast {
  id: number;
  type: ToastType;
  title: string;
  description?: string;
  durationMs: number;
  phase: ToastPhase;
  /** When it appeared (epoch ms). */
  shownAt: number;
  paused: boolean;
}

export interface ToastSnapshot {
  visible: readonly Toast[];
  /** Notifications waiting for their turn. */
  queued: number;
}

export const TOAST_SPACING_MS = 400;
export const TOAST_DURATION_MS = 3000;
export const TOAST_ANIMATION_MS = 300;
export const TOAST_MAX_VISIBLE = 5;

export interface ToastQueueOptions {
  spacingMs?: number;
  defaultDurationMs?: number;
  animationMs?: number;
  /** More notifications wait until one leaves. */
  maxVisible?: number;
  now?: () => number;
  setTimeout?: (callback: () => void, ms: number) => unknown;
  clearTimeout?: (handle: unknown) => void;
  /** Called with the time each notification appears (the layout's last notification time). */
  onShow?: (time: number) => void;
}

interface Queued {
  id: number;
  input: ToastInput;
}

interface Timer {
  handle: unknown;
  /** When it fires and how long it was set for, to pause and resume the duration. */
  dueAt: number;
}

export type ToastQueue = ReturnType<typeof createToastQueue>;

export function createToastQueue(options: ToastQueueOptions = {}) {
  const spacingMs = options.spacingMs ?? TOAST_SPACING_MS;
  const defaultDurationMs = options.defaultDurationMs ?? TOAST_DURATION_MS;
  const animationMs = options.animationMs ?? TOAST_ANIMATION_MS;
  const maxVisible = options.maxVisible ?? TOAST_MAX_VISIBLE;
  const now = options.now ?? (() => Date.now());
  const setTimer = options.setTimeout ?? ((callback: () => void, ms: number) => globalThis.setTimeout(callback, ms));
  const clearTimer =
    options.clearTimeout ??
    ((handle: unknown) => globalThis.clearTimeout(handle as ReturnType<typeof globalThis.setTimeout>));

  let nextId = 1;
  let lastShownAt = Number.NEGATIVE_INFINITY;
  let pending: Queued[] = [];
  let visible: Toast[] = [];
  let snapshot: ToastSnapshot = { visible, queued: 0 };
  let pumpTimer: unknown = undefined;
  const timers = new Map<number, Timer>();
  /** Remaining display time of paused notifications. */
  const remaining = new Map<number, number>();
  const listeners = new Set<() => void>();

  function emit() {
    snapshot = { visible, queued: pending.length };
    listeners.forEach((listener) => listener());
  }

  function setPhase(id: number, phase: ToastPhase) {
    visible = visible.map((toast) => (toast.id === id ? { ...toast, phase } : toast));
  }

  function startTimer(id: number, ms: number, callback: () => void) {
    stopTimer(id);
    const handle = setTimer(() => {
      timers.delete(id);
      callback();
    }, ms);
    timers.set(id, { handle, dueAt: now() + ms });
  }

  function stopTimer(id: number) {
    const timer = timers.get(id);
    if (timer) {
      clearTimer(timer.handle);
      timers.delete(id);
    }
  }

  function scheduleDismiss(id: number, ms: number) {
    if (ms > 0) startTimer(id, ms, () => dismiss(id));
  }

  function show(item: Queued) {
    const time = now();
    lastShownAt = time;
    const toast: Toast = {
      id: item.id,
      type: item.input.type,
      title: item.input.title,
      ...(item.input.description ? { description: item.input.description } : {}),
      durationMs: item.input.durationMs ?? defaultDurationMs,
      phase: 'entering',
      shownAt: time,
      paused: false,
    };
    visible = [...visible, toast];
    options.onShow?.(time);
    startTimer(toast.id, animationMs, () => {
      setPhase(toast.id, 'shown');
      const current = visible.find((candidate) => candidate.id === toast.id);
      if (current?.paused) remaining.set(toast.id, toast.durationMs);
      else scheduleDismiss(toast.id, toast.durationMs);
      emit();
    });
  }

  /** Shows the next queued notification when its turn has come, else waits for it. */
  function pump() {
    if (pumpTimer !== undefined) return;
    while (pending.length > 0) {
      const live = visible.filter((toast) => toast.phase !== 'leaving').length;
      if (live >= maxVisible) break; // resumes when one leaves
      const wait = lastShownAt + spacingMs - now();
      if (wait > 0) {
        pumpTimer = setTimer(() => {
          pumpTimer = undefined;
          pump();
        }, wait);
        break;
      }
      const next = pending.shift();
      if (next) show(next);
    }
    emit();
  }

  function dismiss(id: number) {
    const queuedIndex = pending.findIndex((item) => item.id === id);
    if (queuedIndex >= 0) {
      pending = pending.filter((item) => item.id !== id);
      emit();
      return;
    }
    const toast = visible.find((candidate) => candidate.id === id);
    if (!toast || toast.phase === 'leaving') return;
    remaining.delete(id);
    setPhase(id, 'leaving');
    startTimer(id, animationMs, () => {
      visible = visible.filter((candidate) => candidate.id !== id);
      emit();
      pump();
    });
    emit();
    pump(); // a place may have freed up
  }

  return {
    subscribe: (listener: () => void): (() => void) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    getSnapshot: (): ToastSnapshot => snapshot,

    /** Queues a notification; returns its id. */
    notify: (input: ToastInput): number => {
      const id = nextId++;
      pending = [...pending, { id, input }];
      pump();
      return id;
    },

    dismiss,

    /** Stops the display countdown (pointer over it, or focus in it). */
    pause: (id: number): void => {
      const toast = visible.find((candidate) => candidate.id === id);
      if (!toast || toast.paused || toast.phase === 'leaving') return;
      if (toast.phase === 'shown') {
        const timer = timers.get(id);
        if (timer) remaining.set(id, Math.max(0, timer.dueAt - now()));
        stopTimer(id);
      }
      visible = visible.map((candidate) => (candidate.id === id ? { ...candidate, paused: true } : candidate));
      emit();
    },

    /** Restarts the countdown with the time that was left. */
    resume: (id: number): void => {
      const toast = visible.find((candidate) => candidate.id === id);
      if (!toast?.paused) return;
      visible = visible.map((candidate) => (candidate.id === id ? { ...candidate, paused: false } : candidate));
      const left = remaining.get(id);
      remaining.delete(id);
      if (toast.phase === 'shown' && left !== undefined && toast.durationMs > 0) scheduleDismiss(id, Math.max(left, 1));
      emit();
    },

    /** Removes everything at once (no animation). */
    clear: (): void => {
      for (const id of [...timers.keys()]) stopTimer(id);
      if (pumpTimer !== undefined) clearTimer(pumpTimer);
      pumpTimer = undefined;
      pending = [];
      visible = [];
      remaining.clear();
      emit();
    },
  };
}
