import { describe, expect, it } from 'vitest';
import {
  addressReducer,
  bonusToSend,
  choiceNeedsSending,
  firstShowing,
  initialAddressState,
  type AddressState,
} from './cryptoAddress';

const shown = (request: number, address: string): AddressState => ({ status: 'shown', request, address });

describe('crypto address view', () => {
  it('goes back to loading at once when the network changes, with a newer request', () => {
    const state = addressReducer(shown(1, 'bc1qold'), { type: 'request' });
    expect(state).toEqual({ status: 'loading', request: 2 });
  });

  it('ignores the answer to an earlier network', () => {
    let state = addressReducer(initialAddressState, { type: 'request' });
    state = addressReducer(state, { type: 'request' });
    expect(addressReducer(state, { type: 'answered', request: 1, address: 'bc1qold' })).toBe(state);
    expect(addressReducer(state, { type: 'answered', request: 2, address: '0xnew', tag: '7' })).toEqual({
      status: 'shown',
      request: 2,
      address: '0xnew',
      tag: '7',
      qr: undefined,
    });
  });

  it('shows a refused request (422) with its field errors instead of loading forever', () => {
    const loading = addressReducer(initialAddressState, { type: 'request' });
    expect(
      addressReducer(loading, { type: 'failed', request: 1, fieldErrors: { crypto_network: 'Unknown network.' } }),
    ).toEqual({ status: 'failed', request: 1, fieldErrors: { crypto_network: 'Unknown network.' } });
    // An answer without an address is a failure too; a retry loads again.
    const failed = addressReducer(loading, { type: 'answered', request: 1, address: undefined });
    expect(failed).toEqual({ status: 'failed', request: 1, fieldErrors: {} });
    expect(addressReducer(failed, { type: 'request' }).status).toBe('loading');
  });

  it('reports each address shown once to the funnel', () => {
    const reported = new Set<string>();
    expect(firstShowing(reported, 'bc1qa')).toBe(true);
    expect(firstShowing(reported, 'bc1qa')).toBe(false);
    expect(firstShowing(reported, 'rXRP', '100001')).toBe(true);
    expect(firstShowing(reported, 'rXRP', '100002')).toBe(true);
  });
});

describe('crypto deposit bonus choice', () => {
  const base = { selectedId: 'welcome-1', refusedId: null, sentId: null, offersLoading: false, addressShown: true };

  it('sends the selection again once it differs from what the server holds', () => {
    // The first address was asked for before the offers arrived (no bonus); the default came since.
    expect(choiceNeedsSending(base)).toBe(true);
    expect(choiceNeedsSending({ ...base, sentId: 'welcome-1' })).toBe(false);
    // A decline after a bonus.
    expect(choiceNeedsSending({ ...base, selectedId: null, sentId: 'welcome-1' })).toBe(true);
  });

  it('waits for the offers and for an address (whose request carries the choice)', () => {
    expect(choiceNeedsSending({ ...base, offersLoading: true })).toBe(false);
    expect(choiceNeedsSending({ ...base, addressShown: false })).toBe(false);
  });

  it('sends a refused bonus as none until the picker selects another', () => {
    expect(bonusToSend({ selectedId: 'welcome-1', refusedId: 'welcome-1' })).toBeNull();
    expect(bonusToSend({ selectedId: 'reload', refusedId: 'welcome-1' })).toBe('reload');
    expect(choiceNeedsSending({ ...base, refusedId: 'welcome-1', sentId: 'welcome-1' })).toBe(true);
    expect(choiceNeedsSending({ ...base, refusedId: 'welcome-1', sentId: null })).toBe(false);
  });
});
