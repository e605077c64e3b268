/**
 * Every modal screen of the site: its name, who may open it, its content key in the
 * `modals` content group, the URL query key that opens it (if any) and how it closes.
 * Plain data, no React: the gating, query and generic-body code all read it.
 */

export const MODAL_NAMES = [
  // Guests only
  'sign-in',
  'forgot-pass',
  'reset-pass',
  'sign-up',
  // Logged-in only
  'deposit-error',
  'deposit-success',
  'deposit-pending',
  'deposit-redirect',
  'wallet',
  'equivalent-currency',
  'wallet-region',
  'quests-hub',
  'quest-rewards',
  'quest-tasks',
  'quest-task-games',
  'wallet-bonus-info',
  'loyalty-level',
  'turn-over-wager',
  'add-cash-limit',
  'edit-cash-limit',
  'game-limit-reached',
  'self-exclusion-limit',
  'cooling-off-limit',
  'bonus-cancel-lock',
  'change-active-bonus',
  'cancel-active-bonus',
  'cancel-issued-bonus',
  'cancel-unsettled-bonus',
  'cancel-freespins',
  'package-bonus',
  'bonus-details',
  'max-bets',
  'restricted-bets',
  // Open to all
  'sign-up-cancel',
  'cancel-deposit',
  'profile-confirmed',
  'mobile-game',
  'loyalty-earn',
  'demo-game',
  'categories',
  'providers',
  'geo-restricted-game',
  'geo-restricted-type',
  'success',
] as const;

export type ModalName = (typeof MODAL_NAMES)[number];

/** Who may see a modal: `guest` (signed out only), `player` (signed in only) or `all`. */
export type ModalAccess = 'guest' | 'player' | 'all';

/** Width class of the dialog. */
export type ModalSize = 'sm' | 'md' | 'lg';

/**
 * A button of the generic body. `key` is a text key under the modal's content key (for
 * example `ok` → `modals:success.ok`). Before its default behaviour the button calls
 * `props.onAction(key)` when the opener passed such a function.
 * - `close`: closes this modal, and also (forced, past any close guard) the modals named
 *   in `closeAlso`;
 * - `open`: closes this modal and opens `modal` (with `props`);
 * - `navigate`: closes this modal and navigates to `to` (a path without locale prefix).
 */
export type ModalAction = { key: string; primary?: boolean } & (
  | { kind: 'close'; closeAlso?: readonly ModalName[] }
  | { kind: 'open'; modal: ModalName; props?: Readonly<Record<string, unknown>> }
  | { kind: 'navigate'; to: string }
);

/** How a URL query key maps to a modal. */
export interface ModalQuery {
  /** The query key, e.g. `sign-up` in `/?sign-up=true`. */
  key: string;
  /**
   * Values that open the modal; the value is passed as the prop named by `valueProp`.
   * Without `values`, any value except `false` and `0` opens it (a bare key too).
   */
  values?: readonly string[];
  valueProp?: string;
  /** Other query keys passed as props of the same name (and removed when it closes). */
  params?: readonly string[];
}

export interface ModalDefinition {
  name: ModalName;
  access: ModalAccess;
  /** camelCase key in the `modals` content group. */
  contentKey: string;
  /** Sub-key under `contentKey` for screens that share one content key. */
  contentVariant?: string;
  query?: ModalQuery;
  /** Whether a click on the backdrop closes it (Escape and the close button always do). */
  closeOnOutsideClick: boolean;
  size: ModalSize;
  /**
   * The registered body renders its own heading (it must give it the `titleId` it is
   * passed). Otherwise the dialog renders the title from content above the body.
   */
  customHeader?: boolean;
  /** Buttons of the generic body (used while no body is registered). */
  actions?: readonly ModalAction[];
}

type Options = Partial<Omit<ModalDefinition, 'name' | 'access' | 'contentKey'>>;

function define(name: ModalName, access: ModalAccess, contentKey: string, options: Options = {}): ModalDefinition {
  return { name, access, contentKey, closeOnOutsideClick: true, size: 'sm', ...options };
}

const close = (key: string, extra: { primary?: boolean; closeAlso?: readonly ModalName[] } = {}): ModalAction => ({
  key,
  kind: 'close',
  primary: extra.primary ?? true,
  ...(extra.closeAlso ? { closeAlso: extra.closeAlso } : {}),
});
const navigate = (key: string, to: string): ModalAction => ({ key, kind: 'navigate', to, primary: true });
const flag = (key: string): ModalQuery => ({ key });

/** Bonus confirmation screens: `confirm` is secondary so that keeping the bonus is the default. */
const bonusConfirmActions: readonly ModalAction[] = [close('cancel'), close('confirm', { primary: false })];

