import { describe, expect, it } from 'vitest';
import { MODAL_NAMES, MODAL_REGISTRY, QUERY_MODALS, isModalName, modalTextKeys, type ModalName } from './registry';

// The modal names by who may open them (docs/web-client.md, Modals), list by list.
const GUESTS_ONLY = ['sign-in', 'forgot-pass', 'reset-pass', 'sign-up'];
const LOGGED_IN_ONLY = [
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
];
const OPEN_TO_ALL = [
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
];

describe('modal registry', () => {
  it('registers exactly the expected modal names', () => {
    expect([...MODAL_NAMES].sort()).toEqual([...GUESTS_ONLY, ...LOGGED_IN_ONLY, ...OPEN_TO_ALL].sort());
    expect(new Set(MODAL_NAMES).size).toBe(MODAL_NAMES.length);
    expect(Object.keys(MODAL_REGISTRY).sort()).toEqual([...MODAL_NAMES].sort());
  });

  it.each([
    ['guest', GUESTS_ONLY],
    ['player', LOGGED_IN_ONLY],
    ['all', OPEN_TO_ALL],
  ] as const)('gives access %s exactly to its list', (access, names) => {
    const actual = MODAL_NAMES.filter((name) => MODAL_REGISTRY[name].access === access);
    expect([...actual].sort()).toEqual([...names].sort());
  });

  it('names each definition after its key', () => {
    for (const name of MODAL_NAMES) expect(MODAL_REGISTRY[name].name).toBe(name);
  });

  it('uses the camelCase of the name as content key, except the shared bonus confirmation', () => {
    const shared: ModalName[] = [
      'change-active-bonus',
      'cancel-active-bonus',
      'cancel-issued-bonus',
      'cancel-freespins',
    ];
    for (const name of MODAL_NAMES) {
      const expected = shared.includes(name)
        ? 'bonusConfirmAction'
        : name.replace(/-([a-z])/g, (_, letter: string) => letter.toUpperCase());
      expect(MODAL_REGISTRY[name].contentKey, name).toBe(expected);
    }
  });

  it('lets the shared bonus confirmation screens fall back to the shared texts', () => {
    expect(modalTextKeys(MODAL_REGISTRY['cancel-active-bonus'], 'title')).toEqual([
      'bonusConfirmAction.cancelActiveBonus.title',
      'bonusConfirmAction.title',
    ]);
    expect(modalTextKeys(MODAL_REGISTRY.success, 'ok')).toEqual(['success.ok']);
  });

  it('ties the URL query keys to their modals', () => {
    const keys = Object.fromEntries(QUERY_MODALS.map((definition) => [definition.name, definition.query?.key]));
    expect(keys).toMatchObject({
      'sign-in': 'sign-in',
      'sign-up': 'sign-up',
      'reset-pass': 'reset-pass',
      'profile-confirmed': 'profile-confirmed',
      'deposit-success': 'deposit-success',
      'deposit-error': 'deposit-error',
      'deposit-redirect': 'deposit-redirect',
      wallet: 'wallet',
    });
    expect(MODAL_REGISTRY.wallet.query?.values).toEqual(['deposit', 'withdraw']);
    expect(MODAL_REGISTRY['reset-pass'].query?.params).toEqual(['resetCode']);
    const allKeys = QUERY_MODALS.map((definition) => definition.query?.key);
    expect(new Set(allKeys).size).toBe(allKeys.length);
  });

  it('keeps sign-in open on an outside click, and only sign-in', () => {
    expect(MODAL_REGISTRY['sign-in'].closeOnOutsideClick).toBe(false);
    expect(MODAL_NAMES.filter((name) => !MODAL_REGISTRY[name].closeOnOutsideClick)).toEqual(['sign-in']);
  });

  it('points generic-body actions at registered modals', () => {
    for (const name of MODAL_NAMES) {
      for (const action of MODAL_REGISTRY[name].actions ?? []) {
        if (action.kind === 'open') expect(isModalName(action.modal)).toBe(true);
        if (action.kind === 'close') for (const other of action.closeAlso ?? []) expect(isModalName(other)).toBe(true);
        if (action.kind === 'navigate') expect(action.to.startsWith('/')).toBe(true);
      }
    }
  });

  it('recognises modal names', () => {
    expect(isModalName('wallet')).toBe(true);
    expect(isModalName('casino')).toBe(false);
  });
});
