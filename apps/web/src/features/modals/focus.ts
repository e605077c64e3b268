/** Focus helpers for the modal focus trap. */

const TABBABLE = [
  'a[href]',
  'area[href]',
  'button:not([disabled])',
  'input:not([disabled]):not([type="hidden"])',
  'select:not([disabled])',
  'textarea:not([disabled])',
  'iframe',
  'audio[controls]',
  'video[controls]',
  'summary',
  '[contenteditable]:not([contenteditable="false"])',
  '[tabindex]',
].join(',');

/** Elements inside `root` reachable with Tab, in tab order (positive tabindex aside). */
export function tabbableElements(root: HTMLElement): HTMLElement[] {
  return [...root.querySelectorAll<HTMLElement>(TABBABLE)].filter(
    (element) =>
      element.tabIndex >= 0 &&
      !element.closest('[inert]') &&
      element.getClientRects().length > 0 &&
      getComputedStyle(element).visibility !== 'hidden',
  );
}

/**
 * Where Tab (or Shift+Tab) goes from position `current` among `count` tabbable elements,
 * cycling at both ends. `current` -1 means focus is outside them.
 */
export function nextFocusIndex(current: number, count: number, backwards: boolean): number {
  if (count <= 0) return -1;
  if (current < 0) return backwards ? count - 1 : 0;
  return backwards ? (current - 1 + count) % count : (current + 1) % count;
}

/** The element a newly opened dialog focuses: `[data-autofocus]`, else the first field or button of its body, else the dialog. */
export function initialFocusTarget(dialog: HTMLElement): HTMLElement {
  const marked = dialog.querySelector<HTMLElement>('[data-autofocus], [autofocus]');
  if (marked) return marked;
  const body = dialog.querySelector<HTMLElement>('.modal__body');
  const first = body ? tabbableElements(body)[0] : undefined;
  return first ?? dialog;
}

/** Focuses without scrolling the page behind. */
export function focusElement(element: HTMLElement): void {
  element.focus({ preventScroll: true });
}
