export {
  AFFILIATE_COOKIE,
  AFFILIATE_PARAM,
  DEFAULT_AFFILIATE_DAYS,
  captureAffiliateTag,
  isValidAffiliateTag,
} from './affiliate';
export {
  setAnalyticsSink,
  setAnalyticsUser,
  track,
  type AnalyticsEvent,
  type AnalyticsPayload,
  type AnalyticsSink,
  type BalancePopupEvent,
  type RegistrationEvent,
  type RegType,
  type WalletEvent,
  type WalletOperationType,
  type WalletType,
} from './analytics';
export { VISITOR_ID_KEY, getVisitorId, readStoredVisitorId, scheduleVisitorId } from './fingerprint';
