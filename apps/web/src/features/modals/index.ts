export {
  MODAL_NAMES,
  MODAL_REGISTRY,
  QUERY_MODALS,
  getModalDefinition,
  isModalName,
  modalTextKeys,
  type ModalAccess,
  type ModalAction,
  type ModalDefinition,
  type ModalName,
  type ModalQuery,
  type ModalSize,
} from './registry';
export { gateModal, isAllowed, type GateContext, type GateDecision } from './gating';
export {
  MODAL_BASE_Z_INDEX,
  MODAL_TRANSITION_MS,
  MODAL_Z_INDEX_STEP,
  modalZIndex,
  type ModalEntry,
  type ModalLifecycleState,
  type ModalStack,
} from './stack';
export type { CloseGuard, CloseOptions, OpenResult, PendingModal } from './controller';
export { modalsFromQuery, type QueryModalRequest } from './query';
export { useModals, type ModalBodies, type ModalBodyProps, type ModalsApi, type OpenModalOptions } from './context';
export { ModalProvider, type ModalProviderProps } from './ModalProvider';
export { ModalHost } from './ModalHost';
export { useOpenModal } from './open-modal';
export { ModalsContext } from './context';