const definitions: readonly ModalDefinition[] = [
  define('sign-in', 'guest', 'signIn', {
    query: flag('sign-in'),
    closeOnOutsideClick: false,
    size: 'lg',
    customHeader: true,
  }),
  define('forgot-pass', 'guest', 'forgotPass', { query: flag('forgot-pass') }),
  define('reset-pass', 'guest', 'resetPass', { query: { key: 'reset-pass', params: ['resetCode'] } }),
  define('sign-up', 'guest', 'signUp', { query: flag('sign-up'), size: 'lg', customHeader: true }),

  define('deposit-error', 'player', 'depositError', {
    query: flag('deposit-error'),
    actions: [
      { key: 'retry', kind: 'open', modal: 'wallet', props: { tab: 'deposit' }, primary: true },
      { key: 'contactSupport', kind: 'navigate', to: '/contact' },
    ],
  }),
  define('deposit-success', 'player', 'depositSuccess', {
    query: flag('deposit-success'),
    actions: [navigate('play', '/casino')],
  }),
  define('deposit-pending', 'player', 'depositPending', { query: flag('deposit-pending'), actions: [close('ok')] }),
  define('deposit-redirect', 'player', 'depositRedirect', {
    query: flag('deposit-redirect'),
    actions: [close('continue'), close('cancel', { primary: false })],
  }),
  define('wallet', 'player', 'wallet', {
    query: { key: 'wallet', values: ['deposit', 'withdraw'], valueProp: 'tab' },
    size: 'lg',
    customHeader: true,
  }),
  define('equivalent-currency', 'player', 'equivalentCurrency'),
  define('wallet-region', 'player', 'walletRegion', { size: 'md' }),
  define('quests-hub', 'player', 'questsHub', { size: 'lg' }),
  define('quest-rewards', 'player', 'questRewards', { actions: [close('close')] }),
  define('quest-tasks', 'player', 'questTasks', { size: 'md' }),
  define('quest-task-games', 'player', 'questTaskGames', { size: 'md' }),
  define('wallet-bonus-info', 'player', 'walletBonusInfo', { actions: [close('close')] }),
  define('loyalty-level', 'player', 'loyaltyLevel', { actions: [navigate('cta', '/loyalty')] }),
  define('turn-over-wager', 'player', 'turnOverWager', { actions: [close('ok')] }),
  define('add-cash-limit', 'player', 'addCashLimit', { size: 'md' }),
  define('edit-cash-limit', 'player', 'editCashLimit', { size: 'md' }),
  define('game-limit-reached', 'player', 'gameLimitReached', {
    actions: [navigate('viewLimits', '/profile/limits'), close('close', { primary: false })],
  }),
  define('self-exclusion-limit', 'player', 'selfExclusionLimit', { size: 'md' }),
  define('cooling-off-limit', 'player', 'coolingOffLimit', { size: 'md' }),
  define('bonus-cancel-lock', 'player', 'bonusCancelLock', { actions: [close('ok')] }),
  define('change-active-bonus', 'player', 'bonusConfirmAction', {
    contentVariant: 'changeActiveBonus',
    actions: bonusConfirmActions,
  }),
  define('cancel-active-bonus', 'player', 'bonusConfirmAction', {
    contentVariant: 'cancelActiveBonus',
    actions: bonusConfirmActions,
  }),
  define('cancel-issued-bonus', 'player', 'bonusConfirmAction', {
    contentVariant: 'cancelIssuedBonus',
    actions: bonusConfirmActions,
  }),
  define('cancel-unsettled-bonus', 'player', 'cancelUnsettledBonus', { actions: bonusConfirmActions }),
  define('cancel-freespins', 'player', 'bonusConfirmAction', {
    contentVariant: 'cancelFreespins',
    actions: bonusConfirmActions,
  }),
  define('package-bonus', 'player', 'packageBonus', { size: 'md' }),
  define('bonus-details', 'player', 'bonusDetails', { size: 'md' }),
  define('max-bets', 'player', 'maxBets', { actions: [close('ok')] }),
  define('restricted-bets', 'player', 'restrictedBets', { actions: [close('ok')] }),

  define('sign-up-cancel', 'all', 'signUpCancel', {
    actions: [close('cancel'), close('confirm', { primary: false, closeAlso: ['sign-up'] })],
  }),
  define('cancel-deposit', 'all', 'cancelDeposit', {
    actions: [close('cancel'), close('confirm', { primary: false, closeAlso: ['wallet'] })],
  }),
  define('profile-confirmed', 'all', 'profileConfirmed', {
    query: flag('profile-confirmed'),
    actions: [navigate('cta', '/casino')],
  }),
  define('mobile-game', 'all', 'mobileGame', { actions: [close('playReal'), close('playDemo', { primary: false })] }),
  define('loyalty-earn', 'all', 'loyaltyEarn', { actions: [close('ok')] }),
  define('demo-game', 'all', 'demoGame', {
    actions: [{ key: 'signUp', kind: 'open', modal: 'sign-up', primary: true }, close('continue', { primary: false })],
  }),
  define('categories', 'all', 'categories', { size: 'lg' }),
  define('providers', 'all', 'providers', { size: 'lg' }),
  define('geo-restricted-game', 'all', 'geoRestrictedGame', { actions: [navigate('browse', '/casino')] }),
  define('geo-restricted-type', 'all', 'geoRestrictedType', { actions: [close('ok')] }),
  define('success', 'all', 'success', { actions: [close('ok')] }),
];

export const MODAL_REGISTRY: Readonly<Record<ModalName, ModalDefinition>> = Object.fromEntries(
  definitions.map((definition) => [definition.name, definition]),
) as Record<ModalName, ModalDefinition>;

export function isModalName(value: string): value is ModalName {
  return (MODAL_NAMES as readonly string[]).includes(value);
}

export function getModalDefinition(name: ModalName): ModalDefinition {
  return MODAL_REGISTRY[name];
}

/** The modals tied to a URL query key, in registry order. */
export const QUERY_MODALS: readonly ModalDefinition[] = definitions.filter((definition) => definition.query);

/** Content keys of a modal's title, description and texts: the variant first, then the shared key. */
export function modalTextKeys(definition: ModalDefinition, text: string): string[] {
  return definition.contentVariant
    ? [`${definition.contentKey}.${definition.contentVariant}.${text}`, `${definition.contentKey}.${text}`]
    : [`${definition.contentKey}.${text}`];
}
