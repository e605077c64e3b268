export {
  COOKIES_ACCEPTED_KEY,
  DRAWER_COMPACT_KEY,
  browserStorage,
  createLayoutStore,
  type LayoutActions,
  type LayoutState,
  type LayoutStore,
  type StorageLike,
} from './store';
export { LayoutProvider, useLayout, type LayoutProviderProps, type UseLayout } from './LayoutProvider';
export {
  TOAST_ANIMATION_MS,
  TOAST_DURATION_MS,
  TOAST_SPACING_MS,
  createToastQueue,
  type Toast,
  type ToastInput,
  type ToastPhase,
  type ToastType,
} from './toast-queue';
export { ToastProvider, useToasts, type ToastApi, type ToastProviderProps } from './ToastProvider';
export { CookiePopup, type CookiePopupProps } from './CookiePopup';
export { LiveChat, type LiveChatProps } from './LiveChat';
export { shouldLoadLiveChat, liveChatScriptUrl, type LiveChatConfig } from './live-chat';
