import { lazy } from 'react';
import type { ModalBodies, ModalBodyProps } from '../features/modals';

/**
 * Bodies of the modals whose features exist; every other modal shows its generic body
 * (title, description and buttons from content). Loaded on first open.
 */
const CategoriesBody = lazy(async () => {
  const { CategoriesModalBody } = await import('../features/games/ModalBodies');
  return { default: ({ close }: ModalBodyProps) => <CategoriesModalBody close={() => void close()} /> };
});

const ProvidersBody = lazy(async () => {
  const { ProvidersModalBody } = await import('../features/games/ModalBodies');
  return { default: ({ close }: ModalBodyProps) => <ProvidersModalBody close={() => void close()} /> };
});

export const MODAL_BODIES: ModalBodies = {
  categories: CategoriesBody,
  providers: ProvidersBody,
};
