import { useCallback } from 'react';
import { useModals } from './context';
import { isModalName } from './registry';

/**
 * Opens a modal by name; `value` is the modal's query value (`wallet` → `tab`). A thin
 * adapter so that callers need not know the modal system's option shape.
 */
export function useOpenModal() {
  const { open } = useModals();
  return useCallback(
    (name: string, options: { value?: string; props?: Record<string, unknown> } = {}) => {
      if (!isModalName(name)) return;
      open(name, { props: { ...(options.value ? { tab: options.value } : {}), ...options.props } });
    },
    [open],
  );
}
