import { useEffect, useState, type RefObject } from 'react';
import { LAZY_ROOT_MARGIN } from './logic';

type Callback = (visible: boolean) => void;

/** One observer per root margin, shared by every tile on the page. */
const observers = new Map<string, { observer: IntersectionObserver; callbacks: Map<Element, Callback> }>();

function observe(element: Element, rootMargin: string, callback: Callback): () => void {
  let entry = observers.get(rootMargin);
  if (!entry) {
    const callbacks = new Map<Element, Callback>();
    const observer = new IntersectionObserver(
      (changes) => {
        for (const change of changes) callbacks.get(change.target)?.(change.isIntersecting);
      },
      { rootMargin },
    );
    entry = { observer, callbacks };
    observers.set(rootMargin, entry);
  }
  const { observer, callbacks } = entry;
  callbacks.set(element, callback);
  observer.observe(element);
  return () => {
    callbacks.delete(element);
    observer.unobserve(element);
  };
}

/**
 * Becomes true once the element comes within `rootMargin` of the viewport (400 px by
 * default) and stays true. The margin applies on
 * every side of the viewport, but a tile clipped by a horizontal rail only intersects once
 * scrolled into it, so rails observe themselves and load their tiles together (`skip`
 * turns a tile's own observer off). Without IntersectionObserver everything is visible.
 */
export function useInView(
  ref: RefObject<Element | null>,
  { rootMargin = LAZY_ROOT_MARGIN, skip = false }: { rootMargin?: string; skip?: boolean } = {},
): boolean {
  const [seen, setSeen] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const element = ref.current;
    if (seen || skip || !element) return undefined;
    const stop = observe(element, rootMargin, (visible) => {
      if (!visible) return;
      setSeen(true);
      stop();
    });
    return stop;
  }, [ref, rootMargin, seen, skip]);
  return seen;
}
