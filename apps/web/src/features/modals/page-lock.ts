/**
 * While a modal is open the rest of the page is `inert` (no focus, no clicks, hidden from
 * assistive technology) and does not scroll. Elements marked `data-inert-exempt` (the
 * toast region) stay live.
 */
const LOCK_CLASS = 'modal-scroll-locked';
const SCROLLBAR_VAR = '--modal-scrollbar-width';

export function lockPage(modalRoot: HTMLElement): () => void {
  const body = document.body;
  const root = document.documentElement;
  const madeInert = new Set<Element>();

  const shouldInert = (element: Element) =>
    element !== modalRoot &&
    !element.hasAttribute('data-inert-exempt') &&
    !element.hasAttribute('inert') &&
    !(element instanceof HTMLScriptElement || element instanceof HTMLStyleElement);

  const apply = (element: Element) => {
    if (!shouldInert(element)) return;
    element.setAttribute('inert', '');
    madeInert.add(element);
  };

  for (const child of body.children) apply(child);
  // Third-party widgets may add elements while a modal is open.
  const observer = new MutationObserver((records) => {
    for (const record of records) for (const node of record.addedNodes) if (node instanceof Element) apply(node);
  });
  observer.observe(body, { childList: true });

  const scrollbar = window.innerWidth - root.clientWidth;
  root.style.setProperty(SCROLLBAR_VAR, `${Math.max(0, scrollbar)}px`);
  root.classList.add(LOCK_CLASS);

  return () => {
    observer.disconnect();
    for (const element of madeInert) element.removeAttribute('inert');
    root.classList.remove(LOCK_CLASS);
    root.style.removeProperty(SCROLLBAR_VAR);
  };
}
